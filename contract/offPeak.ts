import type { OffPeakHours } from './modelPresets';

/**
 * A provider's off-peak hours, reckoned in its own time zone: whether a moment is off-peak, and
 * when off-peak hours start next (an economy task's calls wait for them).
 */

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** The weekday (0 = Sunday) and minute of the day at `at` in `timeZone`. */
function clockIn(timeZone: string, at: Date) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {});
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday);
  return { day, minute: (Number(parts.hour) % 24) * 60 + Number(parts.minute) };
}

/** When the peak window `at` is in ends; null when `at` is off-peak. */
function peakEndAfter(hours: OffPeakHours, at: Date): Date | null {
  const { day, minute } = clockIn(hours.timeZone, at);
  const minuteStart = Math.floor(at.getTime() / 60_000) * 60_000;
  const after = (minutes: number) => new Date(minuteStart + minutes * 60_000);
  for (const window of hours.peak) {
    const from = minutesOf(window.from);
    const to = minutesOf(window.to);
    const today = window.days.includes(day);
    if (from < to) {
      if (today && minute >= from && minute < to) return after(to - minute);
    } else {
      // A window past midnight: begun today, or begun yesterday and not yet over.
      if (today && minute >= from) return after(24 * 60 - minute + to);
      if (window.days.includes((day + 6) % 7) && minute < to) return after(to - minute);
    }
  }
  return null;
}

/** The first off-peak moment from `now` on: `now` itself when off-peak. */
export function offPeakFrom(hours: OffPeakHours, now: Date): Date {
  let at = now;
  // Windows that meet run on into each other; a week of them is the most there can be.
  for (let i = 0; i < 7 * 24; i++) {
    const end = peakEndAfter(hours, at);
    if (!end) return at;
    at = end;
  }
  return at;
}
