import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { addPrompt, deletePrompt, editPrompt, listPrompts, previewPrompt } from '../../domain/generation/prompts';
import { ok, withNotFound } from '../envelope';
import { promptEndpoints } from '../../../contract/endpoints/prompt';
import { serve } from '../serve';

const tags = ['prompt'];

/** Prompt templates: the account's own, plus the read-only built-in default of each kind. */
const promptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  serve(app, promptEndpoints.promptList, { tags, keyScope: 'read', permission: 'signedIn', replies: withNotFound }, async (request) => {
    return ok(await listPrompts(ctx, request.accountId, request.query));
  });

  serve(
    app,
    promptEndpoints.promptAdd,
    { tags, keyScope: 'generate', permission: 'prompt:add', fieldLabels: 'prompt', replies: withNotFound },
    async (request) => ok(await addPrompt(ctx, request.accountId, request.body)),
  );

  serve(
    app,
    promptEndpoints.promptEdit,
    { tags, keyScope: 'generate', permission: 'prompt:edit', fieldLabels: 'prompt', replies: withNotFound },
    async (request) => ok(await editPrompt(ctx, request.accountId, request.body)),
  );

  serve(
    app,
    promptEndpoints.promptDel,
    { tags, keyScope: 'generate', permission: 'prompt:del', replies: withNotFound },
    async (request) => {
      await deletePrompt(ctx, request.accountId, request.body.id);
      return ok(null);
    },
  );

  serve(
    app,
    promptEndpoints.promptPreview,
    { tags, keyScope: 'generate', permission: 'signedIn', fieldLabels: 'prompt', replies: withNotFound },
    async (request) => ok(await previewPrompt(ctx, request.accountId, request.body)),
  );
};

export default promptRoutes;
