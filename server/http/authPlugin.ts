import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../contract/codes';
import { DomainError, forbidden, unauthorized } from '../domain/errors';
import { resolveSession, type Authenticated } from '../domain/sessions';
import { ADMIN_ONLY, ADMIN_ROLE, allows, codesHeld, heldRoles, SIGNED_IN } from '../domain/permissions';
import { permissionTable } from '../db/permissionTable';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; set on every route that is not public. */
    auth: Authenticated | null;
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
    permission?: string;
  }
}

/** A registered API route and who may call it (issue 14): what the route-table tests walk. */
export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  permission: string | undefined;
}
const routeTables = new WeakMap<object, RouteEntry[]>();
/** Every route registered under the auth plugin of the app with this context. */
export const routeTableOf = (ctx: object): readonly RouteEntry[] => routeTables.get(ctx) ?? [];

/** `Authorization: Bearer <token>`, or the `token` header the console also sends (spec §7). */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const plain = request.headers.token;
  return typeof plain === 'string' && plain ? plain : null;
}

/**
 * Every API route needs a session unless its config says `public: true`, and the permission its
 * config declares (issue 14): a route that declares none answers 403 to everyone (and fails the
 * route-table test). The roles are the signed-in user's; a sub-account's data account is resolved
 * once, in resolveSession (`auth.account` is the owner's, `auth.user` the sub-account).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  const table: RouteEntry[] = [];
  routeTables.set(app.ctx, table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = (route.config ?? {}) as { public?: boolean; permission?: string };
    for (const method of methods) table.push({ method, url: route.url, public: !!config.public, permission: config.permission });
  });
  // Before the input is validated: a caller without the permission learns nothing of the schema.
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url || config.public) return;
    const token = tokenOf(request);
    if (!token) throw unauthorized();
    request.auth = await resolveSession(app.ctx, token);
    if (request.auth.session.locked && !config.whileLocked) {
      throw new DomainError(ResultCode.SESSION_LOCKED, 'The screen is locked: unlock it with your password', 403);
    }
    const permission = config.permission;
    const held = heldRoles(request.auth);
    let codes: Set<string> | null = null;
    if (permission !== undefined && permission !== SIGNED_IN && !held.has(ADMIN_ROLE)) codes = codesHeld(await permissionTable(app.ctx.db), held);
    if (!allows(permission, held, () => codes ?? new Set())) {
      throw forbidden(
        permission === ADMIN_ONLY ? 'Only an administrator can do this' : permission ? `You do not have the permission "${permission}"` : 'This route declares no permission',
      );
    }
    if (request.auth.user.mustChangePassword && permission !== SIGNED_IN) {
      throw forbidden('Your password was reset: change it before anything else');
    }
  });
});

/** The session of an authenticated route (the hook guarantees it). */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
