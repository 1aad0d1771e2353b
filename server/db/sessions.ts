import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './types';
import { WatchedCache, type WriteWatch } from './writeWatch';
import { accountRoles, accounts, roles, sessions } from './schema';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: DbOrTx,
  values: { tokenHash: string; accountId: number; ip: string | null; userAgent: string | null; at: Date },
) {
  const { at, ...rest } = values;
  const [row] = await db
    .insert(sessions)
    .values({ ...rest, createdAt: at, lastUsedAt: at })
    .returning();
  return row;
}

/** A role the account holds, as `{ code, name }`. */
export interface HeldRole {
  code: string;
  name: string;
}

/**
 * The session with its account and the account's roles: one query (ended sessions included),
 * prepared once per database so PostgreSQL plans it once per connection.
 */
/** The owner of a sub-account, joined to the session's account. */
const owners = alias(accounts, 'owners');

const preparePrincipalQuery = (db: DbOrTx) =>
  db
    .select({
      session: sessions,
      account: accounts,
      owner: owners,
      roles: sql<HeldRole[]>`coalesce((
        select json_agg(json_build_object('code', ${roles.code}, 'name', ${roles.name}) order by ${roles.id})
        from ${accountRoles} join ${roles} on ${roles.id} = ${accountRoles.roleId}
        where ${accountRoles.accountId} = ${accounts.id}), '[]'::json)`,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(owners, eq(owners.id, accounts.ownerId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('inkpress_principal_by_token');
const principalQueries = new WeakMap<DbOrTx, ReturnType<typeof preparePrincipalQuery>>();

function queryPrincipal(db: DbOrTx, tokenHash: string) {
  let query = principalQueries.get(db);
  if (!query) principalQueries.set(db, (query = preparePrincipalQuery(db)));
  return query.execute({ tokenHash });
}
export type Principal = Awaited<ReturnType<typeof queryPrincipal>>[number];

/** Tables whose rows a cached principal is made of: a write to any of them drops the cache. */
export const PRINCIPAL_TABLES = ['sessions', 'accounts', 'account_roles', 'roles'] as const;
const caches = new WeakMap<object, WatchedCache<Principal>>();

/** Lets `findPrincipalByTokenHash` answer from memory on this database while `watch` sees no write to PRINCIPAL_TABLES. */
export function cachePrincipals(db: Db, watch: WriteWatch) {
  caches.set(db, new WatchedCache<Principal>(watch));
}

const copy = (p: Principal): Principal => ({
  session: { ...p.session },
  account: { ...p.account },
  owner: p.owner && { ...p.owner },
  roles: p.roles.map((r) => ({ ...r })),
});

/**
 * The session of a token hash, with its account and roles; ended sessions included (the caller
 * decides). Every request asks this, so it is answered from memory until one of the tables it
 * comes from is written (a logout, a lock, a points change, ...), here or, on PostgreSQL, by
 * another process (writeWatch.ts).
 */
export async function findPrincipalByTokenHash(db: DbOrTx, tokenHash: string): Promise<Principal | null> {
  const cache = caches.get(db);
  const hit = cache?.get(tokenHash);
  if (hit) return copy(hit);
  const readAt = cache?.watch.generation ?? 0;
  const [row] = await queryPrincipal(db, tokenHash);
  if (!row) return null;
  cache?.put(tokenHash, copy(row), readAt);
  return row;
}

export async function touchSession(db: DbOrTx, id: number, at: Date) {
  await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, id));
}

export async function endSession(db: DbOrTx, id: number, at: Date) {
  await db
    .update(sessions)
    .set({ endedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
}

/** Ends every open session of an account, but the one named (password changed elsewhere). */
export async function endSessionsOfAccount(db: DbOrTx, accountId: number, at: Date, exceptId?: number) {
  const open = and(eq(sessions.accountId, accountId), isNull(sessions.endedAt));
  await db
    .update(sessions)
    .set({ endedAt: at })
    .where(exceptId === undefined ? open : and(open, ne(sessions.id, exceptId)));
}

/** Whether the account has an open session from `ip` (an invite used from the inviter's own address). */
export async function hasOpenSessionFrom(db: DbOrTx, accountId: number, ip: string) {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.accountId, accountId), eq(sessions.ip, ip), isNull(sessions.endedAt)))
    .limit(1);
  return rows.length > 0;
}

/** Ends every other open session of an account as replaced by a sign-in (one session per user). */
export async function replaceSessionsOfAccount(db: DbOrTx, accountId: number, at: Date, keptId: number) {
  await db
    .update(sessions)
    .set({ endedAt: at, endReason: 'replaced' })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.endedAt), ne(sessions.id, keptId)));
}

export async function setSessionLocked(db: DbOrTx, id: number, locked: boolean) {
  await db.update(sessions).set({ locked }).where(eq(sessions.id, id));
}

/** The account's last login, shown in the account lists. */
export async function stampLastLogin(db: DbOrTx, accountId: number, at: Date) {
  await db.update(accounts).set({ lastLoginAt: at }).where(eq(accounts.id, accountId));
}
