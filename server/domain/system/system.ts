import { ResultCode } from '../../../contract/codes';
import { OWNER_ONLY_ROLES } from '../../../contract/builtInMenus';
import type {
  AdminLogEntry,
  AdminLogListQuery,
  RoleAddBody,
  RoleEditBody,
  SubAccount,
  SubAccountAddBody,
  SubAccountEditBody,
  SubAccountListQuery,
} from '../../../contract/schemas/system';
import type { List } from '../../../contract/schemas/common';
import type { Language } from '../../../contract/languages';
import { logCodesWorded } from '../../i18n/codeWords';
import type { Ctx } from '../context';
import type { DbOrTx } from '../../db/connection';
import * as q from '../../db/system';
import * as accountsDb from '../../db/accounts';
import * as menusDb from '../../db/menus';
import { isUniqueViolation, newInviteCode } from '../access/accounts';
import { hashPassword } from '../access/passwords';
import { endOtherSessions, type Authenticated } from '../access/sessions';
import { ADMIN_ROLE, heldRoles, menuVisibility } from '../access/permissions';
import { invalid, notFound, refused } from '../errors';
import { pageWindow } from '../pageWindow';

/**
 * An owner's team (sub-accounts working inside the owner's account with a role), every
 * account for the operator, and roles with their menus and access entries.
 */

type Caller = Pick<Authenticated, 'account' | 'user' | 'roles'>;
const isOperator = (caller: Caller) => heldRoles(caller).has(ADMIN_ROLE);

/** Whose accounts the caller administers: the operator everyone's, an owner their sub-accounts. */
export const accountScope = (
  caller: Caller,
  query: Pick<SubAccountListQuery, 'keyword' | 'status' | 'role' | 'kind'>,
): q.AccountFilter => ({
  ownerId: isOperator(caller) ? null : caller.account.id,
  keyword: query.keyword?.trim() || undefined,
  disabled: query.status === undefined ? undefined : query.status === 'disabled',
  role: query.role || undefined,
  kind: isOperator(caller) ? query.kind : undefined,
});

/** The account `id` if the caller administers it (never itself); 404 otherwise, as for another account's resource. */
async function administered(ctx: Pick<Ctx, 'db'>, caller: Caller, id: number) {
  const target = await accountsDb.findAccountById(ctx.db, id);
  const mine = target && target.id !== caller.user.id && (isOperator(caller) || target.ownerId === caller.account.id);
  if (!target || !mine) throw notFound('system.noAccount', { id });
  return target;
}

/** A role a sub-account may hold: an existing role that is not the operator's or an owner's. */
async function teamRole(db: DbOrTx, code: string) {
  if (OWNER_ONLY_ROLES.includes(code)) throw invalid('system.ownerOnlyRole', { role: code });
  if (!(await q.findRoleByCode(db, code))) throw invalid('menu.noRole', { role: code });
}

export async function addSubAccount(ctx: Pick<Ctx, 'db' | 'now'>, caller: Caller, body: SubAccountAddBody) {
  await teamRole(ctx.db, body.role);
  const passwordHash = await hashPassword(body.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const account = await accountsDb.insertAccount(tx, {
        username: body.username,
        passwordHash,
        realName: body.real_name?.trim() || body.username,
        inviteCode: newInviteCode(),
        ownerId: caller.account.id,
      });
      await q.setAccountRoles(tx, account.id, [body.role]);
      return account;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refused(ResultCode.DUPLICATE, 'auth.usernameTaken', { username: body.username });
    throw error;
  }
}

export async function editSubAccount(ctx: Pick<Ctx, 'db'>, caller: Caller, body: SubAccountEditBody) {
  const target = await administered(ctx, caller, body.id);
  await ctx.db.transaction(async (tx) => {
    if (body.role !== undefined) {
      if (target.ownerId !== null) await teamRole(tx, body.role);
      else if (!(await q.findRoleByCode(tx, body.role))) throw invalid('menu.noRole', { role: body.role });
      await q.setAccountRoles(tx, target.id, [body.role]);
    }
    if (body.real_name !== undefined) await accountsDb.updateAccount(tx, target.id, { realName: body.real_name.trim() || target.username });
  });
}

/** Enables or disables; a disabled account's sessions end at once. */
export async function setAccountStatus(ctx: Pick<Ctx, 'db' | 'now'>, caller: Caller, id: number, disabled: boolean) {
  const target = await administered(ctx, caller, id);
  await ctx.db.transaction(async (tx) => {
    await accountsDb.updateAccount(tx, target.id, { disabled });
    if (disabled) await endOtherSessions(ctx, target.id, undefined, tx);
  });
}

