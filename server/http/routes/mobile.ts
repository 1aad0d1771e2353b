import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { loginMobile, sendSmsCode } from '../../domain/access/codeAuth';
import { ok } from '../envelope';
import { clientOf, limits } from '../client';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { serve } from '../serve';

/** SMS codes and login by mobile number. */
const mobileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  serve(
    app,
    authEndpoints.sendSmsCode,
    { public: true, ...limits.send, tags: ['auth'], summary: 'Text a six-digit code' },
    async (request) => ok(await sendSmsCode(ctx, request.body, clientOf(request))),
  );

  serve(
    app,
    authEndpoints.loginMobile,
    { public: true, ...limits.login, tags: ['auth'], summary: 'Log in with an SMS code' },
    async (request) => ok(await loginMobile(ctx, request.body, clientOf(request))),
  );
};

export default mobileRoutes;
