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
import { serve } from '../serve';

const tags = ['article'];

/** Articles: list (filters, page or keyset cursor), detail with its SEO checks, add, edit, delete, import, code. */
const articleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  serve(app, articleEndpoints.articleList, { tags, keyScope: 'read', permission: 'signedIn', replies: withNotFound }, async (request) => {
    return ok(await listArticles(ctx, request.accountId, request.query));
  });

  serve(app, articleEndpoints.articleDetail, { tags, keyScope: 'read', permission: 'signedIn', replies: withNotFound }, async (request) =>
    ok(seoCheckTexts(await articleDetail(ctx, request.accountId, request.query.id), request.language)),
  );

  serve(
    app,
    articleEndpoints.articleAdd,
    { tags, keyScope: 'generate', permission: 'article:add', replies: withNotFound },
    async (request) => ok(seoCheckTexts(await addArticle(ctx, request.accountId, request.body), request.language)),
  );

  serve(
    app,
    articleEndpoints.articleEdit,
    { tags, keyScope: 'publish', permission: 'article:edit', replies: withNotFound },
    async (request) => {
      const edited = await editArticle(ctx, request.accountId, request.body, request.auth?.user.id ?? null);
      // Publishing: an edit of a published article updates its posts.
      await syncPublications(ctx, request.accountId, edited.id);
      return ok(seoCheckTexts(edited, request.language));
    },
  );

  serve(
    app,
    articleEndpoints.articleDel,
    { tags, keyScope: 'publish', permission: 'article:del', replies: withNotFound },
    async (request) => {
      await deleteArticle(ctx, request.accountId, request.body.id);
      return ok(null);
    },
  );

  serve(
    app,
    articleEndpoints.articleImport,
    { tags, keyScope: 'generate', permission: 'article:add', replies: withNotFound },
    async (request) => ok(seoCheckTexts(await importArticle(ctx, request.accountId, request.body), request.language)),
  );

  serve(app, articleEndpoints.articleCode, { tags, keyScope: 'publish', permission: 'signedIn', replies: withNotFound }, async (request) =>
    ok(await articleCode(ctx, request.accountId, request.query.id)),
  );
};

export default articleRoutes;