/** A new password the user must change at next login; the account's sessions end. */
export async function resetAccountPassword(ctx: Pick<Ctx, 'db' | 'now'>, caller: Caller, id: number, password: string) {
  const target = await administered(ctx, caller, id);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await accountsDb.updateAccount(tx, target.id, { passwordHash, mustChangePassword: true });
    await endOtherSessions(ctx, target.id, undefined, tx);
  });
}

/** Removes a sub-account (its work stays in the owner's account); an owner is disabled instead. */
export async function removeSubAccount(ctx: Pick<Ctx, 'db'>, caller: Caller, id: number) {
  const target = await administered(ctx, caller, id);
  if (target.ownerId === null) throw refused(ResultCode.IN_USE, 'system.ownsAccount', { username: target.username });
  await ctx.db.transaction((tx) => q.deleteAccount(tx, target.id));
}

/* ---------- Roles ---------- */

const grants = (roles: readonly string[], code: string) => roles.length === 0 || roles.includes(code);

/**
 * Each role with the menus it sees and the access entries it holds: an entry open to every role
 * is held only under a menu the role sees (as GET /getPermCode answers), so the role tree never
 * shows a permission ticked under a menu that is not.
 */
/** Each role's name as stored, by its code: how a download words the roles an account holds. */
export async function roleNamesByCode(ctx: Pick<Ctx, 'db'>): Promise<Map<string, string>> {
  return new Map((await q.allRoles(ctx.db)).map((role) => [role.code, role.name]));
}

export async function listRoles(ctx: Pick<Ctx, 'db'>) {
  const [roles, menus, entries] = await Promise.all([q.allRoles(ctx.db), menusDb.allMenus(ctx.db), menusDb.allAccessEntries(ctx.db)]);
  return roles.map((role) => {
    const held = new Set([role.code]);
    const sees = menuVisibility(menus, held);
    return {
      ...role,
      menuIds: menus.filter((m) => role.code === ADMIN_ROLE || grants(m.roles, role.code)).map((m) => m.id),
      accessIds: entries.filter((e) => role.code === ADMIN_ROLE || (grants(e.roles, role.code) && sees(e.menuId))).map((e) => e.id),
    };
  });
}

/**
 * A new role holds nothing until the operator gives it something: the menus open to every role
 * (no roles listed) list the roles there are instead, so the new one is not among them.
 */
export async function addRole(ctx: Pick<Ctx, 'db'>, body: RoleAddBody) {
  return ctx.db.transaction(async (tx) => {
    const everyone = (await q.allRoles(tx)).map((r) => r.code);
    const row = await q.insertRole(tx, { code: body.code, name: body.name });
    if (!row) throw refused(ResultCode.DUPLICATE, 'system.roleCodeTaken', { code: body.code });
    for (const menu of await menusDb.allMenus(tx)) if (menu.roles.length === 0) await menusDb.updateMenu(tx, menu.id, { roles: everyone });
    return row;
  });
}

/**
 * Renames a role and sets the menus it sees and the access entries it holds (the role tree): a
 * menu or entry open to every role (no roles listed) that is unchecked gets every other role
 * listed instead. The holders get the change on their next request. A built-in role cannot be
 * emptied; the operator's role holds everything and is not edited.
 */
export async function editRole(ctx: Pick<Ctx, 'db'>, body: RoleEditBody) {
  const role = await q.findRole(ctx.db, body.id);
  if (!role) throw notFound('system.roleNotFound', { id: body.id });
  if (role.code === ADMIN_ROLE && (body.menu_ids || body.access_ids)) throw refused(ResultCode.ERROR, 'system.adminRoleFixed');
  if (role.builtIn && body.menu_ids?.length === 0 && (body.access_ids ?? []).length === 0)
    throw refused(ResultCode.ERROR, 'system.builtInNotEmptied', { code: role.code });
  await ctx.db.transaction(async (tx) => {
    if (body.name !== undefined) await q.updateRole(tx, role.id, body.name);
    const everyone = (await q.allRoles(tx)).map((r) => r.code);
    const next = (current: string[], on: boolean) => {
      if (on) return grants(current, role.code) ? null : [...current, role.code];
      if (current.length === 0) return everyone.filter((c) => c !== role.code);
      return current.includes(role.code) ? current.filter((c) => c !== role.code) : null;
    };
    if (body.menu_ids) {
      const wanted = new Set(body.menu_ids);
      for (const menu of await menusDb.allMenus(tx)) {
        const roles = next(menu.roles, wanted.has(menu.id));
        if (roles) await menusDb.updateMenu(tx, menu.id, { roles });
      }
    }
    if (body.access_ids) {
      const wanted = new Set(body.access_ids);
      for (const entry of await menusDb.allAccessEntries(tx)) {
        const roles = next(entry.roles, wanted.has(entry.id));
        if (roles) await menusDb.updateAccessEntry(tx, entry.id, { roles });
      }
    }
  });
}

