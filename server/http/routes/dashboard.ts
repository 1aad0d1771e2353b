import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dashboard, dashboardScope, domainList } from '../../domain/system/dashboard';
import { authOf, flushKeyLog } from '../authPlugin';
import { ok } from '../envelope';
import { dashboardEndpoints } from '../../../contract/endpoints/dashboard';
import { routesOf } from '../serve';

/** The dashboard's figures: an owner's own; an admin's for one account or all. */
const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const route = routesOf(app, { tags: ['dashboard'] });
  route(dashboardEndpoints.dashboardAnalysis, { permission: 'signedIn', summary: 'Figures of the analysis page' }, async (request) => {
    // The key log is written in batches: the calls made until now count.
    await flushKeyLog(app.ctx);
    return ok(await dashboard(app.ctx, dashboardScope(authOf(request), request.query.account_id)));
  });

  route(
    dashboardEndpoints.accountDomains,
    { permission: 'signedIn', summary: "The account's sites with what was published to them" },
    async (request) => ok(await domainList(app.ctx, request.accountId)),
  );
};

export default dashboardRoutes;
