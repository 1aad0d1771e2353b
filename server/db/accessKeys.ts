import { and, asc, count, desc, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PgliteClient } from './pgliteThreadClient';
import type { Db, DbOrTx } from './types';
import { WatchedCache, type WriteWatch } from './writeWatch';
import type { KeyLogBatch, KeyUse } from './keyLogBatch';
import { KEY_LOG_COLUMNS, keyLogCopyBinary } from './keyLogCopy';
import type { HeldRole } from './sessions';
import { accessKeyLog, accessKeyUsage, accessKeys, accountRoles, accounts, roles } from './schema';

export type AccessKeyRow = typeof accessKeys.$inferSelect;
export type KeyLogRow = typeof accessKeyLog.$inferSelect;

/** Tables a cached key principal is made of (besides the session principal's accounts and roles). */
export const KEY_TABLES = ['access_keys'] as const;

export async function insertKey(db: DbOrTx, values: typeof accessKeys.$inferInsert) {
  const [row] = await db.insert(accessKeys).values(values).returning();
  return row;
}

/** A key of the account that is not deleted. */
export async function findKey(db: DbOrTx, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(accessKeys)
    .where(and(eq(accessKeys.id, id), eq(accessKeys.accountId, accountId), isNull(accessKeys.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function updateKey(db: DbOrTx, id: number, values: Partial<typeof accessKeys.$inferInsert>) {
  const [row] = await db.update(accessKeys).set(values).where(eq(accessKeys.id, id)).returning();
  return row;
}

/** The account's keys (not deleted), newest first, with when and where each was last used. */
export async function listKeys(db: DbOrTx, accountId: number, page: { limit: number; offset: number }) {
  const where = and(eq(accessKeys.accountId, accountId), isNull(accessKeys.deletedAt));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ key: accessKeys, lastUsedAt: accessKeyUsage.lastUsedAt, lastUsedIp: accessKeyUsage.lastUsedIp })
      .from(accessKeys)
      .leftJoin(accessKeyUsage, eq(accessKeyUsage.keyId, accessKeys.id))
      .where(where)
      .orderBy(desc(accessKeys.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(accessKeys).where(where),
  ]);
  return { rows, total };
}

/** Every key of the account (deleted ones too), for the log's key filter and names. */
export const allKeysOf = (db: DbOrTx, accountId: number) =>
  db
    .select({ id: accessKeys.id, name: accessKeys.name, prefix: accessKeys.prefix, deletedAt: accessKeys.deletedAt })
    .from(accessKeys)
    .where(eq(accessKeys.accountId, accountId))
    .orderBy(desc(accessKeys.id));

/* ---- resolving a secret ---- */

const roleList = sql<HeldRole[]>`coalesce((
  select json_agg(json_build_object('code', ${roles.code}, 'name', ${roles.name}) order by ${roles.id})
  from ${accountRoles} join ${roles} on ${roles.id} = ${accountRoles.roleId}
  where ${accountRoles.accountId} = ${accounts.id}), '[]'::json)`;

const prepareKeyQuery = (db: DbOrTx) =>
  db
    .select({ key: accessKeys, account: accounts, roles: roleList })
    .from(accessKeys)
    .innerJoin(accounts, eq(accounts.id, accessKeys.accountId))
    .where(or(eq(accessKeys.secretHash, sql.placeholder('hash')), eq(accessKeys.oldSecretHash, sql.placeholder('hash'))))
    .limit(1)
    .prepare('inkpress_key_principal_by_hash');
const keyQueries = new WeakMap<DbOrTx, ReturnType<typeof prepareKeyQuery>>();

export type KeyPrincipal = Awaited<ReturnType<ReturnType<typeof prepareKeyQuery>['execute']>>[number];

const caches = new WeakMap<object, WatchedCache<KeyPrincipal | null>>();

/** Lets findKeyPrincipal answer from memory while `watch` sees no write (as cachePrincipals). */
export function cacheKeyPrincipals(db: Db, watch: WriteWatch) {
  caches.set(db, new WatchedCache<KeyPrincipal | null>(watch));
}

const copy = (p: KeyPrincipal): KeyPrincipal => ({ key: { ...p.key }, account: { ...p.account }, roles: p.roles.map((r) => ({ ...r })) });

/** The key whose current or previous secret has this hash, with its account and the account's roles. */
export async function findKeyPrincipal(db: DbOrTx, hash: string): Promise<KeyPrincipal | null> {
  const cache = caches.get(db);
  const hit = cache?.get(hash);
  if (hit !== undefined) return hit && copy(hit);
  const readAt = cache?.watch.generation ?? 0;
  let query = keyQueries.get(db);
  if (!query) keyQueries.set(db, (query = prepareKeyQuery(db)));
  const [row] = await query.execute({ hash });
  cache?.put(hash, row ? copy(row) : null, readAt);
  return row ?? null;
}

/* ---- the key log ---- */

/**
 * A batch on PostgreSQL: one array parameter a column (unnest) rather than nine parameters a row,
 * so the server binds nine values, not thousands.
 */
function insertKeyLogRows(db: DbOrTx, b: KeyLogBatch) {
  return db.execute(sql`
    insert into access_key_log (${sql.raw(KEY_LOG_COLUMNS)})
    select * from unnest(
      ${sql.param(b.accountIds)}::integer[], ${sql.param(b.keyIds)}::integer[], ${sql.param(b.methods)}::text[],
      ${sql.param(b.paths)}::text[], ${sql.param(b.statuses)}::integer[], ${sql.param(b.ips)}::text[],
      ${sql.param(b.durations)}::integer[], ${sql.param(b.points)}::integer[],
      ${sql.param(b.times.map((t) => new Date(t).toISOString()))}::timestamptz[])`);
}

/** Each key's latest use in the batch, kept in access_key_usage. */
const usageUpsert = (db: DbOrTx, uses: KeyUse[]) =>
  db
    .insert(accessKeyUsage)
    .values(uses.map((u) => ({ keyId: u.keyId, lastUsedAt: u.at, lastUsedIp: u.ip })))
    .onConflictDoUpdate({
      target: accessKeyUsage.keyId,
      set: { lastUsedAt: sql`excluded.last_used_at`, lastUsedIp: sql`excluded.last_used_ip` },
      setWhere: sql`${accessKeyUsage.lastUsedAt} <= excluded.last_used_at`,
    });

/**
 * Writes a batch of the key log and each key's latest use, in one transaction. On the embedded
 * database (`pglite` set) the rows go through COPY (binary, db/keyLogCopy.ts): there they cost
 * less than through unnest (the database's thread has fewer rows to parse out of the statement);
 * node-postgres has no COPY FROM STDIN of its own.
 */
export async function writeKeyLog(target: { db: Db; pglite: PgliteClient | null }, batch: KeyLogBatch) {
  if (!batch.size) return;
  const uses = batch.latestUses();
  const { db, pglite } = target;
  if (!pglite) {
    await db.transaction(async (tx) => {
      await insertKeyLogRows(tx, batch);
      await usageUpsert(tx, uses);
    });
    return;
  }
  const usage = usageUpsert(db, uses).toSQL();
  const blob = new Blob([keyLogCopyBinary(batch)]);
  await pglite.transaction(async (tx) => {
    await tx.query(`copy access_key_log (${KEY_LOG_COLUMNS}) from '/dev/blob' with (format binary)`, [], { blob });
    await tx.query(usage.sql, usage.params);
  });
}

export const purgeKeyLog = (db: DbOrTx, before: Date) => db.delete(accessKeyLog).where(lt(accessKeyLog.createdAt, before));

export interface KeyLogFilter {
  accountId: number;
  keyId?: number;
  /** An exact status, or a class: 2 → 2xx, 4 → 4xx, 5 → 5xx. */
  status?: number;
  from?: Date;
  to?: Date;
}

function logConditions(f: KeyLogFilter) {
  const status =
    f.status === undefined
      ? undefined
      : f.status < 10
        ? and(gte(accessKeyLog.status, f.status * 100), lt(accessKeyLog.status, f.status * 100 + 100))
        : eq(accessKeyLog.status, f.status);
  return and(
    eq(accessKeyLog.accountId, f.accountId),
    f.keyId ? eq(accessKeyLog.keyId, f.keyId) : undefined,
    status,
    f.from ? gte(accessKeyLog.createdAt, f.from) : undefined,
    f.to ? lte(accessKeyLog.createdAt, f.to) : undefined,
  );
}

const logColumns = { log: accessKeyLog, keyName: accessKeys.name, keyPrefix: accessKeys.prefix };

export async function listKeyLog(db: DbOrTx, f: KeyLogFilter, page: { limit: number; offset: number }) {
  const where = logConditions(f);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(logColumns)
      .from(accessKeyLog)
      .innerJoin(accessKeys, eq(accessKeys.id, accessKeyLog.keyId))
      .where(where)
      .orderBy(desc(accessKeyLog.createdAt), desc(accessKeyLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(accessKeyLog).where(where),
  ]);
  return { rows, total };
}

export type KeyLogEntry = Awaited<ReturnType<typeof listKeyLog>>['rows'][number];

/** A page of the filtered log in id order after `afterId` (the CSV export's stream). */
export async function keyLogPage(db: DbOrTx, f: KeyLogFilter, afterId: number, limit: number) {
  const rows = await db
    .select(logColumns)
    .from(accessKeyLog)
    .innerJoin(accessKeys, eq(accessKeys.id, accessKeyLog.keyId))
    .where(and(logConditions(f), gt(accessKeyLog.id, afterId)))
    .orderBy(asc(accessKeyLog.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, id: r.log.id }));
}
