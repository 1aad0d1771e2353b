import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { ArticleDetail } from '../../../contract/schemas/article';
import {
  ArticleVersionDetail,
  ArticleVersionList,
  ArticleVersionListQuery,
  ArticleVersionQuery,
  ArticleVersionRestoreBody,
} from '../../../contract/schemas/articleVersion';
import { seoCheckTexts } from '../../domain/articles/seoCheckText';
import { listVersions, restoreVersion, versionDetail } from '../../domain/articles/articleVersions';
import { syncPublications } from '../../domain/publishing/tasks';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['article'];

/** An article's kept texts: listed, compared with the current text, and brought back. */
const articleVersionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ApiPath.articleVersionList,
    {
      config: { keyScope: 'read', permission: 'signedIn' },
      schema: { tags, querystring: ArticleVersionListQuery, response: { 200: Reply(ArticleVersionList), ...replies } },
    },
    async (request) => ok(await listVersions(ctx, request.accountId, request.query)),
  );

  app.get(
    ApiPath.articleVersionDetail,
    {
      config: { keyScope: 'read', permission: 'signedIn' },
      schema: { tags, querystring: ArticleVersionQuery, response: { 200: Reply(ArticleVersionDetail), ...replies } },
    },
    async (request) => ok(await versionDetail(ctx, request.accountId, request.query.article_id, request.query.number)),
  );

  app.post(
    ApiPath.articleVersionRestore,
    {
      config: { keyScope: 'publish', permission: 'article:edit' },
      schema: { tags, body: ArticleVersionRestoreBody, response: { 200: Reply(ArticleDetail), ...replies } },
    },
    async (request) => {
      const { article_id, number } = request.body;
      const restored = await restoreVersion(ctx, request.accountId, article_id, number, request.auth?.user.id ?? null);
      // A restored text of a published article goes to its posts, as an edit does.
      await syncPublications(ctx, request.accountId, restored.id);
      return ok(seoCheckTexts(restored, request.language));
    },
  );
};

export default articleVersionRoutes;
