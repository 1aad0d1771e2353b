import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { CaptchaImage, GraphicCodeQuery } from '../../../contract/schemas/auth';
import { issueCaptcha } from '../../domain/access/captcha';
import { Reply, errorReplies, ok } from '../envelope';
import { clientOf, limits } from '../client';

/** Graphic captchas for the login, register and send-code forms. */
const captchaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    ApiPath.graphicCode,
    {
      config: { public: true, ...limits.images },
      schema: {
        tags: ['auth'],
        summary: 'A new graphic captcha, and whether one is due now',
        querystring: GraphicCodeQuery,
        response: { 200: Reply(CaptchaImage), ...errorReplies },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { scene = 'login', username } = request.query;
      return ok(await issueCaptcha(app.ctx, scene, { ip: clientOf(request).ip, username }));
    },
  );
};

export default captchaRoutes;
