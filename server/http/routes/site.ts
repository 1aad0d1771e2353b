import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import type { Static } from 'typebox';
import { ApiPath } from '../../../contract/paths';
import { INT_TEXT_PATTERN, MAX_ID } from '../../../contract/schemas/common';
import { KeywordImportBody } from '../../../contract/schemas/site';
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
import { ErrorReply, ok, withNotFound } from '../envelope';
import { siteEndpoints } from '../../../contract/endpoints/site';
import { routesOf } from '../serve';

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
  const route = routesOf(app, { tags, replies: withNotFound });

  route(siteEndpoints.siteList, { keyScope: 'read', permission: 'signedIn' }, async (request) => {
    return ok(await listSites(ctx, request.accountId, request.query, request.language));
  });

  route(siteEndpoints.siteAdd, { keyScope: 'sites', permission: 'site:add' }, async (request) =>
    ok(await addSite(ctx, request.accountId, request.body)),
  );

  route(siteEndpoints.siteEdit, { keyScope: 'sites', permission: 'site:edit' }, async (request) =>
    ok(await editSite(ctx, request.accountId, request.body, request.language)),
  );

  route(siteEndpoints.siteDel, { keyScope: 'sites', permission: 'site:del' }, async (request) => {
    await deleteSite(ctx, request.accountId, request.body.id);
    return ok(null);
  });

  route(siteEndpoints.siteTest, { keyScope: 'sites', permission: 'site:edit' }, async (request) =>
    ok(await testSite(ctx, request.accountId, request.body.id, request.language)),
  );

  route(siteEndpoints.siteKeywordList, { keyScope: 'read', permission: 'signedIn' }, async (request) => {
    return ok(await listKeywords(ctx, request.accountId, request.query));
  });

  route(
    siteEndpoints.siteKeywordAdd,
    { keyScope: 'sites', permission: 'site:edit', bodyLimit: 4 * 1024 * 1024, replies: { ...withNotFound, 413: ErrorReply } },
    async (request) => ok(await addKeywords(ctx, request.accountId, request.body.site_id, request.body.keywords)),
  );

  // One path takes JSON or multipart, so the JSON body is checked here rather than by the route schema.
  const checkImportBody = validatorCompiler({
    schema: KeywordImportBody,
    method: 'POST',
    url: ApiPath.siteKeywordImport,
    httpPart: 'body',
  });
  route(
    siteEndpoints.siteKeywordImport,
    {
      keyScope: 'sites',
      permission: 'site:edit',
      description:
        'JSON `{ site_id, upload }` (a CSV or text file uploaded before through common/upload, type "keywords", by the url it returned), or multipart/form-data with `site_id` and `file`. The `keyword` column is used when the first row names one, else the first column.',
      replies: { ...withNotFound, 413: ErrorReply },
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

  route(siteEndpoints.siteKeywordDel, { keyScope: 'sites', permission: 'site:edit' }, async (request) => {
    return ok({ deleted: await deleteKeywords(ctx, request.accountId, request.body.site_id, request.body.ids) });
  });

  route(siteEndpoints.siteCategoryList, { keyScope: 'read', permission: 'signedIn' }, async (request) => {
    return ok(await listCategories(ctx, request.accountId, request.query.site_id));
  });

  route(siteEndpoints.siteCategoryAdd, { keyScope: 'sites', permission: 'site:edit' }, async (request) =>
    ok(await addCategory(ctx, request.accountId, request.body)),
  );

  route(siteEndpoints.siteCategoryFetch, { keyScope: 'sites', permission: 'site:edit' }, async (request) =>
    ok(await fetchCategories(ctx, request.accountId, request.body.site_id)),
  );

  // Read when an article's author is chosen on its form.
  route(siteEndpoints.siteUsers, { keyScope: 'read', permission: 'article:edit' }, async (request) =>
    ok(await siteUsers(ctx, request.accountId, request.query.site_id)),
  );
};

export default siteRoutes;
