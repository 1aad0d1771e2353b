/** A list's page as its query asks for it (contract/schemas/common.ts `ListQuery`): `page` from 1. */
export interface PageQuery {
  page?: number;
  page_size?: number;
}

/** The contract's default page size: a list asked without `page_size`. */
const DEFAULT_PAGE_SIZE = 20;

/** The rows a page holds: `limit` rows after the first `offset`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** The window of the page `query` asks for, 20 a page unless asked. */
export const pageWindow = ({ page = 1, page_size = DEFAULT_PAGE_SIZE }: PageQuery): PageWindow => ({
  limit: page_size,
  offset: (page - 1) * page_size,
});
