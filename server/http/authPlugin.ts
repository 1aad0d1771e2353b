import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../contract/codes';
import { DomainError, forbidden, unauthorized } from '../domain/errors';
import { resolveSession, type Authenticated } from '../domain/access/sessions';
import { ADMIN_ONLY, ADMIN_ROLE, allows, heldRoles, SIGNED_IN, type RoutePermission } from '../domain/access/permissions';
import { heldCodes } from '../domain/access/users';
import type { KeyScope } from '../../contract/schemas/accessKey';
import type { LabelledForm } from '../i18n/messages';
import type { Ctx } from '../domain/context';
import { mustBindAuthenticator } from '../domain/access/authenticatorPolicy';
import {
  KeyLogWriter,
  KeyRateLimiter,
  checkKeyUse,
  findUsableKey,
  hasKeyInQuery,
  looksLikeKey,
  tooManyForKey,
  type AccessKeyRow,
  type KeyPrincipal,
} from '../domain/access/accessKeys';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; set on every route that is not public. */
    auth: Authenticated | null;
    /**
     * The account the caller acts in (a sub-account acts in its owner's), as the session or access
     * key resolved it: what routes pass to the domain. Reading it on a public route answers 401.
     */
    readonly accountId: number;
  }
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
    /** Still answered while the session is locked (lock screen). */
    whileLocked?: boolean;
    /**
     * Who may call this route (spec §6, DESIGN.md §3): a permission code of the menus' access
     * entries (`site:add`, `task:del`, …), `'signedIn'` for every signed-in user, or `'admin'` for
     * the operator. Public routes say `public: true` instead.
     */
    permission?: RoutePermission;
    /**
     * The scope an API access key needs to call this route; a route without one
     * refuses keys (403), whatever their scopes. Checked besides `permission`.
     */
    keyScope?: KeyScope;
    /** The console form whose labels this route's refusals give its fields, where they differ from the common ones. */
    fieldLabels?: LabelledForm;
  }
  interface FastifyRequest {
    /** The access key the call was made with; null for sessions and public calls. */
    accessKey: AccessKeyRow | null;
    /** Points the call committed, for the key log (a generation task's price). */
    keyPoints: number;
  }
}

/** `Authorization: Bearer <token>`, or the `token` header the console also sends (spec §7). */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const plain = request.headers.token;
  return typeof plain === 'string' && plain ? plain : null;
}

/** The secret of an access key: `X-Api-Key`, or a bearer value (or token header) starting with `ink_`. */
export function keySecretOf(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header.trim();
  const token = tokenOf(request);
  return token && looksLikeKey(token) ? token : null;
}

/** One route as the auth plugin saw it registered: what the key-scope tests walk. */
export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  permission?: RoutePermission;
  keyScope?: KeyScope;
}
const routeTables = new WeakMap<Ctx, RouteEntry[]>();
const keyLogs = new WeakMap<Ctx, KeyLogWriter>();
/** Every route guarded by the auth plugin, with its config (the key scope matrix). */
export const routeTableOf = (ctx: Ctx): readonly RouteEntry[] => routeTables.get(ctx) ?? [];
/** Writes what the key log has pending: before reading it, so a caller sees its own calls. */
export const flushKeyLog = (ctx: Ctx) => keyLogs.get(ctx)?.flush() ?? Promise.resolve();

/** A stand-in session for a key's call: never locked. Routes that act on the session have no keyScope. */
const keySession = (p: KeyPrincipal): Authenticated['session'] => ({
  id: 0,
  tokenHash: '',
  accountId: p.account.id,
  ip: null,
  userAgent: null,
  locked: false,
  createdAt: p.key.createdAt,
  lastUsedAt: p.key.createdAt,
  endedAt: null,
  endReason: null,
});

const KEY_SECURITY = [{ bearer: [] }, { accessKey: [] }, { apiKey: [] }];

