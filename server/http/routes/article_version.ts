import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { seoCheckTexts } from '../../domain/articles/seoCheckText';
import { listVersions, restoreVersion, versionDetail } from '../../domain/articles/articleVersions';
import { syncPublications } from '../../domain/publishing/tasks';
import { ok, withNotFound } from '../envelope';
import { articleVersionEndpoints } from '../../../contract/endpoints/articleVersion';
import { routesOf } from '../serve';

const tags = ['article'];

/** An article's kept texts: listed, compared with the current text, and brought back. */
const articleVersionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags, replies: withNotFound });

  route(articleVersionEndpoints.articleVersionList, { keyScope: 'read', permission: 'signedIn' }, async (request) =>
    ok(await listVersions(ctx, request.accountId, request.query)),
  );

  route(articleVersionEndpoints.articleVersionDetail, { keyScope: 'read', permission: 'signedIn' }, async (request) =>
    ok(await versionDetail(ctx, request.accountId, request.query.article_id, request.query.number)),
  );

  route(articleVersionEndpoints.articleVersionRestore, { keyScope: 'publish', permission: 'article:edit' }, async (request) => {
    const { article_id, number } = request.body;
    const restored = await restoreVersion(ctx, request.accountId, article_id, number, request.auth?.user.id ?? null);
    // A restored text of a published article goes to its posts, as an edit does.
    await syncPublications(ctx, request.accountId, restored.id);
    return ok(seoCheckTexts(restored, request.language));
  });
};

export default articleVersionRoutes;
