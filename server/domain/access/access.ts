import { ResultCode } from '../../../contract/codes';
import type { AccessAddBody, AccessEditBody } from '../../../contract/schemas/menu';
import type { Ctx } from '../context';
import type { DbOrTx } from '../../db/connection';
import * as q from '../../db/menus';
import { isUniqueViolation } from '../../db/errors';
import type { Authenticated } from './sessions';
import { heldRoles, menuVisibility, requireAdmin, visibleTo } from './permissions';
import { forbidden, invalid, notFound, refused } from '../errors';

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
  if (!menus.some((menu) => menu.id === menuId)) throw notFound('menu.notFound', { id: menuId });
  const held = heldRoles(caller);
  if (!menuVisibility(menus, held)(menuId)) throw forbidden('menu.notForYourRoles');
  return (await q.accessEntriesOfMenu(ctx.db, menuId)).filter((entry) => visibleTo(entry.roles, held));
}

async function duplicateCode(db: DbOrTx, authCode: string) {
  const holder = await q.findAccessByCode(db, authCode);
  const menu = holder && (await q.findMenu(db, holder.menuId));
  if (!holder) return refused(ResultCode.DUPLICATE, 'menu.authCodeUsed', { code: authCode });
  return menu
    ? refused(ResultCode.DUPLICATE, 'menu.authCodeUsedIn', { code: authCode, holder: holder.name, menu: menu.name })
    : refused(ResultCode.DUPLICATE, 'menu.authCodeUsedBy', { code: authCode, holder: holder.name });
}

export async function addAccessEntry(ctx: Pick<Ctx, 'db'>, caller: Caller, input: AccessAddBody): Promise<AccessRow> {
  requireAdmin(caller, 'adminOnly.addAccessEntries');
  if (!(await q.findMenu(ctx.db, input.menu_id))) throw invalid('menu.noMenu', { id: input.menu_id });
  const row = await q.insertAccessEntry(ctx.db, { menuId: input.menu_id, name: input.name, authCode: input.auth_code, roles: [] });
  if (!row) throw await duplicateCode(ctx.db, input.auth_code);
  return row;
}

export async function editAccessEntry(ctx: Pick<Ctx, 'db'>, caller: Caller, input: AccessEditBody): Promise<AccessRow> {
  requireAdmin(caller, 'adminOnly.editAccessEntries');
  const entry = await q.findAccessEntry(ctx.db, input.id);
  if (!entry) throw notFound('menu.accessNotFound', { id: input.id });
  try {
    const row = await q.updateAccessEntry(ctx.db, entry.id, { name: input.name, authCode: input.auth_code });
    if (!row) throw notFound('menu.accessNotFound', { id: input.id });
    return row;
  } catch (error) {
    if (isUniqueViolation(error) && input.auth_code !== undefined) throw await duplicateCode(ctx.db, input.auth_code);
    throw error;
  }
}

export async function deleteAccessEntry(ctx: Pick<Ctx, 'db'>, caller: Caller, id: number): Promise<void> {
  requireAdmin(caller, 'adminOnly.deleteAccessEntries');
  if (!(await q.deleteAccessEntry(ctx.db, id))) throw notFound('menu.accessNotFound', { id });
}
