import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { issueCaptcha } from '../../domain/access/captcha';
import { ok } from '../envelope';
import { clientOf, limits } from '../client';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { routesOf } from '../serve';

/** Graphic captchas for the login, register and send-code forms. */
const captchaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const route = routesOf(app, { tags: ['auth'] });
  route(
    authEndpoints.graphicCode,
    { public: true, ...limits.images, summary: 'A new graphic captcha, and whether one is due now' },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { scene = 'login', username } = request.query;
      return ok(await issueCaptcha(app.ctx, scene, { ip: clientOf(request).ip, username }));
    },
  );
};

export default captchaRoutes;
