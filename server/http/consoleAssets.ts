import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The types of what Vite writes under assets/; anything else is left to @fastify/static. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

/** The encodings the build writes beside each asset (scripts/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br', accepted: /\bbr\b/ },
  { name: 'gzip', suffix: '.gz', accepted: /\bgzip\b/ },
] as const;

type Body = { bytes: Buffer; encoding: string | null };

/**
 * The console's hashed assets (`/assets/<name>-<hash>.<ext>`), answered from memory.
 * Their names change with their content, so a file read once is good for the process's life; the
 * first screen asks for a few dozen of them at once, and each went through @fastify/static's
 * stat, open and stream (about 2.5 ms of the server's CPU a file on the project's machine, more
 * than the rest of the request). A name that is no file falls through to the not-found handler: a 404.
 */
export function serveConsoleAssets(app: FastifyInstance, consoleDir: string): void {
  const assetsDir = path.join(consoleDir, 'assets');
  const bodies = new Map<string, Promise<Body | null>>();

  const read = async (file: string, acceptable: readonly (typeof ENCODINGS)[number][]): Promise<Body | null> => {
    for (const { name, suffix } of acceptable) {
      const bytes = await fs.readFile(file + suffix).catch(() => null);
      if (bytes) return { bytes, encoding: name };
    }
    const bytes = await fs.readFile(file).catch(() => null);
    return bytes && { bytes, encoding: null };
  };

  // Files, not API operations: not in the OpenAPI document.
  app.get(
    '/assets/:name',
    { schema: { hide: true } },
    async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
      const { name } = request.params;
      const type = CONTENT_TYPES[path.extname(name)];
      // Only plain file names inside assets/ (no dot-dot, no sub-folder), of a type the build writes.
      if (!type || name !== path.basename(name) || name.startsWith('.')) return reply.callNotFound();
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const acceptable = ENCODINGS.filter((encoding) => encoding.accepted.test(accepted));
      const key = `${name}|${acceptable.map((encoding) => encoding.name).join(',')}`;
      let body = bodies.get(key);
      if (!body) {
        body = read(path.join(assetsDir, name), acceptable);
        bodies.set(key, body);
      }
      const found = await body;
      if (!found) {
        // A file that may yet be written (a build in progress) is looked for again next time.
        bodies.delete(key);
        return reply.callNotFound();
      }
      reply.header('content-type', type).header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding');
      if (found.encoding) reply.header('content-encoding', found.encoding);
      return reply.send(found.bytes);
    },
  );
}
