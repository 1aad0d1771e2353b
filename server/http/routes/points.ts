import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { PointsExportQuery, PointsList, PointsListQuery } from '../../../contract/schemas/points';
import { Granted, GrantBody } from '../../../contract/schemas/topup';
import { requireAdmin } from '../../domain/access/permissions';
import { grantPoints } from '../../domain/money/topup';
import { ledgerExport, pointsList } from '../../domain/money/ledger';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { pagedRows, sendCsv } from '../csvReply';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

/** The account's points: its balance, what things cost, and its append-only ledger, newest first. */
const pointsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.get(
    ApiPath.pointsList,
    {
      config: { permission: 'account:ledger', keyScope: 'read' },
      schema: { tags: ['points'], querystring: PointsListQuery, response: { 200: Reply(PointsList), ...errorReplies } },
    },
    async (request) => ok(await pointsList(ctx, authOf(request), request.query)),
  );

  /* The ledger as a spreadsheet, with the list's filters. */
  app.get(
    ApiPath.pointsExport,
    {
      config: { permission: 'account:ledger' },
      schema: { tags: ['points'], summary: 'The ledger as CSV', querystring: PointsExportQuery, response: { ...errorReplies } },
    },
    async (request, reply) => {
      const { accountId, page } = ledgerExport(ctx, authOf(request), request.query);
      return sendCsv(reply, `points_ledger_${accountId}.csv`, ['id', 'time', 'reason', 'reference', 'delta', 'balance_after'], (words) =>
        pagedRows(page, (r) => [
          r.id,
          dateTime(r.createdAt),
          words.reason(r.reason),
          words.reference(r.reference),
          r.delta,
          r.balanceAfter,
        ]),
      );
    },
  );

  /* The operator adds or takes away points. */
  app.post(
    ApiPath.pointsGrant,
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['points'],
        summary: 'Add or take away points (admin)',
        body: GrantBody,
        response: { 200: Reply(Granted), ...errorReplies, 404: ErrorReply },
      },
    },
    async (request) => {
      const auth = authOf(request);
      requireAdmin(auth, 'adminOnly.grantPoints');
      return ok(await grantPoints(ctx, auth.account, request.body));
    },
  );
};

export default pointsRoutes;
