import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiPath } from '../../../contract/paths';
import { CodeSent, ResetPasswordBody, SendEmailCodeBody } from '../../../contract/schemas/auth';
import { resetPassword, sendEmailCode } from '../../domain/access/codeAuth';
import { Reply, errorReplies, ok } from '../envelope';
import { clientOf, limits } from '../client';

/** E-mail codes and the password reset they allow. */
const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    ApiPath.sendEmailCode,
    {
      config: { public: true, ...limits.send },
      schema: {
        tags: ['auth'],
        summary: 'Mail a six-digit code',
        body: SendEmailCodeBody,
        response: { 200: Reply(CodeSent), ...errorReplies },
      },
    },
    async (request) => ok(await sendEmailCode(ctx, request.body, clientOf(request))),
  );

  app.post(
    ApiPath.resetPassword,
    {
      config: { public: true, ...limits.login },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a mailed code; every session ends',
        body: ResetPasswordBody,
        response: { 200: Reply(Type.Null()), ...errorReplies },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body);
      return ok(null);
    },
  );
};

export default emailRoutes;
