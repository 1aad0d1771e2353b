import { ResultCode } from '../../contract/codes';
import type { AccessAddBody, AccessEditBody } from '../../contract/schemas/menu';
import type { Ctx } from './context';
import type { DbOrTx } from '../db/connection';
import * as q from '../db/menus';
import { isUniqueViolation } from '../db/errors';
import type { Authenticated } from './sessions';
import { heldRoles, menuVisibility, requireAdmin, visibleTo } from './permissions';
import { forbidden, invalid, notFound, refused } from './errors';

/**
 * Button-level permissions under a menu (spec §3 "Permission entry", §6). `auth_code` is unique
 * across the installation: the console keys its permission map by it.
 */
export type AccessRow = q.AccessRow;
type Caller = Pick<Authenticated, 'roles'>;

/**
 * The entries of one menu: anyone who sees the menu may read them (the console builds its
 * button permissions from them); entries limited to roles show only to holders of those roles.
 */
export async function accessEntriesOf(ctx: Pick<Ctx, 'db'>, caller: Caller, menuId: number): Promise<AccessRow[]> {
  const menus = await q.allMenus(ctx.db);
  if (!menus.some((menu) => menu.id === menuId)) throw notFound(`There is no menu with id ${menuId}`);
  const held = heldRoles(caller);
  if (!menuVisibility(menus, held)(menuId)) throw forbidden('This menu is not available to your roles');
  return (await q.accessEntriesOfMenu(ctx.db, menuId)).filter((entry) => visibleTo(entry.roles, held));
}

async function duplicateCode(db: DbOrTx, authCode: string) {
  const holder = await q.findAccessByCode(db, authCode);
  const menu = holder && (await q.findMenu(db, holder.menuId));
  const where = holder ? ` by "${holder.name}"${menu ? ` in menu "${menu.name}"` : ''}` : '';
  return refused(ResultCode.DUPLICATE, `The auth_code "${authCode}" is already used${where}`);
}

export async function addAccessEntry(ctx: Pick<Ctx, 'db'>, caller: Caller, input: AccessAddBody): Promise<AccessRow> {
  requireAdmin(caller, 'add access entries');
  if (!(await q.findMenu(ctx.db, input.menu_id))) throw invalid(`menu_id: there is no menu with id ${input.menu_id}`);
  const row = await q.insertAccessEntry(ctx.db, { menuId: input.menu_id, name: input.name, authCode: input.auth_code, roles: [] });
  if (!row) throw await duplicateCode(ctx.db, input.auth_code);
  return row;
}

export async function editAccessEntry(ctx: Pick<Ctx, 'db'>, caller: Caller, input: AccessEditBody): Promise<AccessRow> {
  requireAdmin(caller, 'edit access entries');
  const entry = await q.findAccessEntry(ctx.db, input.id);
  if (!entry) throw notFound(`There is no access entry with id ${input.id}`);
  try {
    const row = await q.updateAccessEntry(ctx.db, entry.id, { name: input.name, authCode: input.auth_code });
    if (!row) throw notFound(`There is no access entry with id ${input.id}`);
    return row;
  } catch (error) {
    if (isUniqueViolation(error) && input.auth_code !== undefined) throw await duplicateCode(ctx.db, input.auth_code);
    throw error;
  }
}

export async function deleteAccessEntry(ctx: Pick<Ctx, 'db'>, caller: Caller, id: number): Promise<void> {
  requireAdmin(caller, 'delete access entries');
  if (!(await q.deleteAccessEntry(ctx.db, id))) throw notFound(`There is no access entry with id ${id}`);
}
