import { ApiPath } from '../../../contract/paths';
import { ERROR_LOG_FIELD_LIMITS } from '../../../contract/errorLogLimits';
import type { ErrorLogInput, ErrorLogType } from '../../../contract/schemas/errorLog';
import type { ErrorLogEntry } from '../../shared/errorLogEntry';
import { http } from '../http';

/** An entry cut to the sizes the server accepts (a long stack must not get the whole batch refused). */
export function boundedEntry(entry: ErrorLogEntry): ErrorLogInput {
  const cut = (field: keyof typeof ERROR_LOG_FIELD_LIMITS) => entry[field].slice(0, ERROR_LOG_FIELD_LIMITS[field]);
  return {
    type: entry.type,
    message: cut('message'),
    url: cut('url'),
    name: cut('name'),
    file: cut('file'),
    stack: cut('stack'),
    detail: cut('detail'),
    time: cut('time'),
  };
}

/** Reports a batch of the console's errors; no toast: the error log's own failures stay quiet. */
export const errorLogAdd = (entries: readonly ErrorLogEntry[]) =>
  http.post(ApiPath.errorLogAdd, { entries: entries.map(boundedEntry) }, { errorMessageMode: 'none' });

export interface ErrorLogListQuery {
  page?: number;
  page_size?: number;
  /** Everyone's entries (role admin only; others get 403). */
  all?: boolean;
  type?: ErrorLogType;
  /** Part of the message, url, name or file. */
  keyword?: string;
}

/** The error-log page: the caller's entries, or (role admin, `all`) everyone's; blank filters are left out. */
export const errorLogList = (query: ErrorLogListQuery = {}) =>
  http.get(ApiPath.errorLogList, {
    ...(query.page ? { page: query.page } : {}),
    ...(query.page_size ? { page_size: query.page_size } : {}),
    ...(query.all ? { all: 1 } : {}),
    ...(query.type ? { type: query.type } : {}),
    ...(query.keyword?.trim() ? { keyword: query.keyword.trim() } : {}),
  });
