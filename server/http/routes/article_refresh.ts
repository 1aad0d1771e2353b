import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { seoCheckTexts } from '../../domain/articles/seoCheckText';
import { refreshArticle, refreshableArticles } from '../../domain/articles/articleRefresh';
import { queueRefreshes } from '../../domain/articles/articleBulkRefresh';
import { refreshQuote } from '../../domain/money/quote';
import { syncPublications } from '../../domain/publishing/tasks';
import { ok, withNotFound } from '../envelope';
import { articleRefreshEndpoints } from '../../../contract/endpoints/articleRefresh';
import { routesOf } from '../serve';

const tags = ['article'];

/** Refreshing published articles in place: which ones (by age, by score, or all), what it costs, and doing it. */
const articleRefreshRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags, replies: withNotFound });

  route(articleRefreshEndpoints.articleRefreshList, { keyScope: 'read', permission: 'signedIn' }, async (request) =>
    ok(await refreshableArticles(ctx, request.accountId, request.query)),
  );

  route(articleRefreshEndpoints.articleRefreshQuote, { keyScope: 'read', permission: 'article:edit' }, async (request) =>
    ok(refreshQuote(ctx, request.body.count)),
  );

  route(articleRefreshEndpoints.articleRefresh, { keyScope: 'generate', permission: 'article:edit' }, async (request) => {
    const refreshed = await refreshArticle(ctx, request.accountId, request.body.id, request.auth?.user.id ?? null);
    // The same posts are updated (exactly once, by the idempotency key they carry): no new post, the slug unchanged.
    await syncPublications(ctx, request.accountId, refreshed.id);
    return ok(seoCheckTexts(refreshed, request.language));
  });

  // Several at once: answered when queued; each article shows `refreshing` until its job ends.
  route(articleRefreshEndpoints.articleBulkRefresh, { keyScope: 'generate', permission: 'article:edit' }, async (request) =>
    ok(await queueRefreshes(ctx, request.accountId, request.body.ids, request.auth?.user.id ?? null)),
  );
};

export default articleRefreshRoutes;
