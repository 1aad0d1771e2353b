import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createRequire } from 'node:module';
import { ResultCode } from '../contract/codes';
import { ApiPath } from '../contract/paths';
import type { Config } from './config';
import type { Database } from './db/connection';
import type { Ctx } from './domain/context';
import type { MessageSender } from './providers/messaging';
import { noJobQueue } from './jobs/queue';
import { createMailSender } from './providers/mail';
import { createSmsSender } from './providers/sms';
import { createSvgCaptchaGenerator, type CaptchaGenerator } from './providers/captcha';
import { lazyValidatorCompiler } from './http/validation';
import { DeferredCompiles } from './http/deferredCompiles';
import { lazySerializerFactory } from './http/serialization';
import { clientErrorHandler, errorHandler } from './http/errorHandler';
import { languagePlugin } from './http/languagePlugin';
import { render } from './i18n/messages';
import { refuseBadText } from './domain/text';
import { parseJsonBodies } from './http/jsonBody';
import { routes } from './http/routes';
import { holdApiWhileStarting } from './http/startingGate';
import { serveConsoleAssets } from './http/consoleAssets';
import { sendConsolePage } from './http/consolePage';
import { securityHeaders } from './http/securityHeaders';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: Ctx;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  mail?: MessageSender;
  sms?: MessageSender;
  /** Graphic captchas; tests pass one whose answer they know. */
  captcha?: CaptchaGenerator;
  now?: () => Date;
  logger?: boolean | object;
  /** Compile the routes' validators and success serializers soon after listening (`npm start`), not on their first call. */
  compileAfterListen?: boolean;
  /**
   * True once the rest of the server (the job queue) has started, false if it could not: until then
   * only the console and the public configuration are answered (http/startingGate.ts). Unset: started.
   */
  started?: Promise<boolean>;
}

/** The server with the shared contract's TypeBox schemas as its type provider. */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

/** Paths that belong to the API: never answered with the console's index.html. */
const API_PREFIXES = ['/api/', '/admin/', ApiPath.permCode, '/uploads/'];
const isApiUrl = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));
/** The console's hashed files (./http/consoleAssets). */
const ASSETS_PREFIX = '/assets/';

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const deferred = options.compileAfterListen ? new DeferredCompiles() : undefined;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory(deferred) } },
    // One line per request only when asked for (LOG_LEVEL=debug); errors are always logged.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('ctx', {
    db: database.db,
    pglite: database.pglite,
    config,
    mail: options.mail ?? createMailSender(config, database.db, app.log),
    sms: options.sms ?? createSmsSender(config, database.db, app.log),
    captcha: options.captcha ?? createSvgCaptchaGenerator(),
    log: app.log,
    // startServer puts the running job queue here once it has started.
    jobs: noJobQueue,
    now: options.now ?? (() => new Date()),
  } satisfies Ctx);

  // First, so that every answer carries them, the ones refused before a route runs included.
  await securityHeaders(app);
  if (options.started) holdApiWhileStarting(app, options.started, isApiUrl);
  app.setValidatorCompiler(lazyValidatorCompiler(deferred));
  if (deferred) {
    app.addHook('onListen', async () => deferred.start());
    app.addHook('onClose', async () => deferred.stop());
  }
  app.setErrorHandler(errorHandler);
  parseJsonBodies(app);
  await app.register(languagePlugin);
  // Every route's parsed input, before its schema: no U+0000 or lone surrogate reaches a handler.
  app.addHook('preValidation', async (request) => {
    refuseBadText(request.params, 'params');
    refuseBadText(request.query, 'query');
    refuseBadText(request.body, 'body');
  });

  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, parts: 12 } });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.appName} API`, version: '1.0.2', description: 'Every response is the envelope { code, msg, data }.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token from login' },
          // API access keys: `ink_…`, in either header, never in the query string.
          accessKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'ink_…',
            description: 'An API access key as the bearer token (Authorization: Bearer ink_…)',
          },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'An API access key (ink_…) in the X-Api-Key header' },
        },
      },
      security: [{ bearer: [] }],
    },
    // A public route (config.public) says so in the document: `security: []` (clients and the fuzz suite read it).
    transform: ({ schema, url, route }) => ({ schema: route.config?.public ? { ...schema, security: [] } : schema, url }),
  });
  // Bundled with the server (loaded from node_modules, it and its own copies of yaml and
  // @fastify/static took ~0.2 s of a start), so its files are named here, in its package directory:
  // its pages, and its logo, read now rather than by a file read the start waited for.
  const swaggerUiFiles = path.join(path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')), 'static');
  await app.register(swaggerUi, {
    routePrefix: ApiPath.docs,
    baseDir: swaggerUiFiles,
    logo: { type: 'image/svg+xml', content: fs.readFileSync(path.join(swaggerUiFiles, 'logo.svg')) },
  });
  await app.register(routes);

  const uploadsDir = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Uploaded SVG and HTML are served from the console's origin: never as an active page of it.
    // Other sites may show the images (an article's HTML copied or published elsewhere names them).
    setHeaders(res) {
      res.header('x-content-type-options', 'nosniff');
      res.header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
      res.header('cross-origin-resource-policy', 'cross-origin');
    },
  });

  const consoleDir = config.consoleDir && fs.existsSync(path.join(config.consoleDir, 'index.html')) ? config.consoleDir : null;
  if (consoleDir) {
    serveConsoleAssets(app, consoleDir);
    // The other files (index.html, the logo, icons): one wildcard route, not one route per built
    // file (globbing and registering them took about 0.14 s of every start).
    // A path that is no file falls through to the not-found handler below: index.html for the console's routes.
    await app.register(fastifyStatic, {
      root: consoleDir,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.ts).
      preCompressed: true,
      // Public files (the logo, icons) for an hour, so that a page drawing the logo does not ask the
      // server again on every navigation; the pages (index.html, the prerendered login pages) never. (Hashed assets: ./http/consoleAssets.)
      setHeaders(res, file) {
        // `file` is the copy sent: login.en.dark.html.br for a browser that takes Brotli.
        res.header('cache-control', /\.html(\.br|\.gz)?$/.test(file) ? 'no-cache' : 'public, max-age=3600');
      },
    });
    // The console's address itself, for every client: @fastify/static answers a folder with
    // `index: false` by a 403 to a client that takes no compression (curl, health checks).
    app.get('/', { schema: { hide: true } }, (request, reply) => sendConsolePage(consoleDir, request, reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiUrl(request.url);
    // A hashed asset that is not there (an old tab's chunk after an upgrade) is a 404, never the page.
    if (consoleDir && request.method === 'GET' && !isApi && !request.url.startsWith(ASSETS_PREFIX)) {
      const file = request.url.split('?')[0].replace(/^\/+/, '');
      const asset = file && fs.existsSync(path.join(consoleDir, file)) && !fs.statSync(path.join(consoleDir, file)).isDirectory();
      if (asset) return reply.header('cache-control', 'public, max-age=3600').sendFile(file, { cacheControl: false });
      return sendConsolePage(consoleDir, request, reply);
    }
    return reply.status(404).send({
      code: ResultCode.NOT_FOUND,
      msg: render(request.language, { key: 'http.noRoute', params: { method: request.method, path: request.url.split('?')[0] } }),
      data: null,
    });
  });

  return app;
}
