import { describe, expect, it } from 'vitest';
import { MODEL_PRESETS, type OffPeakHours } from '../../contract/modelPresets';
import { offPeakFrom } from '../../contract/offPeak';

/* When an economy task on an off-peak provider may call its model: the provider's hours, in its own time zone. */

const deepseek = MODEL_PRESETS.find((p) => p.id === 'deepseek')?.offPeak as OffPeakHours;
const from = (iso: string, hours = deepseek) => offPeakFrom(hours, new Date(iso)).toISOString();

describe("a provider's off-peak hours", () => {
  it("follow DeepSeek's weekday peak windows, Beijing time", () => {
    // Monday 10:00 Beijing (peak) → 12:00; 13:00 (off-peak) → at once; 15:59:30 → 18:00.
    expect(from('2026-11-30T02:00:00.000Z')).toBe('2026-11-30T04:00:00.000Z');
    expect(from('2026-11-30T05:00:00.000Z')).toBe('2026-11-30T05:00:00.000Z');
    expect(from('2026-11-30T07:59:30.000Z')).toBe('2026-11-30T10:00:00.000Z');
    // Saturday 10:00 Beijing: no peak at the weekend.
    expect(from('2026-11-28T02:00:00.000Z')).toBe('2026-11-28T02:00:00.000Z');
    // Monday 08:59 Beijing is Sunday evening in UTC: off-peak, the weekday is Beijing's.
    expect(from('2026-11-30T00:59:00.000Z')).toBe('2026-11-30T00:59:00.000Z');
  });

  it('run on past midnight, and windows that meet run on into each other', () => {
    // Peak 08:30–00:30 Beijing every day: off-peak 16:30–00:30 UTC.
    const daily = [0, 1, 2, 3, 4, 5, 6];
    const night: OffPeakHours = { timeZone: 'Asia/Shanghai', peak: [{ days: daily, from: '08:30', to: '00:30' }] };
    expect(from('2026-11-30T10:00:00.000Z', night)).toBe('2026-11-30T16:30:00.000Z');
    expect(from('2026-11-30T16:00:00.000Z', night)).toBe('2026-11-30T16:30:00.000Z');
    expect(from('2026-11-30T17:00:00.000Z', night)).toBe('2026-11-30T17:00:00.000Z');
    const meeting: OffPeakHours = {
      timeZone: 'UTC',
      peak: [
        { days: daily, from: '09:00', to: '12:00' },
        { days: daily, from: '12:00', to: '14:00' },
      ],
    };
    expect(from('2026-11-30T10:00:00.000Z', meeting)).toBe('2026-11-30T14:00:00.000Z');
  });
});
