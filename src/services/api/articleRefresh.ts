import { ApiPath } from '../../../contract/paths';
import type { ArticleBulkRefreshBody, ArticleRefreshListQuery, ArticleRefreshQuoteBody } from '../../../contract/schemas/articleRefresh';
import { http, type CallOptions } from '../http';

/** Refreshing a published article in place: what it costs, and doing it; failures are shown in the dialog. */
const QUIET: CallOptions = { errorMessageMode: 'none' };

export const articleRefreshQuote = (body: ArticleRefreshQuoteBody) => http.post(ApiPath.articleRefreshQuote, body, QUIET);
export const articleRefresh = (id: number) => http.post(ApiPath.articleRefresh, { id }, QUIET);
export const articleRefreshList = (params: ArticleRefreshListQuery) => http.get(ApiPath.articleRefreshList, params);
export const articleBulkRefresh = (body: ArticleBulkRefreshBody) => http.post(ApiPath.articleBulkRefresh, body, QUIET);
