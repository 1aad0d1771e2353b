import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { addPrompt, deletePrompt, editPrompt, listPrompts, previewPrompt } from '../../domain/generation/prompts';
import { ok, withNotFound } from '../envelope';
import { promptEndpoints } from '../../../contract/endpoints/prompt';
import { routesOf } from '../serve';

const tags = ['prompt'];

/** Prompt templates: the account's own, plus the read-only built-in default of each kind. */
const promptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags, replies: withNotFound });

  route(promptEndpoints.promptList, { keyScope: 'read', permission: 'signedIn' }, async (request) => {
    return ok(await listPrompts(ctx, request.accountId, request.query));
  });

  route(promptEndpoints.promptAdd, { keyScope: 'generate', permission: 'prompt:add', fieldLabels: 'prompt' }, async (request) =>
    ok(await addPrompt(ctx, request.accountId, request.body)),
  );

  route(promptEndpoints.promptEdit, { keyScope: 'generate', permission: 'prompt:edit', fieldLabels: 'prompt' }, async (request) =>
    ok(await editPrompt(ctx, request.accountId, request.body)),
  );

  route(promptEndpoints.promptDel, { keyScope: 'generate', permission: 'prompt:del' }, async (request) => {
    await deletePrompt(ctx, request.accountId, request.body.id);
    return ok(null);
  });

  route(promptEndpoints.promptPreview, { keyScope: 'generate', permission: 'signedIn', fieldLabels: 'prompt' }, async (request) =>
    ok(await previewPrompt(ctx, request.accountId, request.body)),
  );
};

export default promptRoutes;
