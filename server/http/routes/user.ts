import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { Empty } from '../../../contract/schemas/common';
import { LanguageBody, PermCodes, ProfileBody, UserDetails } from '../../../contract/schemas/user';
import { permCodesOf, setLanguage, updateProfile, userDetails } from '../../domain/access/users';
import { authOf } from '../authPlugin';
import { Reply, errorReplies, ok } from '../envelope';

/** The signed-in user: details, permission codes, profile. */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ApiPath.userDetails,
    {
      config: { whileLocked: true, keyScope: 'read', permission: 'signedIn' },
      schema: { tags: ['user'], summary: 'The signed-in user', response: { 200: Reply(UserDetails), ...errorReplies } },
    },
    async (request) => ok(await userDetails(ctx, authOf(request))),
  );

  app.get(
    ApiPath.permCode,
    {
      config: { permission: 'signedIn' },
      schema: { tags: ['user'], summary: "Permission codes of the user's roles", response: { 200: Reply(PermCodes), ...errorReplies } },
    },
    async (request) => ok(await permCodesOf(ctx, authOf(request))),
  );

  app.put(
    ApiPath.profile,
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: 'Change name, avatar, email or mobile',
        body: ProfileBody,
        response: { 200: Reply(UserDetails), ...errorReplies },
      },
    },
    async (request) => ok(await updateProfile(ctx, authOf(request), request.body)),
  );

  app.put(
    ApiPath.userLanguage,
    {
      config: { whileLocked: true, permission: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: 'The language chosen in the console: spoken to calls that name none (access keys)',
        body: LanguageBody,
        response: { 200: Reply(Empty), ...errorReplies },
      },
    },
    async (request) => {
      await setLanguage(ctx, authOf(request), request.body.language);
      return ok(null);
    },
  );
};

export default userRoutes;
