import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { Empty, IdBody } from '../../../contract/schemas/common';
import {
  ArticleAddBody,
  ArticleCode,
  ArticleCodeQuery,
  ArticleDetail,
  ArticleDetailQuery,
  ArticleEditBody,
  ArticleImportBody,
  ArticleList,
  ArticleListQuery,
} from '../../../contract/schemas/article';
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
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['article'];

/** Articles: list (filters, page or keyset cursor), detail with its SEO checks, add, edit, delete, import, code. */
const articleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ApiPath.articleList,
    {
      config: { keyScope: 'read', permission: 'signedIn' },
      schema: { tags, querystring: ArticleListQuery, response: { 200: Reply(ArticleList), ...replies } },
    },
    async (request) => {
      return ok(await listArticles(ctx, request.accountId, request.query));
    },
  );

  app.get(
    ApiPath.articleDetail,
    {
      config: { keyScope: 'read', permission: 'signedIn' },
      schema: { tags, querystring: ArticleDetailQuery, response: { 200: Reply(ArticleDetail), ...replies } },
    },
    async (request) => ok(seoCheckTexts(await articleDetail(ctx, request.accountId, request.query.id), request.language)),
  );

  app.post(
    ApiPath.articleAdd,
    {
      config: { keyScope: 'generate', permission: 'article:add' },
      schema: { tags, body: ArticleAddBody, response: { 200: Reply(ArticleDetail), ...replies } },
    },
    async (request) => ok(seoCheckTexts(await addArticle(ctx, request.accountId, request.body), request.language)),
  );

  app.put(
    ApiPath.articleEdit,
    {
      config: { keyScope: 'publish', permission: 'article:edit' },
      schema: { tags, body: ArticleEditBody, response: { 200: Reply(ArticleDetail), ...replies } },
    },
    async (request) => {
      const edited = await editArticle(ctx, request.accountId, request.body, request.auth?.user.id ?? null);
      // Publishing: an edit of a published article updates its posts.
      await syncPublications(ctx, request.accountId, edited.id);
      return ok(seoCheckTexts(edited, request.language));
    },
  );

  app.delete(
    ApiPath.articleDel,
    {
      config: { keyScope: 'publish', permission: 'article:del' },
      schema: { tags, body: IdBody, response: { 200: Reply(Empty), ...replies } },
    },
    async (request) => {
      await deleteArticle(ctx, request.accountId, request.body.id);
      return ok(null);
    },
  );

  app.post(
    ApiPath.articleImport,
    {
      config: { keyScope: 'generate', permission: 'article:add' },
      schema: { tags, body: ArticleImportBody, response: { 200: Reply(ArticleDetail), ...replies } },
    },
    async (request) => ok(seoCheckTexts(await importArticle(ctx, request.accountId, request.body), request.language)),
  );

  app.get(
    ApiPath.articleCode,
    {
      config: { keyScope: 'publish', permission: 'signedIn' },
      schema: { tags, querystring: ArticleCodeQuery, response: { 200: Reply(ArticleCode), ...replies } },
    },
    async (request) => ok(await articleCode(ctx, request.accountId, request.query.id)),
  );
};

export default articleRoutes;