/** Deletes a role no account holds; built-in roles stay. Menus and entries forget it. */
export async function deleteRole(ctx: Pick<Ctx, 'db'>, id: number) {
  const role = (await q.allRoles(ctx.db)).find((r) => r.id === id);
  if (!role) throw notFound('system.roleNotFound', { id });
  if (role.builtIn) throw refused(ResultCode.IN_USE, 'system.builtInNotDeleted', { code: role.code });
  if (role.holders > 0) throw refused(ResultCode.IN_USE, 'system.roleHeld', { code: role.code, count: role.holders });
  await ctx.db.transaction(async (tx) => {
    for (const menu of await menusDb.allMenus(tx)) {
      if (menu.roles.includes(role.code)) await menusDb.updateMenu(tx, menu.id, { roles: menu.roles.filter((c) => c !== role.code) });
    }
    for (const entry of await menusDb.allAccessEntries(tx)) {
      if (entry.roles.includes(role.code))
        await menusDb.updateAccessEntry(tx, entry.id, { roles: entry.roles.filter((c) => c !== role.code) });
    }
    await q.deleteRole(tx, role.id);
  });
}

/* ---------- Admin log ---------- */

const day = (text: string, plusDays = 0) => new Date(Date.parse(`${text}T00:00:00Z`) + plusDays * 86_400_000);

/** The operator reads everything; an owner their account's entries. */
/**
 * The entries the caller may see that match the filters; an action or resource is found by its
 * code or by its words in the caller's language (the words the log shows them in).
 */
export const adminLogScope = (caller: Caller, query: AdminLogListQuery, language: Language): q.AdminLogFilter => ({
  accountId: isOperator(caller) ? null : caller.account.id,
  user: query.user?.trim() || undefined,
  action: query.action || undefined,
  actionCodes: query.action?.trim() ? logCodesWorded(language, 'actions', query.action.trim()) : undefined,
  resource: query.resource?.trim() || undefined,
  resourceCodes: query.resource?.trim() ? logCodesWorded(language, 'resources', query.resource.trim()) : undefined,
  from: query.from ? day(query.from) : undefined,
  to: query.to ? day(query.to, 1) : undefined,
});

/** The accounts the caller may see (an owner's team; every account for the operator), a page of them. */
export async function listAccounts(ctx: Pick<Ctx, 'db'>, auth: Authenticated, query: SubAccountListQuery): Promise<List<SubAccount>> {
  const { rows, total } = await q.listAccounts(ctx.db, accountScope(auth, query), { ...pageWindow(query) });
  return { list: rows.map(q.toSubAccount), total };
}

/** The same accounts page by page, oldest first (a spreadsheet's rows). */
export function accountPages(ctx: Pick<Ctx, 'db'>, auth: Authenticated, query: SubAccountListQuery) {
  const filter = accountScope(auth, query);
  return async (afterId: number, limit: number) =>
    (await q.accountsAfter(ctx.db, filter, afterId, limit)).map((row) => ({ id: row.id, account: q.toSubAccount(row) }));
}

/** The admin log the caller may read (their account's; everything for the operator), a page of it. */
export async function listAdminLogs(
  ctx: Pick<Ctx, 'db'>,
  auth: Authenticated,
  query: AdminLogListQuery,
  language: Language,
): Promise<List<AdminLogEntry>> {
  const { rows, total } = await q.listAdminLogs(ctx.db, adminLogScope(auth, query, language), {
    ...pageWindow(query),
  });
  return { list: rows.map(q.toAdminLogEntry), total };
}

/** The same entries page by page, oldest first (a spreadsheet's rows). */
export function adminLogPages(ctx: Pick<Ctx, 'db'>, auth: Authenticated, query: AdminLogListQuery, language: Language) {
  const filter = adminLogScope(auth, query, language);
  return async (afterId: number, limit: number) =>
    (await q.adminLogsAfter(ctx.db, filter, afterId, limit)).map((row) => ({ id: row.id, entry: q.toAdminLogEntry(row) }));
}
