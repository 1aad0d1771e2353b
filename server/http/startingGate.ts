import type { FastifyInstance } from 'fastify';

/** Answered while the server is still starting: the console's first screen needs these only. */
const PUBLIC_API_PREFIX = '/api/public/';

/**
 * The server listens before its job queue has started (a few tenths of a second of a
 * start), so the console and its public configuration are answered at once. Every other API request
 * waits until `started` is true (a login, anything that adds jobs): handlers always see a started
 * server. `started` false (the queue could not start, and the server is closing): they fail.
 */
export function holdApiWhileStarting(app: FastifyInstance, started: Promise<boolean>, isApi: (url: string) => boolean): void {
  let running = false;
  void started.then((ok) => (running = ok));
  app.addHook('onRequest', (request, _reply, next) => {
    if (running || !isApi(request.url) || request.url.startsWith(PUBLIC_API_PREFIX)) return next();
    void started.then((ok) => next(ok ? undefined : new Error('The server could not start its job queue')));
  });
}
