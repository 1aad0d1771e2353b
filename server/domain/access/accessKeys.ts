import { createHash, randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import dayjs from 'dayjs';
import { ResultCode } from '../../../contract/codes';
import {
  KEY_PREFIX_LENGTH,
  KEY_SECRET_PREFIX,
  type AccessKeyAddBody,
  type AccessKeyEditBody,
  type KeyScope,
} from '../../../contract/schemas/accessKey';
import type { Ctx } from '../context';
import { hasChanges } from '../changes';
import * as q from '../../db/accessKeys';
import type { AccessKeyRow, KeyPrincipal } from '../../db/accessKeys';
import { KeyLogBatch, type KeyLogValues } from '../../db/keyLogBatch';
import { label } from '../../i18n/messages';
import { DomainError, forbidden, invalid, notFound, unauthorized } from '../errors';

export type { AccessKeyRow, KeyPrincipal };

/** A new secret: `ink_` and 32 base64url characters (192 random bits). */
export const newSecret = () => `${KEY_SECRET_PREFIX}${randomBytes(24).toString('base64url')}`;
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const prefixOf = (secret: string) => secret.slice(0, KEY_PREFIX_LENGTH);

/** Whether a bearer value is an access key rather than a session token (session tokens never start so). */
export const looksLikeKey = (value: string) => value.startsWith(KEY_SECRET_PREFIX);

/** A key's secret as it appears in a query string: refused wherever it is (keys travel in headers only). */
const SECRET_IN_TEXT = /(?:^|[?&=])ink_[A-Za-z0-9_-]{16,}/;
export function hasKeyInQuery(url: string): boolean {
  const at = url.indexOf('?');
  if (at < 0 || !url.includes('ink_', at)) return false;
  const query = url.slice(at).replace(/\+/g, ' ');
  try {
    return SECRET_IN_TEXT.test(decodeURIComponent(query));
  } catch {
    return SECRET_IN_TEXT.test(query); // a malformed escape elsewhere in the query
  }
}

/** Parses "YYYY-MM-DD HH:mm:ss" (server time) into a date, or says which field is wrong. */
function parseDateTime(value: string, field: string): Date {
  const at = dayjs(value, 'YYYY-MM-DD HH:mm:ss');
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) || !at.isValid()) throw invalid('accessKey.dateTime', { field: label(field) });
  return at.toDate();
}

/** Each allow-list entry as an address or CIDR range; the first bad one is named. */
export function normaliseIps(entries: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (!family || !okBits || extra !== undefined)
      throw invalid('accessKey.badIp', { field: label('allowed_ips'), entry: entry.slice(0, 64) });
    if (!out.includes(entry)) out.push(entry);
  }
  return out;
}

const blockLists = new Map<string, BlockList>();
/** Whether `ip` falls in the allow-list (an empty list allows every address). */
export function ipAllowed(allowed: readonly string[], ip: string): boolean {
  if (allowed.length === 0) return true;
  const id = allowed.join(',');
  let list = blockLists.get(id);
  if (!list) {
    list = new BlockList();
    for (const entry of allowed) {
      const [address, bits] = entry.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(bits), type);
    }
    if (blockLists.size > 1000) blockLists.clear();
    blockLists.set(id, list);
  }
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const type = isIP(mapped) === 6 ? 'ipv6' : 'ipv4';
  return isIP(mapped) !== 0 && list.check(mapped, type);
}

export type KeyStatus = 'active' | 'disabled' | 'expired';
export const statusOf = (key: AccessKeyRow, now: Date): KeyStatus =>
  key.disabled ? 'disabled' : key.expiresAt && key.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';

/* ---- managing keys ---- */

export async function createKey(ctx: Ctx, accountId: number, body: AccessKeyAddBody) {
  const secret = newSecret();
  const expiresAt = body.expires_at ? parseDateTime(body.expires_at, 'expires_at') : null;
  if (expiresAt && expiresAt.getTime() <= ctx.now().getTime()) throw invalid('accessKey.expiresPast');
  const key = await q.insertKey(ctx.db, {
    accountId,
    name: body.name.trim() || 'key',
    prefix: prefixOf(secret),
    secretHash: hashSecret(secret),
    scopes: [...body.scopes],
    allowedIps: normaliseIps(body.allowed_ips ?? []),
    rateLimit: body.rate_limit ?? null,
    expiresAt,
    createdAt: ctx.now(),
  });
  return { key, secret };
}

export async function keyOf(ctx: Ctx, accountId: number, id: number) {
  const key = await q.findKey(ctx.db, accountId, id);
  if (!key) throw notFound('accessKey.notFound', { id });
  return key;
}

export async function editKey(ctx: Ctx, accountId: number, body: AccessKeyEditBody) {
  const key = await keyOf(ctx, accountId, body.id);
  const expiresAt =
    body.expires_at === undefined ? undefined : body.expires_at === null ? null : parseDateTime(body.expires_at, 'expires_at');
  const changes = {
    ...(body.name !== undefined ? { name: body.name.trim() || key.name } : {}),
    ...(body.scopes ? { scopes: [...body.scopes] } : {}),
    ...(body.allowed_ips ? { allowedIps: normaliseIps(body.allowed_ips) } : {}),
    ...(body.rate_limit !== undefined ? { rateLimit: body.rate_limit } : {}),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
  };
  return hasChanges(changes) ? q.updateKey(ctx.db, key.id, changes) : key;
}

export async function setKeyDisabled(ctx: Ctx, accountId: number, id: number, disabled: boolean) {
  const key = await keyOf(ctx, accountId, id);
  return q.updateKey(ctx.db, key.id, { disabled });
}

/**
 * A new secret for the key. The previous one keeps working for `graceSeconds` (0: it ends now);
 * a secret from an earlier rotation ends now either way.
 */
