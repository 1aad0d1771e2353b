import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { resetPassword, sendEmailCode } from '../../domain/access/codeAuth';
import { ok } from '../envelope';
import { clientOf, limits } from '../client';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { routesOf } from '../serve';

/** E-mail codes and the password reset they allow. */
const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags: ['auth'] });

  route(authEndpoints.sendEmailCode, { public: true, ...limits.send, summary: 'Mail a six-digit code' }, async (request) =>
    ok(await sendEmailCode(ctx, request.body, clientOf(request))),
  );

  route(
    authEndpoints.resetPassword,
    { public: true, ...limits.login, summary: 'Set a new password with a mailed code; every session ends' },
    async (request) => {
      await resetPassword(ctx, request.body);
      return ok(null);
    },
  );
};

export default emailRoutes;
