import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { Type, type Static } from 'typebox';
import { ApiPath } from '../../../contract/paths';
import { Empty, IdBody, INT_TEXT_PATTERN, ListOf, MAX_ID } from '../../../contract/schemas/common';
import {
  Category,
  CategoryAddBody,
  CategoryFetchBody,
  CategoryFetchResult,
  CategoryListQuery,
  KeywordAddBody,
  KeywordAddResult,
  KeywordDelBody,
  KeywordImportBody,
  KeywordList,
  KeywordListQuery,
  Site,
  SiteAddBody,
  SiteEditBody,
  SiteListQuery,
  SiteTestResult,
  type Keyword,
} from '../../../contract/schemas/site';
import * as q from '../../db/sites';
import { addCategory, addSite, deleteSite, editSite, fetchCategories, siteOf, testSite } from '../../domain/sites';
import { addKeywords, importKeywordFile, importKeywordUpload } from '../../domain/keywords';
import { invalid } from '../../domain/errors';
import { authOf } from '../authPlugin';
import { describeValidationError, validatorCompiler } from '../validation';
import { dateTime } from '../dateTime';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['site'];

export const toSite = (row: q.SiteRow, counts: { total: number; unused: number }): Site => ({
  id: row.id,
  name: row.name,
  url: row.url,
  language: row.language,
  type: row.type as Site['type'],
  status: row.status as Site['status'],
  default_category_id: row.defaultCategoryId,
  has_credentials: row.credentials !== null,
  credentials_hint: row.credentialsHint,
  keyword_count: counts.total,
  unused_keyword_count: counts.unused,
  last_check_ok: row.lastCheckOk,
  last_check_message: row.lastCheckMessage,
  last_check_at: row.lastCheckAt ? dateTime(row.lastCheckAt) : null,
  created_at: dateTime(row.createdAt),
  updated_at: dateTime(row.updatedAt),
});

const toKeyword = (row: q.KeywordRow): Keyword => ({
  id: row.id,
  site_id: row.siteId,
  keyword: row.keyword,
  used: row.usedAt !== null,
  used_at: row.usedAt ? dateTime(row.usedAt) : null,
  created_at: dateTime(row.createdAt),
});

const toCategory = (row: q.CategoryRow): Category => ({ id: row.id, site_id: row.siteId, remote_id: row.remoteId, name: row.name, slug: row.slug });

const idText = new RegExp(INT_TEXT_PATTERN);

/** A keyword file sent directly: multipart with `site_id` and one `file` (CSV or text). */
async function readKeywordMultipart(request: FastifyRequest, maxBytes: number) {
  let siteId: number | null = null;
  let content: Buffer | null = null;
  for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') throw invalid(`${part.fieldname} is not a known field`);
      const buffer = await part.toBuffer();
      if (buffer.length > maxBytes) throw invalid(`file: larger than ${maxBytes} bytes`);
      content = buffer;
    } else if (part.fieldname === 'site_id') {
      const text = String(part.value);
      if (!idText.test(text) || text === '0') throw invalid(`site_id must be an integer from 1 to ${MAX_ID}`);
      siteId = Number(text);
    } else {
      throw invalid(`${part.fieldname} is not a known field`);
    }
  }
  if (siteId === null) throw invalid('site_id is required');
  if (!content) throw invalid('file is required');
  return { siteId, content };
}

