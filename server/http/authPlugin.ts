import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../contract/codes';
import { DomainError, unauthorized } from '../domain/errors';
import { resolveSession, type Authenticated } from '../domain/sessions';

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

/** `Authorization: Bearer <token>`, or the `token` header the console also sends (spec §7). */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const plain = request.headers.token;
  return typeof plain === 'string' && plain ? plain : null;
}

/**
 * Every API route needs a session unless its config says `public: true`: secure by default.
 * Checked on request, before the body is read and validated: a caller without a session learns
 * nothing about the route's input (401, never a 400 naming a field).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url || config.public) return;
    const token = tokenOf(request);
    if (!token) throw unauthorized();
    request.auth = await resolveSession(app.ctx, token);
    if (request.auth.session.locked && !config.whileLocked) {
      throw new DomainError(ResultCode.SESSION_LOCKED, 'The screen is locked: unlock it with your password', 403);
    }
  });
});

/** The session of an authenticated route (the hook guarantees it). */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
