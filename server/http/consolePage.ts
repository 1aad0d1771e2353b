import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { firstScreenVariantOf, prerenderedLoginFile } from '../../contract/firstScreen';

/**
 * The page the console's routes are answered with, relative to the console's folder: index.html,
 * or, for /login, the login page prerendered in the locale and theme the browser's cookie names
 * (contract/firstScreen, issue 17; the build's defaults without one). An invite link
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
