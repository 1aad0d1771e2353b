import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './connection';
import { accessKeyLog, accountRoles, accounts, adminLogs, roles } from './schema';
import { likePattern } from './likePattern';
import type { AdminLogEntry, SubAccount } from '../../contract/schemas/system';
import { dateTime } from '../../contract/dateTime';

/** Accounts as the sub-account and operator lists show them, roles, and the admin log. */

const owners = alias(accounts, 'owner_accounts');

export interface AccountFilter {
  /** Only sub-accounts of this owner; null: every account (the operator). */
  ownerId: number | null;
  keyword?: string;
  disabled?: boolean;
  role?: string;
  kind?: 'owners' | 'sub';
}

const roleList = sql<
  string[]
>`coalesce((select array_agg(${roles.code} order by ${roles.id}) from ${accountRoles} join ${roles} on ${roles.id} = ${accountRoles.roleId} where ${accountRoles.accountId} = ${accounts.id}), '{}')`;

function accountWhere(f: AccountFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.ownerId !== null) parts.push(eq(accounts.ownerId, f.ownerId));
  if (f.kind === 'owners') parts.push(isNull(accounts.ownerId));
  if (f.kind === 'sub') parts.push(isNotNull(accounts.ownerId));
  if (f.keyword) parts.push(or(ilike(accounts.username, likePattern(f.keyword)), ilike(accounts.realName, likePattern(f.keyword))));
  if (f.disabled !== undefined) parts.push(eq(accounts.disabled, f.disabled));
  if (f.role) {
    parts.push(
      sql`exists (select 1 from ${accountRoles} join ${roles} on ${roles.id} = ${accountRoles.roleId} where ${accountRoles.accountId} = ${accounts.id} and ${roles.code} = ${f.role})`,
    );
  }
  return and(...parts);
}

const accountColumns = {
  id: accounts.id,
  username: accounts.username,
  realName: accounts.realName,
  ownerId: accounts.ownerId,
  ownerName: owners.username,
  roles: roleList,
  points: sql<number>`coalesce(${owners.points}, ${accounts.points})`,
  disabled: accounts.disabled,
  mustChangePassword: accounts.mustChangePassword,
  createdAt: accounts.createdAt,
  lastLoginAt: accounts.lastLoginAt,
};
export type AccountListRow = {
  id: number;
  username: string;
  realName: string;
  ownerId: number | null;
  ownerName: string | null;
  roles: string[];
  points: number;
  disabled: boolean;
  mustChangePassword: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
};

export async function listAccounts(db: DbOrTx, f: AccountFilter, page: { limit: number; offset: number }) {
  const where = accountWhere(f);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(accountColumns)
      .from(accounts)
      .leftJoin(owners, eq(owners.id, accounts.ownerId))
      .where(where)
      .orderBy(desc(accounts.createdAt), desc(accounts.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(accounts)
      .where(where),
  ]);
  return { rows: rows as AccountListRow[], total };
}

/** A page of the list by id, for the CSV export. */
export async function accountsAfter(db: DbOrTx, f: AccountFilter, afterId: number, limit: number): Promise<AccountListRow[]> {
  return (await db
    .select(accountColumns)
    .from(accounts)
    .leftJoin(owners, eq(owners.id, accounts.ownerId))
    .where(and(accountWhere(f), gt(accounts.id, afterId)))
    .orderBy(asc(accounts.id))
    .limit(limit)) as AccountListRow[];
}

export async function setAccountRoles(db: DbOrTx, accountId: number, roleCodes: readonly string[]) {
  await db.delete(accountRoles).where(eq(accountRoles.accountId, accountId));
  if (roleCodes.length === 0) return;
  const ids = await db
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.code, [...roleCodes]));
  if (ids.length) await db.insert(accountRoles).values(ids.map((r) => ({ accountId, roleId: r.id })));
}

export async function deleteAccount(db: DbOrTx, id: number) {
  // The access key log has no foreign keys (schema.ts): its entries do not cascade. An entry's
  // account is its key's account (a key never changes account), so the account names them all.
  await db.delete(accessKeyLog).where(eq(accessKeyLog.accountId, id));
  const rows = await db.delete(accounts).where(eq(accounts.id, id)).returning({ id: accounts.id });
  return rows.length > 0;
}

/* Roles */

