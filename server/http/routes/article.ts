import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { seoCheckTexts } from '../../domain/articles/seoCheckText';
import {
  addArticle,
  articleCode,
  articleDetail,
  deleteArticle,
  editArticle,
  importArticle,
  listArticles,
} from '../../domain/articles/articles';
import { syncPublications } from '../../domain/publishing/tasks';
import { ok, withNotFound } from '../envelope';
import { articleEndpoints } from '../../../contract/endpoints/article';
import { routesOf } from '../serve';

const tags = ['article'];

/** Articles: list (filters, page or keyset cursor), detail with its SEO checks, add, edit, delete, import, code. */
const articleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags, replies: withNotFound });

  route(articleEndpoints.articleList, { keyScope: 'read', permission: 'signedIn' }, async (request) => {
    return ok(await listArticles(ctx, request.accountId, request.query));
  });

  route(articleEndpoints.articleDetail, { keyScope: 'read', permission: 'signedIn' }, async (request) =>
    ok(seoCheckTexts(await articleDetail(ctx, request.accountId, request.query.id), request.language)),
  );

  route(articleEndpoints.articleAdd, { keyScope: 'generate', permission: 'article:add' }, async (request) =>
    ok(seoCheckTexts(await addArticle(ctx, request.accountId, request.body), request.language)),
  );

  route(articleEndpoints.articleEdit, { keyScope: 'publish', permission: 'article:edit' }, async (request) => {
    const edited = await editArticle(ctx, request.accountId, request.body, request.auth?.user.id ?? null);
    // Publishing: an edit of a published article updates its posts.
    await syncPublications(ctx, request.accountId, edited.id);
    return ok(seoCheckTexts(edited, request.language));
  });

  route(articleEndpoints.articleDel, { keyScope: 'publish', permission: 'article:del' }, async (request) => {
    await deleteArticle(ctx, request.accountId, request.body.id);
    return ok(null);
  });

  route(articleEndpoints.articleImport, { keyScope: 'generate', permission: 'article:add' }, async (request) =>
    ok(seoCheckTexts(await importArticle(ctx, request.accountId, request.body), request.language)),
  );

  route(articleEndpoints.articleCode, { keyScope: 'publish', permission: 'signedIn' }, async (request) =>
    ok(await articleCode(ctx, request.accountId, request.query.id)),
  );
};

export default articleRoutes;
