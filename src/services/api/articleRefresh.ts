import { ApiPath } from '../../../contract/paths';
import type { ArticleDetail } from '../../../contract/schemas/article';
import type {
  ArticleBulkRefresh,
  ArticleBulkRefreshBody,
  ArticleRefreshList,
  ArticleRefreshListQuery,
  ArticleRefreshQuoteBody,
} from '../../../contract/schemas/articleRefresh';
import type { Quote } from '../../../contract/schemas/quote';
import { http, type CallOptions } from '../http';

/** Refreshing a published article in place: what it costs, and doing it; failures are shown in the dialog. */
const QUIET: CallOptions = { errorMessageMode: 'none' };

export const articleRefreshQuote = (body: ArticleRefreshQuoteBody) => http.post<Quote>(ApiPath.articleRefreshQuote, body, QUIET);
export const articleRefresh = (id: number) => http.post<ArticleDetail>(ApiPath.articleRefresh, { id }, QUIET);
export const articleRefreshList = (params: ArticleRefreshListQuery) => http.get<ArticleRefreshList>(ApiPath.articleRefreshList, params);
export const articleBulkRefresh = (body: ArticleBulkRefreshBody) => http.post<ArticleBulkRefresh>(ApiPath.articleBulkRefresh, body, QUIET);