/** Sites, their keywords and their categories: each row belongs to the account that added it. */
const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(ApiPath.siteList, { config: { keyScope: 'read', permission: 'signedIn' }, schema: { tags, querystring: SiteListQuery, response: { 200: Reply(ListOf(Site)), ...replies } } }, async (request) => {
    const { page = 1, page_size = 20, name } = request.query;
    const { rows, total } = await q.listSites(ctx.db, authOf(request).account.id, { limit: page_size, offset: (page - 1) * page_size, name });
    return ok({ list: rows.map((r) => toSite(r.site, { total: r.keywordCount, unused: r.unusedCount })), total });
  });

  app.post(ApiPath.siteAdd, { config: { keyScope: 'sites', permission: 'site:add' }, schema: { tags, body: SiteAddBody, response: { 200: Reply(Site), ...replies } } }, async (request) => {
    const row = await addSite(ctx, authOf(request).account.id, request.body);
    return ok(toSite(row, { total: 0, unused: 0 }));
  });

  app.put(ApiPath.siteEdit, { config: { keyScope: 'sites', permission: 'site:edit' }, schema: { tags, body: SiteEditBody, response: { 200: Reply(Site), ...replies } } }, async (request) => {
    const row = await editSite(ctx, authOf(request).account.id, request.body);
    return ok(toSite(row, await q.keywordCounts(ctx.db, row.id)));
  });

  app.delete(ApiPath.siteDel, { config: { keyScope: 'sites', permission: 'site:del' }, schema: { tags, body: IdBody, response: { 200: Reply(Empty), ...replies } } }, async (request) => {
    await deleteSite(ctx, authOf(request).account.id, request.body.id);
    return ok(null);
  });

  app.post(ApiPath.siteTest, { config: { keyScope: 'sites', permission: 'site:edit' }, schema: { tags, body: IdBody, response: { 200: Reply(SiteTestResult), ...replies } } }, async (request) =>
    ok(await testSite(ctx, authOf(request).account.id, request.body.id)),
  );

  app.get(ApiPath.siteKeywordList, { config: { keyScope: 'read', permission: 'signedIn' }, schema: { tags, querystring: KeywordListQuery, response: { 200: Reply(KeywordList), ...replies } } }, async (request) => {
    const { site_id, page = 1, page_size = 20, used, keyword } = request.query;
    const site = await siteOf(ctx, authOf(request).account.id, site_id);
    const [{ rows, total }, counts] = await Promise.all([
      q.listKeywords(ctx.db, site.id, { limit: page_size, offset: (page - 1) * page_size, used: used === undefined ? undefined : used === 1, keyword }),
      q.keywordCounts(ctx.db, site.id),
    ]);
    return ok({ list: rows.map(toKeyword), total, unused: counts.unused });
  });

  app.post(
    ApiPath.siteKeywordAdd,
    { config: { keyScope: 'sites', permission: 'site:edit' }, bodyLimit: 4 * 1024 * 1024, schema: { tags, body: KeywordAddBody, response: { 200: Reply(KeywordAddResult), ...replies, 413: ErrorReply } } },
    async (request) => ok(await addKeywords(ctx, authOf(request).account.id, request.body.site_id, request.body.keywords)),
  );

  // One path takes JSON or multipart, so the JSON body is checked here rather than by the route schema.
  const checkImportBody = validatorCompiler({ schema: KeywordImportBody, method: 'POST', url: ApiPath.siteKeywordImport, httpPart: 'body' });
  app.post(
    ApiPath.siteKeywordImport,
    {
      config: { keyScope: 'sites', permission: 'site:edit' },
      schema: {
        tags,
        description:
          'JSON `{ site_id, upload }` (a CSV or text file uploaded before through common/upload, type "keywords", by the url it returned), or multipart/form-data with `site_id` and `file`. The `keyword` column is used when the first row names one, else the first column.',
        response: { 200: Reply(KeywordAddResult), ...replies, 413: ErrorReply },
      },
    },
    async (request) => {
      const accountId = authOf(request).account.id;
      if (request.isMultipart()) {
        const { siteId, content } = await readKeywordMultipart(request, ctx.config.uploadMaxBytes);
        return ok(await importKeywordFile(ctx, accountId, siteId, content));
      }
      if (!checkImportBody(request.body)) {
        throw invalid(describeValidationError((checkImportBody as unknown as { errors: FastifySchemaValidationError[] }).errors ?? [], 'body'));
      }
      const body = request.body as Static<typeof KeywordImportBody>;
      return ok(await importKeywordUpload(ctx, accountId, body.site_id, body.upload));
    },
  );

  app.delete(ApiPath.siteKeywordDel, { config: { keyScope: 'sites', permission: 'site:edit' }, schema: { tags, body: KeywordDelBody, response: { 200: Reply(Type.Object({ deleted: Type.Integer() })), ...replies } } }, async (request) => {
    const site = await siteOf(ctx, authOf(request).account.id, request.body.site_id);
    return ok({ deleted: await q.deleteKeywords(ctx.db, site.id, request.body.ids) });
  });

  app.get(ApiPath.siteCategoryList, { config: { keyScope: 'read', permission: 'signedIn' }, schema: { tags, querystring: CategoryListQuery, response: { 200: Reply(ListOf(Category)), ...replies } } }, async (request) => {
    const site = await siteOf(ctx, authOf(request).account.id, request.query.site_id);
    const rows = await q.listCategories(ctx.db, site.id);
    return ok({ list: rows.map(toCategory), total: rows.length });
  });

  app.post(ApiPath.siteCategoryAdd, { config: { keyScope: 'sites', permission: 'site:edit' }, schema: { tags, body: CategoryAddBody, response: { 200: Reply(Category), ...replies } } }, async (request) =>
    ok(toCategory(await addCategory(ctx, authOf(request).account.id, request.body))),
  );

  app.post(ApiPath.siteCategoryFetch, { config: { keyScope: 'sites', permission: 'site:edit' }, schema: { tags, body: CategoryFetchBody, response: { 200: Reply(CategoryFetchResult), ...replies } } }, async (request) => {
    const { fetched, list } = await fetchCategories(ctx, authOf(request).account.id, request.body.site_id);
    return ok({ fetched, list: list.map(toCategory), total: list.length });
  });
};

export default siteRoutes;
