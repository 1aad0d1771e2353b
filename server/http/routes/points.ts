import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAdmin } from '../../domain/access/permissions';
import { grantPoints } from '../../domain/money/topup';
import { ledgerExport, pointsList } from '../../domain/money/ledger';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { pagedRows, sendCsv } from '../csvReply';
import { ok, withNotFound } from '../envelope';
import { pointsEndpoints } from '../../../contract/endpoints/points';
import { routesOf } from '../serve';

/** The account's points: its balance, what things cost, and its append-only ledger, newest first. */
const pointsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags: ['points'] });
  route(pointsEndpoints.pointsList, { permission: 'account:ledger', keyScope: 'read' }, async (request) =>
    ok(await pointsList(ctx, authOf(request), request.query)),
  );

  /* The ledger as a spreadsheet, with the list's filters. */
  route(pointsEndpoints.pointsExport, { permission: 'account:ledger', summary: 'The ledger as CSV' }, async (request, reply) => {
    const { accountId, page } = ledgerExport(ctx, authOf(request), request.query);
    return sendCsv(reply, `points_ledger_${accountId}.csv`, ['id', 'time', 'reason', 'reference', 'delta', 'balance_after'], (words) =>
      pagedRows(page, (r) => [r.id, dateTime(r.createdAt), words.reason(r.reason), words.reference(r.reference), r.delta, r.balanceAfter]),
    );
  });

  /* The operator adds or takes away points. */
  route(
    pointsEndpoints.pointsGrant,
    { permission: 'admin', summary: 'Add or take away points (admin)', replies: withNotFound },
    async (request) => {
      const auth = authOf(request);
      requireAdmin(auth, 'adminOnly.grantPoints');
      return ok(await grantPoints(ctx, auth.account, request.body));
    },
  );
};

export default pointsRoutes;
