import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { loginMobile, sendSmsCode } from '../../domain/access/codeAuth';
import { ok } from '../envelope';
import { clientOf, limits } from '../client';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { routesOf } from '../serve';

/** SMS codes and login by mobile number. */
const mobileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags: ['auth'] });

  route(authEndpoints.sendSmsCode, { public: true, ...limits.send, summary: 'Text a six-digit code' }, async (request) =>
    ok(await sendSmsCode(ctx, request.body, clientOf(request))),
  );

  route(authEndpoints.loginMobile, { public: true, ...limits.login, summary: 'Log in with an SMS code' }, async (request) =>
    ok(await loginMobile(ctx, request.body, clientOf(request))),
  );
};

export default mobileRoutes;
