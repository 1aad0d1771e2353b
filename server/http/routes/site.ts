import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
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
  SiteUser,
  SiteUsersQuery,
} from '../../../contract/schemas/site';
import {
  addCategory,
  addSite,
  deleteSite,
  editSite,
  fetchCategories,
  listCategories,
  listSites,
  siteUsers,
  testSite,
} from '../../domain/sites/sites';
import { addKeywords, deleteKeywords, importKeywordFile, importKeywordUpload, listKeywords } from '../../domain/sites/keywords';
import { invalid } from '../../domain/errors';
import { invalidPart, validatorCompiler } from '../validation';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['site'];

const idText = new RegExp(INT_TEXT_PATTERN);

/** A keyword file sent directly: multipart with `site_id` and one `file` (CSV or text). */
async function readKeywordMultipart(request: FastifyRequest, maxBytes: number) {
  let siteId: number | null = null;
  let content: Buffer | null = null;
  for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') throw invalid('upload.unknownField', { name: part.fieldname });
      const buffer = await part.toBuffer();
      if (buffer.length > maxBytes) throw invalid('upload.fileTooLarge', { max: maxBytes });
      content = buffer;
    } else if (part.fieldname === 'site_id') {
      const text = String(part.value);
      if (!idText.test(text) || text === '0') throw invalid('upload.siteIdRange', { max: MAX_ID });
      siteId = Number(text);
    } else {
      throw invalid('upload.unknownField', { name: part.fieldname });
    }
  }
  if (siteId === null) throw invalid('upload.siteIdNeeded');
  if (!content) throw invalid('upload.fileNeeded');
  return { siteId, content };
}

/** Sites, their keywords and their categories: each row belongs to the account that added it. */
const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ApiPath.siteList,
    {
      config: { keyScope: 'read', permission: 'signedIn' },
      schema: { tags, querystring: SiteListQuery, response: { 200: Reply(ListOf(Site)), ...replies } },
    },
    async (request) => {
      return ok(await listSites(ctx, request.accountId, request.query, request.language));
    },
  );

  app.post(
    ApiPath.siteAdd,
    {
      config: { keyScope: 'sites', permission: 'site:add' },
      schema: { tags, body: SiteAddBody, response: { 200: Reply(Site), ...replies } },
    },
    async (request) => ok(await addSite(ctx, request.accountId, request.body)),
  );

  app.put(
    ApiPath.siteEdit,
    {
      config: { keyScope: 'sites', permission: 'site:edit' },
      schema: { tags, body: SiteEditBody, response: { 200: Reply(Site), ...replies } },
    },
    async (request) => ok(await editSite(ctx, request.accountId, request.body, request.language)),
  );

  app.delete(
    ApiPath.siteDel,
    { config: { keyScope: 'sites', permission: 'site:del' }, schema: { tags, body: IdBody, response: { 200: Reply(Empty), ...replies } } },
    async (request) => {
      await deleteSite(ctx, request.accountId, request.body.id);
      return ok(null);
    },
  );

  app.post(
    ApiPath.siteTest,
    {
      config: { keyScope: 'sites', permission: 'site:edit' },
      schema: { tags, body: IdBody, response: { 200: Reply(SiteTestResult), ...replies } },
    },
    async (request) => ok(await testSite(ctx, request.accountId, request.body.id, request.language)),
  );

  app.get(
    ApiPath.siteKeywordList,
    {
      config: { keyScope: 'read', permission: 'signedIn' },
      schema: { tags, querystring: KeywordListQuery, response: { 200: Reply(KeywordList), ...replies } },
    },
    async (request) => {
      return ok(await listKeywords(ctx, request.accountId, request.query));
    },
  );

  app.post(
    ApiPath.siteKeywordAdd,
    {
      config: { keyScope: 'sites', permission: 'site:edit' },
      bodyLimit: 4 * 1024 * 1024,
      schema: { tags, body: KeywordAddBody, response: { 200: Reply(KeywordAddResult), ...replies, 413: ErrorReply } },
    },
    async (request) => ok(await addKeywords(ctx, request.accountId, request.body.site_id, request.body.keywords)),
  );

  // One path takes JSON or multipart, so the JSON body is checked here rather than by the route schema.
  const checkImportBody = validatorCompiler({
    schema: KeywordImportBody,
    method: 'POST',
    url: ApiPath.siteKeywordImport,
    httpPart: 'body',
  });
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
      if (request.isMultipart()) {
        const { siteId, content } = await readKeywordMultipart(request, ctx.config.uploadMaxBytes);
        return ok(await importKeywordFile(ctx, request.accountId, siteId, content));
      }
      if (!checkImportBody(request.body)) {
        throw invalidPart(checkImportBody, 'body');
      }
      const body = request.body as Static<typeof KeywordImportBody>;
      return ok(await importKeywordUpload(ctx, request.accountId, body.site_id, body.upload));
    },
  );

  app.delete(
    ApiPath.siteKeywordDel,
    {
      config: { keyScope: 'sites', permission: 'site:edit' },
      schema: { tags, body: KeywordDelBody, response: { 200: Reply(Type.Object({ deleted: Type.Integer() })), ...replies } },
    },
    async (request) => {
      return ok({ deleted: await deleteKeywords(ctx, request.accountId, request.body.site_id, request.body.ids) });
    },
  );

  app.get(
    ApiPath.siteCategoryList,
    {
      config: { keyScope: 'read', permission: 'signedIn' },
      schema: { tags, querystring: CategoryListQuery, response: { 200: Reply(ListOf(Category)), ...replies } },
    },
    async (request) => {
      return ok(await listCategories(ctx, request.accountId, request.query.site_id));
    },
  );

  app.post(
    ApiPath.siteCategoryAdd,
    {
      config: { keyScope: 'sites', permission: 'site:edit' },
      schema: { tags, body: CategoryAddBody, response: { 200: Reply(Category), ...replies } },
    },
    async (request) => ok(await addCategory(ctx, request.accountId, request.body)),
  );

  app.post(
    ApiPath.siteCategoryFetch,
    {
      config: { keyScope: 'sites', permission: 'site:edit' },
      schema: { tags, body: CategoryFetchBody, response: { 200: Reply(CategoryFetchResult), ...replies } },
    },
    async (request) => ok(await fetchCategories(ctx, request.accountId, request.body.site_id)),
  );

  // Read when an article's author is chosen on its form.
  app.get(
    ApiPath.siteUsers,
    {
      config: { keyScope: 'read', permission: 'article:edit' },
      schema: { tags, querystring: SiteUsersQuery, response: { 200: Reply(ListOf(SiteUser)), ...replies } },
    },
    async (request) => ok(await siteUsers(ctx, request.accountId, request.query.site_id)),
  );
};

export default siteRoutes;
