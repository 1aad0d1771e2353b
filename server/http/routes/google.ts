import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiPath } from '../../../contract/paths';
import { BindGoogleBody, GoogleSecret } from '../../../contract/schemas/auth';
import { bindAuthenticator, newAuthenticatorSecret } from '../../domain/access/totp';
import { authOf } from '../authPlugin';
import { Reply, errorReplies, ok } from '../envelope';
import { limits } from '../client';

/** Binding an authenticator app (TOTP) as the second factor. */
const googleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ApiPath.googleCaptcha,
    {
      config: { permission: 'signedIn' },
      schema: { tags: ['auth'], summary: 'A new authenticator secret to scan', response: { 200: Reply(GoogleSecret), ...errorReplies } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await newAuthenticatorSecret(ctx, authOf(request).user.username));
    },
  );

  app.post(
    ApiPath.bindGoogle,
    {
      config: { permission: 'signedIn', ...limits.password },
      schema: {
        tags: ['auth'],
        summary: 'Bind the scanned secret, proven by its current code',
        body: BindGoogleBody,
        response: { 200: Reply(Type.Null()), ...errorReplies },
      },
    },
    async (request) => {
      await bindAuthenticator(ctx, authOf(request).user, request.body.secret, request.body.code);
      return ok(null);
    },
  );
};

export default googleRoutes;
