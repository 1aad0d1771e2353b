import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionsOf, signInAs } from '../../domain/access/signInAs';
import { authOf } from '../authPlugin';
import { clientOf } from '../client';
import { dateTime } from '../../../contract/dateTime';
import { ok, withNotFound } from '../envelope';
import { systemEndpoints } from '../../../contract/endpoints/system';
import { routesOf } from '../serve';

/** The operator signs in as a user; the signed-in user's own sessions. */
const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags: ['system'] });

  route(
    systemEndpoints.subAccountSignInAs,
    {
      permission: 'admin',
      summary: 'Sign in as a user (operator): a session of theirs, marked as started by the operator',
      replies: withNotFound,
    },
    async (request) => ok(await signInAs(ctx, authOf(request), request.body.id, clientOf(request))),
  );

  route(
    systemEndpoints.userSessions,
    { permission: 'signedIn', tags: ['user'], summary: "The user's latest sessions" },
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
