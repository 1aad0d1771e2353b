import { ApiPath } from '../../../contract/paths';
import type { ArticleBulkRefreshBody, ArticleRefreshListQuery, ArticleRefreshQuoteBody } from '../../../contract/schemas/articleRefresh';
import { http, type CallOptions } from '../http';
import type { ReplyOf } from '../../../contract/endpoint';
import type { articleRefreshEndpoints } from '../../../contract/endpoints/articleRefresh';

/** Refreshing a published article in place: what it costs, and doing it; failures are shown in the dialog. */
const QUIET: CallOptions = { errorMessageMode: 'none' };

export const articleRefreshQuote = (body: ArticleRefreshQuoteBody) =>
  http.post<ReplyOf<typeof articleRefreshEndpoints.articleRefreshQuote>>(ApiPath.articleRefreshQuote, body, QUIET);
export const articleRefresh = (id: number) =>
  http.post<ReplyOf<typeof articleRefreshEndpoints.articleRefresh>>(ApiPath.articleRefresh, { id }, QUIET);
export const articleRefreshList = (params: ArticleRefreshListQuery) =>
  http.get<ReplyOf<typeof articleRefreshEndpoints.articleRefreshList>>(ApiPath.articleRefreshList, params);
export const articleBulkRefresh = (body: ArticleBulkRefreshBody) =>
  http.post<ReplyOf<typeof articleRefreshEndpoints.articleBulkRefresh>>(ApiPath.articleBulkRefresh, body, QUIET);
