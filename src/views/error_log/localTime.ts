import { formatDateTime } from '../../shared/formatDateTime';

/** An entry's `time` (ISO 8601 from the browser that saw it) as local `YYYY-MM-DD HH:mm:ss`; anything unreadable as sent. */
export function localTime(time: string): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? time : formatDateTime(date);
}
