import type { TFunction } from 'i18next';
import type { PublishingTask } from '../../../../contract/schemas/publishingTask';

/** "Now", "At 2026-11-25 09:00:00", "3 a day, 09:00–18:00 (Asia/Shanghai)". */
export function scheduleText(t: TFunction, schedule: PublishingTask['schedule']): string {
  if (schedule.kind === 'at') return t('publishing.schedule.at', { at: schedule.at });
  if (schedule.kind === 'drip')
    return t('publishing.schedule.drip', {
      count: schedule.per_day ?? 0,
      start: schedule.start,
      end: schedule.end,
      timezone: schedule.timezone,
    });
  return t('publishing.schedule.now');
}
