import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { seoCheckTexts } from '../../domain/articles/seoCheckText';
import { refreshArticle, refreshableArticles } from '../../domain/articles/articleRefresh';
import { queueRefreshes } from '../../domain/articles/articleBulkRefresh';
import { refreshQuote } from '../../domain/money/quote';
import { syncPublications } from '../../domain/publishing/tasks';
import { ok, withNotFound } from '../envelope';
import { articleRefreshEndpoints } from '../../../contract/endpoints/articleRefresh';
import { serve } from '../serve';

const tags = ['article'];

/** Refreshing published articles in place: which ones (by age, by score, or all), what it costs, and doing it. */
const articleRefreshRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  serve(
    app,
    articleRefreshEndpoints.articleRefreshList,
    { tags, keyScope: 'read', permission: 'signedIn', replies: withNotFound },
    async (request) => ok(await refreshableArticles(ctx, request.accountId, request.query)),
  );

  serve(
    app,
    articleRefreshEndpoints.articleRefreshQuote,
    { tags, keyScope: 'read', permission: 'article:edit', replies: withNotFound },
    async (request) => ok(refreshQuote(ctx, request.body.count)),
  );

  serve(
    app,
    articleRefreshEndpoints.articleRefresh,
    { tags, keyScope: 'generate', permission: 'article:edit', replies: withNotFound },
    async (request) => {
      const refreshed = await refreshArticle(ctx, request.accountId, request.body.id, request.auth?.user.id ?? null);
      // The same posts are updated (exactly once, by the idempotency key they carry): no new post, the slug unchanged.
      await syncPublications(ctx, request.accountId, refreshed.id);
      return ok(seoCheckTexts(refreshed, request.language));
    },
  );

  // Several at once: answered when queued; each article shows `refreshing` until its job ends.
  serve(
    app,
    articleRefreshEndpoints.articleBulkRefresh,
    { tags, keyScope: 'generate', permission: 'article:edit', replies: withNotFound },
    async (request) => ok(await queueRefreshes(ctx, request.accountId, request.body.ids, request.auth?.user.id ?? null)),
  );
};

export default articleRefreshRoutes;
