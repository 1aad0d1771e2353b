import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { Dashboard, DashboardQuery } from '../../../contract/schemas/dashboard';
import { dashboard, dashboardScope } from '../../domain/dashboard';
import { authOf } from '../authPlugin';
import { Reply, errorReplies, ok } from '../envelope';

/** The dashboard's figures (issue 13): an owner's own; an admin's for one account or all. */
const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    ApiPath.dashboardAnalysis,
    { config: { permission: 'signedIn' }, schema: { tags: ['dashboard'], summary: 'Figures of the analysis page', querystring: DashboardQuery, response: { 200: Reply(Dashboard), ...errorReplies } } },
    async (request) => ok(await dashboard(app.ctx, dashboardScope(authOf(request), request.query.account_id))),
  );
};

export default dashboardRoutes;
