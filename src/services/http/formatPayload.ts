import dayjs from 'dayjs';
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
  if (value instanceof Date) return dayjs(value).format(DATE_FORMAT);
  if (dayjs.isDayjs(value)) return value.format(DATE_FORMAT);
  if (Array.isArray(value)) return value.map(format);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, format(item)]));
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
