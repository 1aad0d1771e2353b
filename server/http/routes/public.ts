import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { AppInfo, GetAppBody, PublicConf } from '../../../contract/schemas/app';
import { ALLOWED_UPLOAD_TYPES } from '../../domain/system/uploads';
import { appInfo } from '../../domain/system/apps';
import { Reply, errorReplies, ok } from '../envelope';

/** What the console reads before anyone logs in. */
const publicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.ctx;

  app.get(ApiPath.publicConf, { config: { public: true }, schema: { tags: ['public'], response: { 200: Reply(PublicConf) } } }, async () =>
    ok({
      app_name: config.appName,
      version: '1.0.2',
      contact_us: config.contactUs,
      login: { register: true, mobile: true, qr: true, email: true },
      upload: { max_bytes: config.uploadMaxBytes, types: [...ALLOWED_UPLOAD_TYPES] },
      session_ttl: config.sessionTtl,
    }),
  );

  app.post(
    ApiPath.getApp,
    { config: { public: true }, schema: { tags: ['public'], body: GetAppBody, response: { 200: Reply(AppInfo), ...errorReplies } } },
    async (request) => ok(await appInfo(app.ctx, request.body.app_id)),
  );
};

export default publicRoutes;
