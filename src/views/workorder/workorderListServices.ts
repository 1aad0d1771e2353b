import type { Workorder } from '../../../contract/schemas/workorder';
import { filtersSet, type ListPage, type ListQuery } from '../../machines/list.machine';

/** A work order list's page from `fetchList`, its empty filters left out of the query. */
export function workorderListServices(fetchList: (query: { page: number; page_size: number }) => Promise<ListPage<Workorder>>) {
  return {
    fetchPage: ({ page, page_size, filters }: ListQuery) => fetchList({ page, page_size, ...filtersSet(filters) }),
  };
}
