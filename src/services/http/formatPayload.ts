import { DATE_FORMAT } from '../../config/constants';

/**
 * Spec §5: before sending, date-like values are formatted YYYY-MM-DD HH:mm:ss and strings trimmed,
 * at any depth. Files, blobs and form data pass untouched.
 */
export function formatPayload<T>(value: T): T {
  return format(value) as T;
}

function format(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return formatDate(value);
  if (isDayjs(value)) return value.format(DATE_FORMAT);
  if (Array.isArray(value)) return value.map(format);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, format(item)]));
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A dayjs value, told as dayjs itself tells one (its `$isDayjsObject` mark), without importing
 * dayjs: the http client is in the login page's first load, dayjs is not.
 */
function isDayjs(value: unknown): value is { format(template: string): string } {
  return typeof value === 'object' && value !== null && (value as { $isDayjsObject?: unknown }).$isDayjsObject === true;
}

/** DATE_FORMAT (YYYY-MM-DD HH:mm:ss) in local time, as dayjs(value).format(DATE_FORMAT) writes it. */
function formatDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const year = String(date.getFullYear()).padStart(4, '0');
  return `${year}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}
