import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLanguage, type Language } from '../../contract/languages';
import { parseAcceptLanguage } from '../i18n/acceptLanguage';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language every message of this answer is written in: what `Accept-Language` asks for,
     * else the language the user last chose in the console, else English. A header naming no
     * language we speak (garbage, an unknown one) gets the console's Chinese, unless the call
     * comes with an access key: then the account's language, else English.
     */
    readonly language: Language;
  }
}

const resolved = Symbol('language');
type WithLanguage = FastifyRequest & { [resolved]?: Language };

export function languageOf(request: FastifyRequest): Language {
  const asked = parseAcceptLanguage(request.headers['accept-language']);
  if (asked !== null && asked !== 'unusable') return asked;
  const chosen = request.auth?.user.language;
  if (isLanguage(chosen)) return chosen;
  return asked === 'unusable' && !request.accessKey ? 'zh_CN' : 'en';
}

/** Decided once per request, when first read (by then the caller is known, or never will be). */
export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', {
    getter(this: WithLanguage) {
      return (this[resolved] ??= languageOf(this));
    },
  });
});
