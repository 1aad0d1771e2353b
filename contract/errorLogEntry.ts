import type { ERROR_LOG_FIELD_LIMITS } from './errorLogLimits';

type ErrorLogEntryField = 'type' | keyof typeof ERROR_LOG_FIELD_LIMITS;

/**
 * Spec §3 "Error log entry": the fields the console records, the server keeps and lists back, and
 * the error-log page shows — picked out of a stored row, a listed record or an undelivered entry.
 */
export function errorLogEntryOf<E extends Record<ErrorLogEntryField, string>>(source: E): Pick<E, ErrorLogEntryField> {
  const { type, message, url, name, file, stack, detail, time } = source;
  return { type, message, url, name, file, stack, detail, time };
}
