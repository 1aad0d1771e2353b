import { Type, type Static } from 'typebox';
import { Body, Id, ListQuery } from './common';
import { ArticleSummary } from './article';
import { MAX_TASK_ITEMS } from './generationTask';

/**
 * The published articles a refresh may take, least recently changed first: all of them, or those
 * unchanged for `older_than_days`, or scoring at most `max_seo_score` (both: either one);
 * `refreshing`: only those a queued refresh holds (a bulk refresh's progress).
 */
export const ArticleRefreshListQuery = ListQuery({
  site_id: Type.Optional(Id),
  older_than_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  max_seo_score: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  refreshing: Type.Optional(Type.Boolean()),
});
export type ArticleRefreshListQuery = Static<typeof ArticleRefreshListQuery>;

export const ArticleRefreshList = Type.Object({ list: Type.Array(ArticleSummary), total: Type.Integer() });
export type ArticleRefreshList = Static<typeof ArticleRefreshList>;

/** What refreshing `count` articles will charge (the same lines the refresh debits). */
export const ArticleRefreshQuoteBody = Body({ count: Type.Integer({ minimum: 1, maximum: MAX_TASK_ITEMS }) });
export type ArticleRefreshQuoteBody = Static<typeof ArticleRefreshQuoteBody>;

/** Published articles to refresh in the background, one queued job each. */
export const ArticleBulkRefreshBody = Body({
  ids: Type.Array(Id, { minItems: 1, maxItems: MAX_TASK_ITEMS, uniqueItems: true }),
});
export type ArticleBulkRefreshBody = Static<typeof ArticleBulkRefreshBody>;

/**
 * The articles queued (charged as each one runs, refunded when it fails); `skipped`: those not
 * queued, being unpublished, missing or already being refreshed.
 */
export const ArticleBulkRefresh = Type.Object({ queued: Type.Array(Type.Integer()), skipped: Type.Array(Type.Integer()) });
export type ArticleBulkRefresh = Static<typeof ArticleBulkRefresh>;
