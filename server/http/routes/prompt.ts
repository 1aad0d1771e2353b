import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { Empty, IdBody, ListOf } from '../../../contract/schemas/common';
import { Prompt, PromptAddBody, PromptEditBody, PromptListQuery, PromptPreview, PromptPreviewBody } from '../../../contract/schemas/prompt';
import type { PromptRow } from '../../db/prompts';
import { listPrompts } from '../../db/prompts';
import { addPrompt, deletePrompt, editPrompt, previewPrompt } from '../../domain/prompts';
import { variablesOf } from '../../domain/promptTemplates';
import { authOf } from '../authPlugin';
import { dateTime } from '../dateTime';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['prompt'];

const toPrompt = (row: PromptRow): Prompt => ({
  id: row.id,
  kind: row.kind as Prompt['kind'],
  name: row.name,
  content: row.content,
  built_in: row.builtIn,
  variables: variablesOf(row.content),
  created_at: dateTime(row.createdAt),
  updated_at: dateTime(row.updatedAt),
});

/** Prompt templates: the account's own, plus the read-only built-in default of each kind. */
const promptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(ApiPath.promptList, { config: { keyScope: 'read', permission: 'signedIn' }, schema: { tags, querystring: PromptListQuery, response: { 200: Reply(ListOf(Prompt)), ...replies } } }, async (request) => {
    const { page = 1, page_size = 20, kind } = request.query;
    const { rows, total } = await listPrompts(ctx.db, authOf(request).account.id, { limit: page_size, offset: (page - 1) * page_size, kind });
    return ok({ list: rows.map(toPrompt), total });
  });

  app.post(ApiPath.promptAdd, { config: { keyScope: 'generate', permission: 'prompt:add' }, schema: { tags, body: PromptAddBody, response: { 200: Reply(Prompt), ...replies } } }, async (request) =>
    ok(toPrompt(await addPrompt(ctx, authOf(request).account.id, request.body))),
  );

  app.put(ApiPath.promptEdit, { config: { keyScope: 'generate', permission: 'prompt:edit' }, schema: { tags, body: PromptEditBody, response: { 200: Reply(Prompt), ...replies } } }, async (request) =>
    ok(toPrompt(await editPrompt(ctx, authOf(request).account.id, request.body))),
  );

  app.delete(ApiPath.promptDel, { config: { keyScope: 'generate', permission: 'prompt:del' }, schema: { tags, body: IdBody, response: { 200: Reply(Empty), ...replies } } }, async (request) => {
    await deletePrompt(ctx, authOf(request).account.id, request.body.id);
    return ok(null);
  });

  app.post(ApiPath.promptPreview, { config: { keyScope: 'generate', permission: 'signedIn' }, schema: { tags, body: PromptPreviewBody, response: { 200: Reply(PromptPreview), ...replies } } }, async (request) =>
    ok(await previewPrompt(ctx, authOf(request).account.id, request.body)),
  );
};

export default promptRoutes;
