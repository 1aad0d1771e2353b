import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bindAuthenticator, newAuthenticatorSecret } from '../../domain/access/totp';
import { authOf } from '../authPlugin';
import { ok } from '../envelope';
import { limits } from '../client';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { routesOf } from '../serve';

/** Binding an authenticator app (TOTP) as the second factor. */
const googleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags: ['auth'] });

  route(authEndpoints.googleCaptcha, { permission: 'signedIn', summary: 'A new authenticator secret to scan' }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await newAuthenticatorSecret(ctx, authOf(request).user.username));
  });

  route(
    authEndpoints.bindGoogle,
    { permission: 'signedIn', ...limits.password, summary: 'Bind the scanned secret, proven by its current code' },
    async (request) => {
      await bindAuthenticator(ctx, authOf(request).user, request.body.secret, request.body.code);
      return ok(null);
    },
  );
};

export default googleRoutes;
