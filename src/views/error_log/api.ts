import type { ListQuery } from '../../machines/list.machine';
import { errorLogList } from '../../services/api/errorLog';
import type { ErrorLogFilters } from './errorLogRows';

/** The error log the server holds, a page at a time; `all` (an administrator's) lists every account's. */
export const errorLogRows = {
  fetchPage: ({ page, page_size, filters }: ListQuery) => {
    const { type, keyword, all } = filters as ErrorLogFilters;
    return errorLogList({ page, page_size, type, keyword, all: all === 1 });
  },
};
