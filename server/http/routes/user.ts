import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { permCodesOf, setLanguage, updateProfile, userDetails } from '../../domain/access/users';
import { authOf } from '../authPlugin';
import { ok } from '../envelope';
import { userEndpoints } from '../../../contract/endpoints/user';
import { routesOf } from '../serve';

/** The signed-in user: details, permission codes, profile. */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags: ['user'] });

  route(
    userEndpoints.userDetails,
    { whileLocked: true, keyScope: 'read', permission: 'signedIn', summary: 'The signed-in user' },
    async (request) => ok(await userDetails(ctx, authOf(request))),
  );

  route(userEndpoints.permCode, { permission: 'signedIn', summary: "Permission codes of the user's roles" }, async (request) =>
    ok(await permCodesOf(ctx, authOf(request))),
  );

  route(userEndpoints.profile, { permission: 'signedIn', summary: 'Change name, avatar, email or mobile' }, async (request) =>
    ok(await updateProfile(ctx, authOf(request), request.body)),
  );

  route(
    userEndpoints.userLanguage,
    {
      whileLocked: true,
      permission: 'signedIn',
      summary: 'The language chosen in the console: spoken to calls that name none (access keys)',
    },
    async (request) => {
      await setLanguage(ctx, authOf(request), request.body.language);
      return ok(null);
    },
  );
};

export default userRoutes;
