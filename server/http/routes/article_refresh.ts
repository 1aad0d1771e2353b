import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { IdBody } from '../../../contract/schemas/common';
import { ArticleDetail } from '../../../contract/schemas/article';
import {
  ArticleBulkRefresh,
  ArticleBulkRefreshBody,
  ArticleRefreshList,
  ArticleRefreshListQuery,
  ArticleRefreshQuoteBody,
} from '../../../contract/schemas/articleRefresh';
import { Quote } from '../../../contract/schemas/quote';
import { seoCheckTexts } from '../../domain/articles/seoCheckText';
import { refreshArticle, refreshableArticles } from '../../domain/articles/articleRefresh';
import { queueRefreshes } from '../../domain/articles/articleBulkRefresh';
import { refreshQuote } from '../../domain/money/quote';
import { syncPublications } from '../../domain/publishing/tasks';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['article'];

/** Refreshing published articles in place: which ones (by age, by score, or all), what it costs, and doing it. */
const articleRefreshRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ApiPath.articleRefreshList,
    {
      config: { keyScope: 'read', permission: 'signedIn' },
      schema: { tags, querystring: ArticleRefreshListQuery, response: { 200: Reply(ArticleRefreshList), ...replies } },
    },
    async (request) => ok(await refreshableArticles(ctx, request.accountId, request.query)),
  );

  app.post(
    ApiPath.articleRefreshQuote,
    {
      config: { keyScope: 'read', permission: 'article:edit' },
      schema: { tags, body: ArticleRefreshQuoteBody, response: { 200: Reply(Quote), ...replies } },
    },
    async (request) => ok(refreshQuote(ctx, request.body.count)),
  );

  app.post(
    ApiPath.articleRefresh,
    {
      config: { keyScope: 'generate', permission: 'article:edit' },
      schema: { tags, body: IdBody, response: { 200: Reply(ArticleDetail), ...replies } },
    },
    async (request) => {
      const refreshed = await refreshArticle(ctx, request.accountId, request.body.id, request.auth?.user.id ?? null);
      // The same posts are updated (exactly once, by the idempotency key they carry): no new post, the slug unchanged.
      await syncPublications(ctx, request.accountId, refreshed.id);
      return ok(seoCheckTexts(refreshed, request.language));
    },
  );

  // Several at once: answered when queued; each article shows `refreshing` until its job ends.
  app.post(
    ApiPath.articleBulkRefresh,
    {
      config: { keyScope: 'generate', permission: 'article:edit' },
      schema: { tags, body: ArticleBulkRefreshBody, response: { 200: Reply(ArticleBulkRefresh), ...replies } },
    },
    async (request) => ok(await queueRefreshes(ctx, request.accountId, request.body.ids, request.auth?.user.id ?? null)),
  );
};

export default articleRefreshRoutes;
