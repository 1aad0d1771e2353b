import { createHash, randomBytes } from 'node:crypto';
import type { Ctx } from '../context';
import type { DbOrTx } from '../../db/connection';
import * as q from '../../db/sessions';
import type { AccountRow } from '../../db/accounts';
import { repeatLogin, sessionExpired, unauthorized } from '../errors';

export type Account = AccountRow;
export interface Authenticated {
  session: q.SessionRow;
  /**
   * The account whose data this session works on: the user's own, or for a sub-account its
   * owner's. Sites, articles, tasks and points are scoped by `account.id`.
   */
  account: Account;
  /** Who is signed in: the same row as `account` for an owner, the sub-account itself otherwise. */
  user: Account;
  /** The account's roles, `{ code, name }`, in the order they were created. */
  roles: q.HeldRole[];
  /** The bearer token as presented. */
  token: string;
}

/**
 * Last-use stamps are written at most once a minute, and at most every quarter of SESSION_TTL: a
 * session in use never lapses, however short the TTL.
 */
const TOUCH_EVERY_MS = 60_000;
const touchEvery = (sessionTtlSeconds: number) => Math.min(TOUCH_EVERY_MS, (sessionTtlSeconds * 1000) / 4);

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** Starts a session and returns its bearer token: random, shown once, stored only as a hash. */
/** Starts a session of the account; `asLogin: false` for one the operator starts as the user (not the user's login). */
export async function startSession(
  ctx: Pick<Ctx, 'db' | 'now' | 'config'>,
  accountId: number,
  client: ClientInfo,
  db: DbOrTx = ctx.db,
  asLogin = true,
) {
  let token = randomBytes(32).toString('base64url');
  // `ink_` marks an access key: a session token never starts so.
  while (token.startsWith('ink_')) token = randomBytes(32).toString('base64url');
  const at = ctx.now();
  const session = await q.insertSession(db, { tokenHash: hashToken(token), accountId, ip: client.ip, userAgent: client.userAgent, at });
  if (asLogin) await q.stampLastLogin(db, accountId, at);
  // One session per user (the operator's setting): the user's older sessions end here, told why.
  if (asLogin && ctx.config.oneSessionPerUser) await q.replaceSessionsOfAccount(db, accountId, at, session.id);
  return { token, session };
}

export const setSessionLocked = (ctx: Pick<Ctx, 'db'>, sessionId: number, locked: boolean) => q.setSessionLocked(ctx.db, sessionId, locked);

/**
 * The session a token belongs to, with its account and roles. Unknown or ended: 401 with code 401.
 * Unused for longer than SESSION_TTL: 401 with code 100007, so the console offers its re-login
 * overlay. On the embedded database the lookup is answered from memory until a session, account
 * or role is written, so a logout, a lock or a disabled account still counts from the next request.
 */
export async function resolveSession(ctx: Ctx, token: string): Promise<Authenticated> {
  const found = await q.findPrincipalByTokenHash(ctx.db, hashToken(token));
  if (found?.session.endReason === 'replaced') throw repeatLogin();
  if (!found || found.session.endedAt || found.account.disabled) throw unauthorized();
  // A sub-account of a removed or disabled owner is out too.
  if (found.account.ownerId !== null && (!found.owner || found.owner.disabled)) throw unauthorized();
  const now = ctx.now();
  const idle = now.getTime() - found.session.lastUsedAt.getTime();
  if (idle > ctx.config.sessionTtl * 1000) throw sessionExpired();
  if (idle > touchEvery(ctx.config.sessionTtl)) await q.touchSession(ctx.db, found.session.id, now);
  const { owner, account: user, ...rest } = found;
  return { ...rest, user, account: owner ?? user, token };
}

/** Whether the session of a token's hash is still on: not ended, not idle past SESSION_TTL, its account (and owner) enabled. */
export async function sessionLive(ctx: Pick<Ctx, 'db' | 'now' | 'config'>, tokenHash: string): Promise<boolean> {
  const found = await q.findPrincipalByTokenHash(ctx.db, tokenHash);
  if (!found || found.session.endedAt || found.account.disabled) return false;
  if (found.account.ownerId !== null && (!found.owner || found.owner.disabled)) return false;
  return ctx.now().getTime() - found.session.lastUsedAt.getTime() <= ctx.config.sessionTtl * 1000;
}

export const endSession = (ctx: Ctx, sessionId: number) => q.endSession(ctx.db, sessionId, ctx.now());

/** Ends every session of the account but `exceptSessionId` (all of them when it is absent). */
export const endOtherSessions = (ctx: Pick<Ctx, 'db' | 'now'>, accountId: number, exceptSessionId?: number, db: DbOrTx = ctx.db) =>
  q.endSessionsOfAccount(db, accountId, ctx.now(), exceptSessionId);
