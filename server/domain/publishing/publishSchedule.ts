/**
 * When each item of a publishing task is due: all now, all at one time, or drip-fed: `perDay`
 * a day between two wall-clock times (HH:MM) in an IANA time zone, evenly spaced (start and end
 * included when more than one), from today on, skipping today's slots already past.
 */
export type Schedule =
  { kind: 'now' } | { kind: 'at'; at: Date } | { kind: 'drip'; perDay: number; start: string; end: string; timezone: string };

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock reading of an instant in a time zone. */
export function wallClock(at: Date, timezone: string): Wall {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: n('year'), month: n('month'), day: n('day'), hour: n('hour'), minute: n('minute') };
}

/** The instant a wall-clock time in a zone names (the earlier one in a DST overlap; a gap moves forward). */
export function zonedInstant(w: Wall, timezone: string): Date {
  const naive = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  let guess = naive;
  for (let i = 0; i < 3; i++) {
    const seen = wallClock(new Date(guess), timezone);
    const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - guess;
    const next = naive - offset;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** The due time of each of `count` items. */
export function dueTimes(schedule: Schedule, count: number, now: Date): Date[] {
  if (schedule.kind === 'now') return Array.from({ length: count }, () => now);
  if (schedule.kind === 'at') return Array.from({ length: count }, () => schedule.at);
  const { perDay, timezone } = schedule;
  const start = minutesOf(schedule.start);
  const end = minutesOf(schedule.end);
  const slots = Array.from({ length: perDay }, (_, k) => (perDay === 1 ? start : start + Math.round((k * (end - start)) / (perDay - 1))));
  const today = wallClock(now, timezone);
  const times: Date[] = [];
  for (let day = 0; times.length < count; day++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + day));
    for (const minute of slots) {
      const at = zonedInstant(
        {
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
          hour: Math.floor(minute / 60),
          minute: minute % 60,
        },
        timezone,
      );
      if (at.getTime() < now.getTime()) continue;
      times.push(at);
      if (times.length === count) break;
    }
  }
  return times;
}
