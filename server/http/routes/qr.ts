import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { confirmQrLogin, createQrLogin, qrLoginStatus } from '../../domain/access/qrLogin';
import { authOf } from '../authPlugin';
import { ok } from '../envelope';
import { clientOf, limits } from '../client';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { routesOf } from '../serve';

/** Login by QR code: the login page shows it, a signed-in device approves it. */
const qrRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags: ['auth'] });

  route(authEndpoints.qrCreate, { public: true, ...limits.images, summary: 'A new QR login code' }, async () =>
    ok(await createQrLogin(ctx)),
  );

  route(
    authEndpoints.qrStatus,
    { public: true, ...limits.poll, summary: 'Status of a QR login; the login result once, when confirmed' },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await qrLoginStatus(ctx, request.query.id, clientOf(request)));
    },
  );

  route(authEndpoints.qrConfirm, { permission: 'signedIn', summary: 'Scan or approve a QR login from this session' }, async (request) => {
    await confirmQrLogin(ctx, authOf(request), request.body);
    return ok(null);
  });
};

export default qrRoutes;
