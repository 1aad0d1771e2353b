import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changePassword, lockSession, login, loginFirst, logout, register, unlockSession } from '../../domain/access/auth';
import { authOf } from '../authPlugin';
import { ok } from '../envelope';
import { clientOf, limits } from '../client';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { serve } from '../serve';

/** Registration, password login, logout, the lock screen and password change. */
const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  serve(
    app,
    authEndpoints.register,
    { public: true, ...limits.login, tags: ['auth'], summary: 'Create an account and log in' },
    async (request) => ok(await register(ctx, request.body, clientOf(request))),
  );

  serve(
    app,
    authEndpoints.loginFirst,
    { public: true, ...limits.login, tags: ['auth'], summary: 'Check the password; tells whether a second factor follows' },
    async (request) => ok(await loginFirst(ctx, request.body, clientOf(request))),
  );

  serve(
    app,
    authEndpoints.login,
    { public: true, ...limits.login, tags: ['auth'], summary: 'Log in with password (and authenticator code)' },
    async (request) => ok(await login(ctx, request.body, clientOf(request))),
  );

  serve(
    app,
    authEndpoints.logout,
    { whileLocked: true, permission: 'signedIn', tags: ['auth'], summary: 'End this session' },
    async (request) => {
      await logout(ctx, authOf(request));
      return ok(null);
    },
  );

  serve(
    app,
    authEndpoints.lock,
    { permission: 'signedIn', tags: ['auth'], summary: 'Lock this session (lock screen)' },
    async (request) => {
      await lockSession(ctx, authOf(request));
      return ok(null);
    },
  );

  serve(
    app,
    authEndpoints.unlock,
    {
      whileLocked: true,
      permission: 'signedIn',
      ...limits.password,
      tags: ['auth'],
      summary: 'Unlock this session with the account password',
    },
    async (request) => {
      await unlockSession(ctx, authOf(request), request.body.password);
      return ok(null);
    },
  );

  serve(
    app,
    authEndpoints.passwordEdit,
    { permission: 'signedIn', ...limits.password, tags: ['auth'], summary: 'Change the password; other sessions end' },
    async (request) => {
      await changePassword(ctx, authOf(request), request.body);
      return ok(null);
    },
  );
};

export default authRoutes;
