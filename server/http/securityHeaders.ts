import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { FIRST_SCREEN_SCRIPTS } from '../../contract/firstScreenScripts';

/** A CSP source that allows one inline script: its text's SHA-256. */
const scriptHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * What the console's pages may load. Scripts: the console's own files and the prerendered login
 * page's two inline scripts, by hash (the pages are static files, sent precompressed, so a nonce a
 * request would mean rewriting and compressing each page; the scripts' text is the same in every
 * build). Styles: Emotion (Chakra) writes its rules into <style> elements it creates as the console
 * runs, and the prerendered page carries its rules and style attributes inline, so style-src needs
 * 'unsafe-inline' (a nonce cannot reach a static page, and generated rules cannot be hashed); with
 * scripts locked down, injected CSS can restyle a page but not run code. Images: the console's own
 * and uploads, data: and blob: URLs (avatars, captcha, QR codes, a picked file's preview), and https:
 * images an article's HTML may name. Frames: the iframe page shows a menu item's external address.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'script-src': ["'self'", ...FIRST_SCREEN_SCRIPTS.map(scriptHash)],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  // The API and its notice stream are on the console's origin.
  'connect-src': ["'self'"],
  'frame-src': ["'self'", 'https:', 'http:'],
  // The API docs (/api/docs) are framed by the console's own development docs page, and by nothing else.
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
};

/** A year, and the console's subdomains too, as OWASP ASVS asks. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The headers every answer carries, pages and API alike (OWASP ASVS's for a web console), by
 * @fastify/helmet: the policy above, X-Content-Type-Options: nosniff, X-Frame-Options: SAMEORIGIN
 * (for browsers without frame-ancestors), Referrer-Policy: same-origin (addresses never go to other
 * sites; the console's own requests keep theirs, and their Origin header) and helmet's other defaults.
 * Strict-Transport-Security only on a request that came over HTTPS (TLS here, or X-Forwarded-Proto
 * from a trusted proxy, TRUST_PROXY): sent over plain HTTP it would make a browser refuse an
 * installation that has no HTTPS.
 */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
}
