import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { Empty, IdBody, ListOf } from '../../../contract/schemas/common';
import { Prompt, PromptAddBody, PromptEditBody, PromptListQuery, PromptPreview, PromptPreviewBody } from '../../../contract/schemas/prompt';
import { addPrompt, deletePrompt, editPrompt, listPrompts, previewPrompt } from '../../domain/generation/prompts';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['prompt'];

/** Prompt templates: the account's own, plus the read-only built-in default of each kind. */
const promptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ApiPath.promptList,
    {
      config: { keyScope: 'read', permission: 'signedIn' },
      schema: { tags, querystring: PromptListQuery, response: { 200: Reply(ListOf(Prompt)), ...replies } },
    },
    async (request) => {
      return ok(await listPrompts(ctx, request.accountId, request.query));
    },
  );

  app.post(
    ApiPath.promptAdd,
    {
      config: { keyScope: 'generate', permission: 'prompt:add', fieldLabels: 'prompt' },
      schema: { tags, body: PromptAddBody, response: { 200: Reply(Prompt), ...replies } },
    },
    async (request) => ok(await addPrompt(ctx, request.accountId, request.body)),
  );

  app.put(
    ApiPath.promptEdit,
    {
      config: { keyScope: 'generate', permission: 'prompt:edit', fieldLabels: 'prompt' },
      schema: { tags, body: PromptEditBody, response: { 200: Reply(Prompt), ...replies } },
    },
    async (request) => ok(await editPrompt(ctx, request.accountId, request.body)),
  );

  app.delete(
    ApiPath.promptDel,
    {
      config: { keyScope: 'generate', permission: 'prompt:del' },
      schema: { tags, body: IdBody, response: { 200: Reply(Empty), ...replies } },
    },
    async (request) => {
      await deletePrompt(ctx, request.accountId, request.body.id);
      return ok(null);
    },
  );

  app.post(
    ApiPath.promptPreview,
    {
      config: { keyScope: 'generate', permission: 'signedIn', fieldLabels: 'prompt' },
      schema: { tags, body: PromptPreviewBody, response: { 200: Reply(PromptPreview), ...replies } },
    },
    async (request) => ok(await previewPrompt(ctx, request.accountId, request.body)),
  );
};

export default promptRoutes;