export type RoleRow = typeof roles.$inferSelect;
export const allRoles = (db: DbOrTx) =>
  db
    .select({
      id: roles.id,
      code: roles.code,
      name: roles.name,
      builtIn: roles.builtIn,
      holders: sql<number>`(select count(*)::int from ${accountRoles} where ${accountRoles.roleId} = ${roles.id})`,
    })
    .from(roles)
    .orderBy(asc(roles.id));

export async function findRole(db: DbOrTx, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row ?? null;
}
export async function findRoleByCode(db: DbOrTx, code: string) {
  const [row] = await db.select().from(roles).where(eq(roles.code, code));
  return row ?? null;
}
export async function insertRole(db: DbOrTx, values: { code: string; name: string }) {
  const [row] = await db.insert(roles).values(values).onConflictDoNothing().returning();
  return row ?? null;
}
export async function updateRole(db: DbOrTx, id: number, name: string) {
  await db.update(roles).set({ name }).where(eq(roles.id, id));
}
export async function deleteRole(db: DbOrTx, id: number) {
  await db.delete(roles).where(eq(roles.id, id));
}

/* Admin log */

export type AdminLogRow = typeof adminLogs.$inferSelect;
export async function insertAdminLog(db: DbOrTx, values: typeof adminLogs.$inferInsert) {
  await db.insert(adminLogs).values(values);
}

export interface AdminLogFilter {
  accountId: number | null;
  user?: string;
  action?: string;
  resource?: string;
  /** Codes whose words in the reader's language match the action or resource typed: found too. */
  actionCodes?: string[];
  resourceCodes?: string[];
  from?: Date;
  to?: Date;
}

const anyOf = (column: AnyColumn, codes: string[] = []) => (codes.length ? inArray(column, codes) : undefined);

function logWhere(f: AdminLogFilter) {
  return and(
    f.accountId !== null ? eq(adminLogs.accountId, f.accountId) : undefined,
    f.user ? ilike(adminLogs.actorName, likePattern(f.user)) : undefined,
    f.action ? or(eq(adminLogs.action, f.action), anyOf(adminLogs.action, f.actionCodes)) : undefined,
    f.resource ? or(ilike(adminLogs.resource, likePattern(f.resource)), anyOf(adminLogs.resource, f.resourceCodes)) : undefined,
    f.from ? gte(adminLogs.createdAt, f.from) : undefined,
    f.to ? lt(adminLogs.createdAt, f.to) : undefined,
  );
}

export async function listAdminLogs(db: DbOrTx, f: AdminLogFilter, page: { limit: number; offset: number }) {
  const where = logWhere(f);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(adminLogs).where(where).orderBy(desc(adminLogs.id)).limit(page.limit).offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(adminLogs)
      .where(where),
  ]);
  return { rows, total };
}

export const adminLogsAfter = (db: DbOrTx, f: AdminLogFilter, afterId: number, limit: number) =>
  db
    .select()
    .from(adminLogs)
    .where(and(logWhere(f), gt(adminLogs.id, afterId)))
    .orderBy(asc(adminLogs.id))
    .limit(limit);

export async function purgeAdminLogs(db: DbOrTx, before: Date) {
  await db.delete(adminLogs).where(lt(adminLogs.createdAt, before));
}

export const toSubAccount = (row: AccountListRow): SubAccount => ({
  id: row.id,
  username: row.username,
  real_name: row.realName,
  owner_id: row.ownerId,
  owner_name: row.ownerName,
  roles: row.roles,
  points: row.points,
  status: row.disabled ? 'disabled' : 'enabled',
  must_change_password: row.mustChangePassword,
  created_at: dateTime(row.createdAt),
  last_login_at: row.lastLoginAt ? dateTime(row.lastLoginAt) : null,
});

export const toAdminLogEntry = (row: AdminLogRow): AdminLogEntry => ({
  id: row.id,
  account_id: row.accountId,
  actor_id: row.actorId,
  actor_name: row.actorName,
  action: row.action,
  method: row.method,
  route: row.route,
  resource: row.resource,
  resource_id: row.resourceId,
  status: row.status,
  code: row.code,
  ip: row.ip,
  user_agent: row.userAgent,
  before: row.before,
  after: row.after,
  created_at: dateTime(row.createdAt),
});