export async function rotateKey(ctx: Ctx, accountId: number, id: number, graceSeconds: number) {
  const key = await keyOf(ctx, accountId, id);
  const secret = newSecret();
  // The previous secret is kept (until the next rotation) so it is told apart from a forged one.
  const row = await q.updateKey(ctx.db, key.id, {
    prefix: prefixOf(secret),
    secretHash: hashSecret(secret),
    oldSecretHash: key.secretHash,
    oldSecretEndsAt: new Date(ctx.now().getTime() + graceSeconds * 1000),
  });
  return { key: row, secret };
}

/** Deletes the key: its secrets get 401 from now on; its log entries stay (until retention). */
export async function deleteKey(ctx: Ctx, accountId: number, id: number) {
  const key = await keyOf(ctx, accountId, id);
  await q.updateKey(ctx.db, key.id, {
    deletedAt: ctx.now(),
    disabled: true,
    oldSecretHash: null,
    oldSecretEndsAt: null,
    secretHash: `deleted:${key.id}:${key.secretHash}`,
  });
}

/* ---- authenticating with a key ---- */

/**
 * The key a secret belongs to, or 401: unknown (forged, truncated, deleted), disabled, expired,
 * a previous secret past its grace period, or an account that is disabled.
 */
export async function findUsableKey(ctx: Ctx, secret: string): Promise<{ principal: KeyPrincipal | null; refusal: DomainError | null }> {
  const hash = hashSecret(secret);
  const principal = await q.findKeyPrincipal(ctx.db, hash);
  if (!principal || principal.key.deletedAt) return { principal: null, refusal: unauthorized('accessKey.invalid') };
  const { key } = principal;
  const now = ctx.now();
  const refusal =
    key.secretHash !== hash && (!key.oldSecretEndsAt || key.oldSecretEndsAt.getTime() <= now.getTime())
      ? unauthorized('accessKey.rotated')
      : key.disabled
        ? unauthorized('accessKey.disabled')
        : key.expiresAt && key.expiresAt.getTime() <= now.getTime()
          ? unauthorized('accessKey.expired')
          : principal.account.disabled
            ? unauthorized('auth.accountDisabled')
            : null;
  return { principal, refusal };
}

/** 403 unless the key may call a route needing `scope` from `ip`. */
export function checkKeyUse(key: AccessKeyRow, scope: KeyScope | undefined, ip: string) {
  if (!ipAllowed(key.allowedIps, ip)) throw forbidden('accessKey.ipRefused', { ip });
  if (!scope) throw forbidden('accessKey.routeRefusesKeys');
  if (!key.scopes.includes(scope)) throw forbidden('accessKey.scopeMissing', { scope });
}

/* ---- rate limits ---- */

export interface RateWindow {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  reset: number;
  allowed: boolean;
}

/**
 * Requests per key per minute, counted in this process's memory in fixed one-minute windows
 * (as @fastify/rate-limit does for the per-address limits).
 */
export class KeyRateLimiter {
  private windows = new Map<number, { start: number; used: number }>();
  take(keyId: number, limit: number, nowMs: number): RateWindow {
    let w = this.windows.get(keyId);
    if (!w || nowMs - w.start >= 60_000) {
      if (this.windows.size > 10_000) this.prune(nowMs);
      w = { start: nowMs, used: 0 };
      this.windows.set(keyId, w);
    }
    const allowed = w.used < limit;
    if (allowed) w.used++;
    return { limit, remaining: Math.max(0, limit - w.used), reset: Math.max(1, Math.ceil((w.start + 60_000 - nowMs) / 1000)), allowed };
  }
  private prune(nowMs: number) {
    for (const [id, w] of this.windows) if (nowMs - w.start >= 60_000) this.windows.delete(id);
  }
}

export const tooManyForKey = (window: RateWindow) =>
  new DomainError(ResultCode.RATE_LIMITED, 'accessKey.rateLimited', { limit: window.limit, seconds: window.reset }, 429);

/* ---- the key log ---- */

/**
 * Calls made with keys, written in batches (every `everyMs`, or at `maxBatch` entries), so
 * logging adds no write to a key's request. `flush` writes what is pending (the log's reads and
 * the server's close call it). The log is kept `retentionDays`; older entries go at most hourly.
 *
 * On the embedded database a batch's write runs in the requests' thread, and a write's fixed
 * part (the statement, the commit, the usage upsert) weighs as much as a few hundred rows. Rows
 * through binary COPY cost about 15 µs each written 500 at a time, 13–14 µs 2,000 at a time and
 * 11 µs 5,000 at a time (medians on the shared 2-core machine); 2,000 keeps each write's pause of
 * the requests near 25 ms rather than 60 (the 10 % budget against the key calls' p99).
 * What is pending is bounded by `maxBatch`: at that size it is handed to the writer.
 */
export class KeyLogWriter {
  private pending = new KeyLogBatch();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private lastPurge = 0;
  constructor(
    private readonly ctx: Ctx,
    private readonly everyMs = 1000,
    private readonly maxBatch = 2000,
  ) {}

  add(entry: KeyLogValues) {
    this.pending.add(entry);
    if (this.pending.size >= this.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.everyMs);
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new KeyLogBatch();
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: KeyLogBatch) {
    try {
      await q.writeKeyLog(this.ctx, batch);
      const now = this.ctx.now();
      if (now.getTime() - this.lastPurge > 3_600_000) {
        this.lastPurge = now.getTime();
        await q.purgeKeyLog(this.ctx.db, new Date(now.getTime() - this.ctx.config.keys.logRetentionDays * 86_400_000));
      }
    } catch (error) {
      this.ctx.log.error({ err: error }, 'could not write the access key log');
    }
  }
}
