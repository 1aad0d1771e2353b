import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { CacheBust } from '../../../contract/schemas/common';
import { Dashboard, DashboardQuery, DomainList } from '../../../contract/schemas/dashboard';
import { Type } from 'typebox';
import { dashboard, dashboardScope, domainList } from '../../domain/system/dashboard';
import { authOf, flushKeyLog } from '../authPlugin';
import { Reply, errorReplies, ok } from '../envelope';

/** The dashboard's figures: an owner's own; an admin's for one account or all. */
const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    ApiPath.dashboardAnalysis,
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['dashboard'],
        summary: 'Figures of the analysis page',
        querystring: DashboardQuery,
        response: { 200: Reply(Dashboard), ...errorReplies },
      },
    },
    async (request) => {
      // The key log is written in batches: the calls made until now count.
      await flushKeyLog(app.ctx);
      return ok(await dashboard(app.ctx, dashboardScope(authOf(request), request.query.account_id)));
    },
  );

  app.get(
    ApiPath.accountDomains,
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['dashboard'],
        summary: "The account's sites with what was published to them",
        querystring: Type.Object({ ...CacheBust }, { additionalProperties: false }),
        response: { 200: Reply(DomainList), ...errorReplies },
      },
    },
    async (request) => ok(await domainList(app.ctx, request.accountId)),
  );
};

export default dashboardRoutes;
