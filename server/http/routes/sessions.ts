import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { LoginResult } from '../../../contract/schemas/auth';
import { ListOf } from '../../../contract/schemas/common';
import { SignInAsBody, UserSession, UserSessionsQuery } from '../../../contract/schemas/system';
import { sessionsOf, signInAs } from '../../domain/access/signInAs';
import { authOf } from '../authPlugin';
import { clientOf } from '../client';
import { dateTime } from '../../../contract/dateTime';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

/** The operator signs in as a user; the signed-in user's own sessions. */
const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    ApiPath.subAccountSignInAs,
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['system'],
        summary: 'Sign in as a user (operator): a session of theirs, marked as started by the operator',
        body: SignInAsBody,
        response: { 200: Reply(LoginResult), ...errorReplies, 404: ErrorReply },
      },
    },
    async (request) => ok(await signInAs(ctx, authOf(request), request.body.id, clientOf(request))),
  );

  app.get(
    ApiPath.userSessions,
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: "The user's latest sessions",
        querystring: UserSessionsQuery,
        response: { 200: Reply(ListOf(UserSession)), ...errorReplies },
      },
    },
    async (request) => {
      const rows = await sessionsOf(ctx, authOf(request));
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          created_at: dateTime(row.createdAt),
          last_used_at: dateTime(row.lastUsedAt),
          ended_at: row.endedAt ? dateTime(row.endedAt) : null,
          ip: row.ip,
          user_agent: row.userAgent,
          current: row.current,
          open: row.open,
          started_by_operator: row.operatorName,
        })),
        total: rows.length,
      });
    },
  );
};

export default sessionRoutes;
