import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import dayjs from 'dayjs';
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
  type ArticleSummary,
} from '../../../contract/schemas/article';
import * as q from '../../db/articles';
import { addArticle, articleCode, articleKind, articleOf, deleteArticle, editArticle, importArticle } from '../../domain/articles';
import { invalid } from '../../domain/errors';
import { authOf } from '../authPlugin';
import { syncPublications } from '../../domain/publishTasks';
import { dateTime } from '../dateTime';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['article'];

const toSummary = (row: q.ArticleSummaryRow): ArticleSummary => ({
  id: row.id,
  title: row.title,
  keyword: row.keyword,
  slug: row.slug,
  site_id: row.siteId,
  task_id: row.taskId,
  category_id: row.categoryId,
  status: row.status as ArticleSummary['status'],
  source: row.source,
  writer: row.writer,
  kind: articleKind(row.writer),
  seo_score: row.seoScore,
  word_count: row.wordCount,
  cover_url: row.coverUrl,
  created_at: dateTime(row.createdAt),
  updated_at: dateTime(row.updatedAt),
});

const toDetail = (row: q.ArticleRow) => ({
  ...toSummary(row),
  language: row.language,
  meta_title: row.metaTitle,
  meta_description: row.metaDescription,
  body: row.body,
  outline: row.outline,
  faq: row.faq,
  images: row.images,
  seo_checks: row.seoChecks,
});

/** `YYYY-MM-DD` means the whole day (from its start, to its end). */
function dateBound(value: string | undefined, field: string, end: boolean): Date | undefined {
  if (!value) return undefined;
  const at = dayjs(value.length === 10 ? `${value} ${end ? '23:59:59.999' : '00:00:00'}` : value);
  if (!at.isValid()) throw invalid(`${field}: "${value}" is not a date`);
  return at.toDate();
}

/** Articles: list (filters, page or keyset cursor), detail with its SEO checks, add, edit, delete, import, code. */
const articleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(ApiPath.articleList, { config: { keyScope: 'read', permission: 'signedIn' }, schema: { tags, querystring: ArticleListQuery, response: { 200: Reply(ArticleList), ...replies } } }, async (request) => {
    const { page = 1, page_size = 20, cursor, title, keyword, site_id, task_id, status, date_from, date_to } = request.query;
    const filter = { title, keyword, siteId: site_id, taskId: task_id, status, from: dateBound(date_from, 'date_from', false), to: dateBound(date_to, 'date_to', true) };
    const { rows, total } = await q.listArticles(ctx.db, authOf(request).account.id, filter, {
      limit: page_size,
      offset: (page - 1) * page_size,
      afterId: cursor ? Number(cursor) : undefined,
    });
    const last = rows.at(-1);
    return ok({ list: rows.map(toSummary), total, next_cursor: rows.length === page_size && last ? String(last.id) : null });
  });

  app.get(ApiPath.articleDetail, { config: { keyScope: 'read', permission: 'signedIn' }, schema: { tags, querystring: ArticleDetailQuery, response: { 200: Reply(ArticleDetail), ...replies } } }, async (request) =>
    ok(toDetail(await articleOf(ctx, authOf(request).account.id, request.query.id))),
  );

  app.post(ApiPath.articleAdd, { config: { keyScope: 'generate', permission: 'article:add' }, schema: { tags, body: ArticleAddBody, response: { 200: Reply(ArticleDetail), ...replies } } }, async (request) =>
    ok(toDetail(await addArticle(ctx, authOf(request).account.id, request.body))),
  );

  app.put(ApiPath.articleEdit, { config: { keyScope: 'publish', permission: 'article:edit' }, schema: { tags, body: ArticleEditBody, response: { 200: Reply(ArticleDetail), ...replies } } }, async (request) => {
    const edited = await editArticle(ctx, authOf(request).account.id, request.body);
    // Publishing (issue 11): an edit of a published article updates its posts.
    await syncPublications(ctx, authOf(request).account.id, edited.id);
    return ok(toDetail(edited));
  });

  app.delete(ApiPath.articleDel, { config: { keyScope: 'publish', permission: 'article:del' }, schema: { tags, body: IdBody, response: { 200: Reply(Empty), ...replies } } }, async (request) => {
    await deleteArticle(ctx, authOf(request).account.id, request.body.id);
    return ok(null);
  });

  app.post(ApiPath.articleImport, { config: { keyScope: 'generate', permission: 'article:add' }, schema: { tags, body: ArticleImportBody, response: { 200: Reply(ArticleDetail), ...replies } } }, async (request) =>
    ok(toDetail(await importArticle(ctx, authOf(request).account.id, request.body))),
  );

  app.get(ApiPath.articleCode, { config: { keyScope: 'publish', permission: 'signedIn' }, schema: { tags, querystring: ArticleCodeQuery, response: { 200: Reply(ArticleCode), ...replies } } }, async (request) =>
    ok(await articleCode(ctx, authOf(request).account.id, request.query.id)),
  );
};

export default articleRoutes;
