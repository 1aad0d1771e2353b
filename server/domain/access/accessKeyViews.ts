import dayjs from 'dayjs';
import type { AccessKey, AccessKeyListQuery, KeyLogEntry, KeyLogList, KeyLogQuery, KeyScope } from '../../../contract/schemas/accessKey';
import type { List } from '../../../contract/schemas/common';
import { dateTime } from '../../../contract/dateTime';
import * as q from '../../db/accessKeys';
import type { Ctx } from '../context';
import { statusOf, type AccessKeyRow } from './accessKeys';
import { pageWindow } from '../pageWindow';

/** Access keys and their call log as the API shows them. Callers flush the key log first. */

export const toKey = (
  ctx: Pick<Ctx, 'now' | 'config'>,
  row: AccessKeyRow,
  usage?: { lastUsedAt: Date | null; lastUsedIp: string | null },
): AccessKey => {
  const now = ctx.now();
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as KeyScope[],
    allowed_ips: row.allowedIps,
    rate_limit: row.rateLimit ?? ctx.config.keys.rateLimit,
    expires_at: row.expiresAt ? dateTime(row.expiresAt) : null,
    status: statusOf(row, now),
    old_secret_ends_at: row.oldSecretEndsAt && row.oldSecretEndsAt > now ? dateTime(row.oldSecretEndsAt) : null,
    created_at: dateTime(row.createdAt),
    last_used_at: usage?.lastUsedAt ? dateTime(usage.lastUsedAt) : null,
    last_used_ip: usage?.lastUsedIp ?? null,
  };
};

/** The log filter of a query: dates as days (`to` takes the whole day) or exact times, in server time. */
const logFilter = (accountId: number, query: KeyLogQuery): q.KeyLogFilter => ({
  accountId,
  keyId: query.key_id,
  status: query.status,
  from: query.from ? dayjs(query.from).toDate() : undefined,
  to: query.to ? (query.to.length === 10 ? dayjs(query.to).endOf('day').toDate() : dayjs(query.to).toDate()) : undefined,
});

const toLogEntry = ({ log, keyName, keyPrefix }: q.KeyLogEntry): KeyLogEntry => ({
  id: log.id,
  created_at: dateTime(log.createdAt),
  key_id: log.keyId,
  key_name: keyName,
  key_prefix: keyPrefix,
  method: log.method,
  path: log.path,
  status: log.status,
  ip: log.ip,
  duration_ms: log.durationMs,
  points: log.points,
});

export async function listKeys(
  ctx: Pick<Ctx, 'db' | 'now' | 'config'>,
  accountId: number,
  query: AccessKeyListQuery,
): Promise<List<AccessKey>> {
  const { rows, total } = await q.listKeys(ctx.db, accountId, { ...pageWindow(query) });
  return { list: rows.map((r) => toKey(ctx, r.key, r)), total };
}

export async function listKeyLog(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number, query: KeyLogQuery): Promise<KeyLogList> {
  const { rows, total } = await q.listKeyLog(ctx.db, logFilter(accountId, query), { ...pageWindow(query) });
  return { list: rows.map(toLogEntry), total, retention_days: ctx.config.keys.logRetentionDays };
}

/** The filtered log, page by page, oldest first (a spreadsheet's rows). */
export function keyLogPages(ctx: Pick<Ctx, 'db'>, accountId: number, query: KeyLogQuery) {
  const filter = logFilter(accountId, query);
  return async (afterId: number, limit: number) =>
    (await q.keyLogPage(ctx.db, filter, afterId, limit)).map((r) => ({ id: r.log.id, entry: toLogEntry(r) }));
}
