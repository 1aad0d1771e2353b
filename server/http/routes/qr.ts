import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiPath } from '../../../contract/paths';
import { QrConfirmBody, QrCreated, QrStatus, QrStatusQuery } from '../../../contract/schemas/auth';
import { confirmQrLogin, createQrLogin, qrLoginStatus } from '../../domain/access/qrLogin';
import { authOf } from '../authPlugin';
import { Reply, errorReplies, ok } from '../envelope';
import { clientOf, limits } from '../client';

/** Login by QR code: the login page shows it, a signed-in device approves it. */
const qrRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    ApiPath.qrCreate,
    {
      config: { public: true, ...limits.images },
      schema: { tags: ['auth'], summary: 'A new QR login code', response: { 200: Reply(QrCreated), ...errorReplies } },
    },
    async () => ok(await createQrLogin(ctx)),
  );

  app.get(
    ApiPath.qrStatus,
    {
      config: { public: true, ...limits.poll },
      schema: {
        tags: ['auth'],
        summary: 'Status of a QR login; the login result once, when confirmed',
        querystring: QrStatusQuery,
        response: { 200: Reply(QrStatus), ...errorReplies },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await qrLoginStatus(ctx, request.query.id, clientOf(request)));
    },
  );

  app.post(
    ApiPath.qrConfirm,
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'Scan or approve a QR login from this session',
        body: QrConfirmBody,
        response: { 200: Reply(Type.Null()), ...errorReplies },
      },
    },
    async (request) => {
      await confirmQrLogin(ctx, authOf(request), request.body);
      return ok(null);
    },
  );
};

export default qrRoutes;
