import { endpoint } from '../endpoint';
import { ProviderQuery, ProviderSetBody, ProviderSettings, ProviderTestBody, ProviderTestResult } from '../schemas/provider';
import { ApiPath } from '../paths';

/** The AI provider settings and their test. */
export const providerEndpoints = {
  providerGet: endpoint.get(ApiPath.providerGet, { query: ProviderQuery, reply: ProviderSettings }),
  providerSet: endpoint.post(ApiPath.providerSet, { body: ProviderSetBody, reply: ProviderSettings }),
  providerTest: endpoint.post(ApiPath.providerTest, { body: ProviderTestBody, reply: ProviderTestResult }),
};
