import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getProviderSettings, setProviderSettings, testProvider } from '../../domain/system/providerSettings';
import { ok } from '../envelope';
import { providerEndpoints } from '../../../contract/endpoints/provider';
import { routesOf } from '../serve';

/** The account's own model services (keys write-only), and what its articles will be written with. */
const providerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags: ['account'] });

  route(providerEndpoints.providerGet, { permission: 'signedIn' }, async (request) =>
    ok(await getProviderSettings(ctx, request.accountId)),
  );
  route(providerEndpoints.providerSet, { permission: 'signedIn' }, async (request) =>
    ok(await setProviderSettings(ctx, request.accountId, request.body)),
  );
  route(providerEndpoints.providerTest, { permission: 'signedIn' }, async (request) =>
    ok(await testProvider(ctx, request.accountId, request.body)),
  );
};

export default providerRoutes;
