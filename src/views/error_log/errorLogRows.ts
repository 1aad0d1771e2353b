import { errorLogEntryOf } from '../../../contract/errorLogEntry';
import type { ErrorLogRecord, ErrorLogType } from '../../../contract/schemas/errorLog';
import type { ErrorLogEntry } from '../../shared/errorLogEntry';

/** One row of the error-log page: an entry the server holds, or one this browser has not delivered yet. */
export interface ErrorLogRow extends ErrorLogEntry {
  key: string;
  /** Who reported it (for an undelivered entry: the signed-in account). */
  username: string;
  /** When the server received it; null while the entry is not sent yet. */
  receivedAt: string | null;
}

/** The page's filters, as the list machine holds them. */
export interface ErrorLogFilters {
  type?: ErrorLogType;
  keyword?: string;
  all?: 1;
}

export const deliveredRow = (record: ErrorLogRecord): ErrorLogRow => ({
  ...errorLogEntryOf(record),
  key: `server-${record.id}`,
  username: record.username,
  receivedAt: record.created_at,
});

/** The server's filter rule (server/db/errorLog.ts), so undelivered rows show under the same filters. */
function matches(entry: ErrorLogEntry, filters: ErrorLogFilters): boolean {
  if (filters.type && entry.type !== filters.type) return false;
  const keyword = filters.keyword?.trim().toLowerCase();
  return !keyword || [entry.message, entry.url, entry.name, entry.file].some((field) => field.toLowerCase().includes(keyword));
}

/** This browser's entries still on their way to the server, newest first. */
export function undeliveredRows(entries: readonly ErrorLogEntry[], username: string, filters: ErrorLogFilters): ErrorLogRow[] {
  return entries
    .filter((entry) => matches(entry, filters))
    .map((entry, index) => ({ ...errorLogEntryOf(entry), key: `pending-${index}-${entry.time}`, username, receivedAt: null }));
}
