import type { Ctx } from '../context';
import * as q from '../../db/system';
import * as accountsDb from '../../db/accounts';
import { cleanText, isBadText } from '../text';

/**
 * The admin log: every write, append-only. Written by the http layer's hook for each
 * non-GET route (and the login calls), never edited or deleted by a route; entries older than
 * ADMIN_LOG_RETENTION_DAYS are purged.
 */

const SECRET_KEY = /pass|secret|token|credential|api_?key|private/i;
const isSecretCode = (key: string) => key === 'code' || (key.endsWith('_code') && key !== 'auth_code' && key !== 'invite_code');

/** A copy of `value` with every secret-looking field replaced by `***` (nested, arrays too), bounded in size. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return cleanText(value.length > 500 ? `${value.slice(0, 500)}…` : value);
  if (typeof value !== 'object') return value;
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>).slice(0, 50)) {
    out[cleanText(key)] = SECRET_KEY.test(key) || isSecretCode(key) ? '***' : maskSecrets(v, depth + 1);
  }
  return out;
}

export interface LogEntry {
  accountId: number | null;
  actorId: number | null;
  actorName: string;
  action: string;
  method: string;
  route: string;
  resource: string;
  resourceId: string | null;
  status: number;
  code: number | null;
  ip: string | null;
  userAgent: string | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAdminLog(ctx: Pick<Ctx, 'db' | 'now'>, entry: LogEntry) {
  await q.insertAdminLog(ctx.db, {
    ...entry,
    // What a refused request sent is recorded too: text the database cannot hold is replaced.
    actorName: cleanText(entry.actorName),
    resourceId: entry.resourceId === null ? null : cleanText(entry.resourceId.slice(0, 200)),
    userAgent: entry.userAgent === null ? null : cleanText(entry.userAgent),
    before: entry.before === undefined ? null : maskSecrets(entry.before),
    after: entry.after === undefined ? null : maskSecrets(entry.after),
    createdAt: ctx.now(),
  });
}

/** Who a login attempt was for (by username): its id and the account its data belongs to. */
export async function loginSubject(ctx: Pick<Ctx, 'db'>, by: { id?: number; username?: string }) {
  const username = by.username !== undefined && !isBadText(by.username) ? by.username : undefined;
  const account = by.id
    ? await accountsDb.findAccountById(ctx.db, by.id)
    : username
      ? await accountsDb.findAccountByUsername(ctx.db, username)
      : null;
  if (!account) return { actorId: null, accountId: null, actorName: by.username ?? '' };
  return { actorId: account.id, accountId: account.ownerId ?? account.id, actorName: account.username };
}

export async function purgeOldAdminLogs(ctx: Pick<Ctx, 'db' | 'now' | 'config'>) {
  await q.purgeAdminLogs(ctx.db, new Date(ctx.now().getTime() - ctx.config.adminLogRetentionDays * 86_400_000));
}
