import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiPath } from '../../../contract/paths';
import {
  LoginBody,
  LoginFirstBody,
  LoginFirstResult,
  LoginResult,
  PasswordEditBody,
  RegisterBody,
  UnlockBody,
} from '../../../contract/schemas/auth';
import { changePassword, lockSession, login, loginFirst, logout, register, unlockSession } from '../../domain/access/auth';
import { authOf } from '../authPlugin';
import { Reply, errorReplies, ok } from '../envelope';
import { clientOf, limits } from '../client';

const Nothing = Reply(Type.Null());

/** Registration, password login, logout, the lock screen and password change. */
const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    ApiPath.register,
    {
      config: { public: true, ...limits.login },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and log in',
        body: RegisterBody,
        response: { 200: Reply(LoginResult), ...errorReplies },
      },
    },
    async (request) => ok(await register(ctx, request.body, clientOf(request))),
  );

  app.post(
    ApiPath.loginFirst,
    {
      config: { public: true, ...limits.login },
      schema: {
        tags: ['auth'],
        summary: 'Check the password; tells whether a second factor follows',
        body: LoginFirstBody,
        response: { 200: Reply(LoginFirstResult), ...errorReplies },
      },
    },
    async (request) => ok(await loginFirst(ctx, request.body, clientOf(request))),
  );

  app.post(
    ApiPath.login,
    {
      config: { public: true, ...limits.login },
      schema: {
        tags: ['auth'],
        summary: 'Log in with password (and authenticator code)',
        body: LoginBody,
        response: { 200: Reply(LoginResult), ...errorReplies },
      },
    },
    async (request) => ok(await login(ctx, request.body, clientOf(request))),
  );

  app.post(
    ApiPath.logout,
    {
      config: { whileLocked: true, permission: 'signedIn' },
      schema: { tags: ['auth'], summary: 'End this session', response: { 200: Nothing, ...errorReplies } },
    },
    async (request) => {
      await logout(ctx, authOf(request));
      return ok(null);
    },
  );

  app.post(
    ApiPath.lock,
    {
      config: { permission: 'signedIn' },
      schema: { tags: ['auth'], summary: 'Lock this session (lock screen)', response: { 200: Nothing, ...errorReplies } },
    },
    async (request) => {
      await lockSession(ctx, authOf(request));
      return ok(null);
    },
  );

  app.post(
    ApiPath.unlock,
    {
      config: { whileLocked: true, permission: 'signedIn', ...limits.password },
      schema: {
        tags: ['auth'],
        summary: 'Unlock this session with the account password',
        body: UnlockBody,
        response: { 200: Nothing, ...errorReplies },
      },
    },
    async (request) => {
      await unlockSession(ctx, authOf(request), request.body.password);
      return ok(null);
    },
  );

  app.put(
    ApiPath.passwordEdit,
    {
      config: { permission: 'signedIn', ...limits.password },
      schema: {
        tags: ['auth'],
        summary: 'Change the password; other sessions end',
        body: PasswordEditBody,
        response: { 200: Nothing, ...errorReplies },
      },
    },
    async (request) => {
      await changePassword(ctx, authOf(request), request.body);
      return ok(null);
    },
  );
};

export default authRoutes;
