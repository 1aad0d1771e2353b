import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ALLOWED_UPLOAD_TYPES } from '../../domain/system/uploads';
import { appInfo } from '../../domain/system/apps';
import { ok } from '../envelope';
import { appEndpoints } from '../../../contract/endpoints/app';
import { routesOf } from '../serve';

/** What the console reads before anyone logs in. */
const publicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const route = routesOf(app, { tags: ['public'] });
  const { config } = app.ctx;

  route(appEndpoints.publicConf, { public: true, replies: {} }, async () =>
    ok({
      app_name: config.appName,
      version: '1.0.2',
      contact_us: config.contactUs,
      login: { register: true, mobile: true, qr: true, email: true },
      upload: { max_bytes: config.uploadMaxBytes, types: [...ALLOWED_UPLOAD_TYPES] },
      session_ttl: config.sessionTtl,
    }),
  );

  route(appEndpoints.getApp, { public: true }, async (request) => ok(await appInfo(app.ctx, request.body.app_id)));
};

export default publicRoutes;