/**
 * Every API route needs a session unless its config says `public: true`: secure by default.
 * An access key is decided before the body is read: a prefix check on the bearer
 * value (or X-Api-Key), then its state (401), addresses (403), rate limit (429) and the route's
 * keyScope (403); a session token never reaches the key lookup.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('accessKey', null);
  app.decorateRequest('keyPoints', 0);
  app.decorateRequest('accountId', {
    getter(this: FastifyRequest) {
      return authOf(this).account.id;
    },
  });
  const { ctx } = app;
  const table: RouteEntry[] = [];
  routeTables.set(ctx, table);
  const keyLog = new KeyLogWriter(ctx);
  keyLogs.set(ctx, keyLog);
  const limiter = new KeyRateLimiter();

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: boolean; permission?: RoutePermission; keyScope?: KeyScope };
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, public: Boolean(config.public), permission: config.permission, keyScope: config.keyScope });
    }
    // The OpenAPI document says which routes take a key, and with which scope.
    if (!config.public && route.schema) {
      const schema = route.schema as { security?: unknown; description?: string };
      schema.security = config.keyScope ? KEY_SECURITY : [{ bearer: [] }];
      const note = config.keyScope
        ? `Access keys with the \`${config.keyScope}\` scope may call it.`
        : 'Access keys are refused: a session only.';
      schema.description = schema.description ? `${schema.description}\n\n${note}` : note;
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url) return;
    if (hasKeyInQuery(request.url)) throw unauthorized('http.keyInAddress');
    const config = request.routeOptions.config;
    if (config.public) return;
    const secret = keySecretOf(request);
    if (!secret) return;
    const { principal, refusal } = await findUsableKey(ctx, secret);
    if (!principal) throw refusal!;
    const { key } = principal;
    request.accessKey = key;
    if (refusal) throw refusal;
    const window = limiter.take(key.id, key.rateLimit ?? ctx.config.keys.rateLimit, ctx.now().getTime());
    reply.header('ratelimit-limit', window.limit).header('ratelimit-remaining', window.remaining).header('ratelimit-reset', window.reset);
    reply.header('ratelimit-policy', `${window.limit};w=60`);
    if (!window.allowed) {
      reply.header('retry-after', window.reset);
      throw tooManyForKey(window);
    }
    checkKeyUse(key, config.keyScope, request.ip);
    request.auth = {
      session: keySession(principal),
      account: principal.account,
      user: principal.account,
      roles: principal.roles,
      token: secret,
    };
  });

  app.addHook('onResponse', async (request, reply) => {
    const key = request.accessKey;
    if (!key) return;
    const at = request.url.indexOf('?');
    keyLog.add({
      accountId: key.accountId,
      keyId: key.id,
      method: request.method,
      path: (at < 0 ? request.url : request.url.slice(0, at)).slice(0, 500),
      status: reply.statusCode,
      ip: request.ip,
      durationMs: Math.round(reply.elapsedTime),
      points: request.keyPoints,
      createdAt: ctx.now(),
    });
  });
  app.addHook('onClose', async () => {
    await keyLog.flush();
  });

  // A session is checked on request too, before the body is read and validated: a caller without
  // one learns nothing about the route's input (401, never a 400 naming a field).
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url || config.public) return;
    if (!request.accessKey) {
      const token = tokenOf(request);
      if (!token) throw unauthorized();
      request.auth = await resolveSession(app.ctx, token);
      if (request.auth.session.locked && !config.whileLocked) {
        throw new DomainError(ResultCode.SESSION_LOCKED, 'http.screenLocked', {}, 403);
      }
    }
    await checkPermission(request, config.permission);
  });

  /**
   * The permission the route declares, for a session and a key alike: a route that
   * declares none answers 403 to everyone (and fails the route-table test).
   */
  async function checkPermission(request: FastifyRequest, permission: RoutePermission | undefined) {
    const auth = authOf(request);
    const held = heldRoles(auth);
    let codes: Set<string> | null = null;
    if (permission !== undefined && permission !== SIGNED_IN && !held.has(ADMIN_ROLE)) codes = await heldCodes(ctx, auth);
    if (!allows(permission, held, () => codes ?? new Set())) {
      throw permission === ADMIN_ONLY
        ? forbidden('http.adminOnly')
        : permission
          ? forbidden('http.missingPermission', { permission })
          : forbidden('http.noPermissionDeclared');
    }
    if (auth.user.mustChangePassword && permission !== SIGNED_IN) {
      throw forbidden('http.passwordResetFirst');
    }
    const roleCodes = auth.roles.map((role) => role.code);
    if (permission !== SIGNED_IN && mustBindAuthenticator(ctx.config, auth.user, roleCodes)) {
      throw forbidden('http.authenticatorFirst');
    }
  }
});

/** The session of an authenticated route (the hook guarantees it). */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
