import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { ProviderQuery, ProviderSetBody, ProviderSettings, ProviderTestBody, ProviderTestResult } from '../../../contract/schemas/provider';
import { getProviderSettings, setProviderSettings, testProvider } from '../../domain/system/providerSettings';
import { Reply, errorReplies, ok } from '../envelope';

/** The account's own model services (keys write-only), and what its articles will be written with. */
const providerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['account'];
  app.get(
    ApiPath.providerGet,
    {
      config: { permission: 'signedIn' },
      schema: { tags, querystring: ProviderQuery, response: { 200: Reply(ProviderSettings), ...errorReplies } },
    },
    async (request) => ok(await getProviderSettings(ctx, request.accountId)),
  );
  app.post(
    ApiPath.providerSet,
    {
      config: { permission: 'signedIn' },
      schema: { tags, body: ProviderSetBody, response: { 200: Reply(ProviderSettings), ...errorReplies } },
    },
    async (request) => ok(await setProviderSettings(ctx, request.accountId, request.body)),
  );
  app.post(
    ApiPath.providerTest,
    {
      config: { permission: 'signedIn' },
      schema: { tags, body: ProviderTestBody, response: { 200: Reply(ProviderTestResult), ...errorReplies } },
    },
    async (request) => ok(await testProvider(ctx, request.accountId, request.body)),
  );
};

export default providerRoutes;
