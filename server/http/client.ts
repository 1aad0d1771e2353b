import type { FastifyRequest } from 'fastify';
import type { Client } from '../domain/access/auth';
import { hashToken } from '../domain/access/sessions';
import { tokenOf } from './authPlugin';

/** The caller's address (behind a proxy when TRUST_PROXY=1) and user agent, for sessions and the abuse rules. */
export const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
  language: request.language,
});

/**
 * Per-address limits of the routes that check secrets or send messages (in each process's memory;
 * the captcha rules, kept in the database, hold across processes).
 */
export const limits = {
  /** Password, code and registration attempts. */
  login: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  /** Captcha pictures and QR codes. */
  images: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  /** Mail and SMS sending (besides the per-target cooldown). */
  send: { rateLimit: { max: 10, timeWindow: '1 minute' } },
  /**
   * Checks of a secret by a signed-in session (unlock, password change, authenticator binding):
   * counted per session, so one user's lock screen is not limited by others behind the same address.
   */
  password: {
    rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => sessionKey(request) },
  },
  /** The QR login page polls about every 2 s. */
  poll: { rateLimit: { max: 120, timeWindow: '1 minute' } },
} as const;

/** The rate-limit key of an authenticated route: the session (by token hash), else the address. */
function sessionKey(request: FastifyRequest): string {
  const token = tokenOf(request);
  return token ? `session:${hashToken(token)}` : `ip:${request.ip}`;
}
