import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changePassword, lockSession, login, loginFirst, logout, register, unlockSession } from '../../domain/access/auth';
import { authOf } from '../authPlugin';
import { ok } from '../envelope';
import { clientOf, limits } from '../client';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { routesOf } from '../serve';

/** Registration, password login, logout, the lock screen and password change. */
const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags: ['auth'] });

  route(authEndpoints.register, { public: true, ...limits.login, summary: 'Create an account and log in' }, async (request) =>
    ok(await register(ctx, request.body, clientOf(request))),
  );

  route(
    authEndpoints.loginFirst,
    { public: true, ...limits.login, summary: 'Check the password; tells whether a second factor follows' },
    async (request) => ok(await loginFirst(ctx, request.body, clientOf(request))),
  );

  route(authEndpoints.login, { public: true, ...limits.login, summary: 'Log in with password (and authenticator code)' }, async (request) =>
    ok(await login(ctx, request.body, clientOf(request))),
  );

  route(authEndpoints.logout, { whileLocked: true, permission: 'signedIn', summary: 'End this session' }, async (request) => {
    await logout(ctx, authOf(request));
    return ok(null);
  });

  route(authEndpoints.lock, { permission: 'signedIn', summary: 'Lock this session (lock screen)' }, async (request) => {
    await lockSession(ctx, authOf(request));
    return ok(null);
  });

  route(
    authEndpoints.unlock,
    { whileLocked: true, permission: 'signedIn', ...limits.password, summary: 'Unlock this session with the account password' },
    async (request) => {
      await unlockSession(ctx, authOf(request), request.body.password);
      return ok(null);
    },
  );

  route(
    authEndpoints.passwordEdit,
    { permission: 'signedIn', ...limits.password, summary: 'Change the password; other sessions end' },
    async (request) => {
      await changePassword(ctx, authOf(request), request.body);
      return ok(null);
    },
  );
};

export default authRoutes;
