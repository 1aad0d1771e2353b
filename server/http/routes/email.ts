import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { resetPassword, sendEmailCode } from '../../domain/access/codeAuth';
import { ok } from '../envelope';
import { clientOf, limits } from '../client';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { serve } from '../serve';

/** E-mail codes and the password reset they allow. */
const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  serve(
    app,
    authEndpoints.sendEmailCode,
    { public: true, ...limits.send, tags: ['auth'], summary: 'Mail a six-digit code' },
    async (request) => ok(await sendEmailCode(ctx, request.body, clientOf(request))),
  );

  serve(
    app,
    authEndpoints.resetPassword,
    { public: true, ...limits.login, tags: ['auth'], summary: 'Set a new password with a mailed code; every session ends' },
    async (request) => {
      await resetPassword(ctx, request.body);
      return ok(null);
    },
  );
};

export default emailRoutes;
