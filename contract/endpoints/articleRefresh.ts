import { endpoint } from '../endpoint';
import {
  ArticleBulkRefresh,
  ArticleBulkRefreshBody,
  ArticleRefreshList,
  ArticleRefreshListQuery,
  ArticleRefreshQuoteBody,
} from '../schemas/articleRefresh';
import { Quote } from '../schemas/quote';
import { IdBody } from '../schemas/common';
import { ArticleDetail } from '../schemas/article';
import { ApiPath } from '../paths';

/** Refreshing articles: the list of those due, a quote, one refresh and a bulk refresh. */
export const articleRefreshEndpoints = {
  articleRefreshList: endpoint.get(ApiPath.articleRefreshList, { query: ArticleRefreshListQuery, reply: ArticleRefreshList }),
  articleRefreshQuote: endpoint.post(ApiPath.articleRefreshQuote, { body: ArticleRefreshQuoteBody, reply: Quote }),
  articleRefresh: endpoint.post(ApiPath.articleRefresh, { body: IdBody, reply: ArticleDetail }),
  articleBulkRefresh: endpoint.post(ApiPath.articleBulkRefresh, { body: ArticleBulkRefreshBody, reply: ArticleBulkRefresh }),
};
