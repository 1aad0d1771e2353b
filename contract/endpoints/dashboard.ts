import { Type } from 'typebox';
import { endpoint } from '../endpoint';
import { Dashboard, DashboardQuery, DomainList } from '../schemas/dashboard';
import { CacheBust } from '../schemas/common';
import { ApiPath } from '../paths';

/** The analysis page's figures and the account's sites with what was published to them. */
export const dashboardEndpoints = {
  dashboardAnalysis: endpoint.get(ApiPath.dashboardAnalysis, { query: DashboardQuery, reply: Dashboard }),
  accountDomains: endpoint.get(ApiPath.accountDomains, {
    query: Type.Object({ ...CacheBust }, { additionalProperties: false }),
    reply: DomainList,
  }),
};
