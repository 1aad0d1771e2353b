import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { firstScreenVariantOf, prerenderedLoginFile } from '../../contract/firstScreen';

/**
 * The page the console's routes are answered with, relative to the console's folder: index.html,
 * or, for /login, the login page prerendered in the locale and theme the browser's cookie names
 * (contract/firstScreen; the build's defaults without one). An invite link
 * (`/login?invite=…`) opens the register form: index.html, as does a build without prerendered pages.
 */
export function consolePageFile(consoleDir: string, request: FastifyRequest): string {
  const [pathname, search = ''] = request.url.split('?');
  if (pathname !== '/login' || new URLSearchParams(search).has('invite')) return 'index.html';
  const variant = firstScreenVariantOf(request.headers.cookie);
  for (const file of [variant && prerenderedLoginFile(variant), prerenderedLoginFile('default')])
    if (file && fs.existsSync(path.join(consoleDir, file))) return file;
  return 'index.html';
}

/** Answers a console route with its page; never cached, as a cached page would ask for a previous build's chunks. */
export function sendConsolePage(consoleDir: string, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // /login's page depends on the first-screen cookie.
  return reply
    .header('cache-control', 'no-cache')
    .header('vary', 'cookie')
    .sendFile(consolePageFile(consoleDir, request), { cacheControl: false });
}
