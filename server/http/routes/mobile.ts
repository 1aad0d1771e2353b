import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { CodeSent, LoginMobileBody, LoginResult, SendSmsCodeBody } from '../../../contract/schemas/auth';
import { loginMobile, sendSmsCode } from '../../domain/access/codeAuth';
import { Reply, errorReplies, ok } from '../envelope';
import { clientOf, limits } from '../client';

/** SMS codes and login by mobile number. */
const mobileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    ApiPath.sendSmsCode,
    {
      config: { public: true, ...limits.send },
      schema: {
        tags: ['auth'],
        summary: 'Text a six-digit code',
        body: SendSmsCodeBody,
        response: { 200: Reply(CodeSent), ...errorReplies },
      },
    },
    async (request) => ok(await sendSmsCode(ctx, request.body, clientOf(request))),
  );

  app.post(
    ApiPath.loginMobile,
    {
      config: { public: true, ...limits.login },
      schema: {
        tags: ['auth'],
        summary: 'Log in with an SMS code',
        body: LoginMobileBody,
        response: { 200: Reply(LoginResult), ...errorReplies },
      },
    },
    async (request) => ok(await loginMobile(ctx, request.body, clientOf(request))),
  );
};

export default mobileRoutes;
