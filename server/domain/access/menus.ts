import { ResultCode } from '../../../contract/codes';
import type { MenuAddBody, MenuEditBody } from '../../../contract/schemas/menu';
import type { Ctx } from '../context';
import type { DbOrTx } from '../../db/connection';
import * as q from '../../db/menus';
import { permissionTable } from '../../db/permissionTable';
import { existingRoleCodes } from '../../db/roles';
import { isUniqueViolation } from '../../db/errors';
import type { Authenticated } from './sessions';
import { ADMIN_ROLE, heldRoles, menuVisibility, requireAdmin, visibleTo } from './permissions';
import { forbidden, invalid, notFound, refused } from '../errors';

export type MenuRow = q.MenuRow;
/**
 * A menu with the access entries it carries (spec §6: the current menu's access list): those the
 * caller holds, and the codes of all of them, held or not.
 */
export type MenuWithAccess = MenuRow & { access: q.AccessRow[]; accessCodes: string[] };
export type MenuNode = MenuWithAccess & { children: MenuNode[] };

const byOrder = (a: MenuRow, b: MenuRow) => a.order - b.order || a.id - b.id;

/** Nests rows under their parents, each level sorted by `order`; rows whose parent is absent are left out. */
function buildTree(rows: readonly MenuWithAccess[]): MenuNode[] {
  const nodes = new Map(rows.map((row) => [row.id, { ...row, children: [] as MenuNode[] }]));
  const roots: MenuNode[] = [];
  for (const node of [...nodes.values()].sort(byOrder)) {
    if (node.parent === 0) roots.push(node);
    else nodes.get(node.parent)?.children.push(node);
  }
  return roots;
}

export const countNodes = (nodes: readonly MenuNode[]): number => nodes.reduce((n, node) => n + 1 + countNodes(node.children), 0);

type Caller = Pick<Authenticated, 'roles'>;

/**
 * The menu the caller may see: items whose roles are empty or shared with the caller's, under
 * parents it may see; the admin role sees everything. `all` (the whole menu, for administration)
 * is for administrators only.
 */
export async function menuTreeFor(ctx: Pick<Ctx, 'db'>, caller: Caller, options: { all?: boolean } = {}): Promise<MenuNode[]> {
  const held = heldRoles(caller);
  if (options.all && !held.has(ADMIN_ROLE)) throw forbidden('adminOnly.listMenu');
  const { menus, entries } = await permissionTable(ctx.db);
  const visible = menuVisibility(menus, held);
  // Each menu carries the entries the caller holds under it (the console's button map, spec §6),
  // and every code under it: a code the caller lacks still says which page's buttons it guards.
  const withAccess = (row: MenuRow): MenuWithAccess => {
    const own = entries.filter((entry) => entry.menuId === row.id);
    return { ...row, access: own.filter((entry) => visibleTo(entry.roles, held)), accessCodes: own.map((entry) => entry.authCode) };
  };
  return buildTree(menus.filter((row) => visible(row.id)).map(withAccess));
}

async function checkRoles(db: DbOrTx, codes: readonly string[] | undefined) {
  if (!codes?.length) return;
  const known = await existingRoleCodes(db, codes);
  const unknown = codes.find((code) => !known.has(code));
  if (unknown !== undefined) throw invalid('menu.noRole', { role: unknown });
}

async function levelUnder(db: DbOrTx, parentId: number): Promise<number> {
  if (parentId === 0) return 1;
  const parent = await q.findMenu(db, parentId);
  if (!parent) throw invalid('menu.noParent', { id: parentId });
  return parent.level + 1;
}

const duplicateName = (name: string) => refused(ResultCode.DUPLICATE, 'menu.nameTaken', { name });

export async function addMenu(ctx: Pick<Ctx, 'db'>, caller: Caller, input: MenuAddBody): Promise<MenuRow> {
  requireAdmin(caller, 'adminOnly.addMenus');
  return ctx.db.transaction(async (tx) => {
    const parent = input.parent ?? 0;
    const level = await levelUnder(tx, parent);
    await checkRoles(tx, input.role);
    const row = await q.insertMenuIfNew(tx, {
      name: input.name,
      title: input.title,
      url: input.url,
      component: input.component ?? '',
      icon: input.icon ?? '',
      order: input.order ?? 0,
      parent,
      level,
      isShow: input.is_show ?? 1,
      redirect: input.redirect ?? '',
      dynamicLevel: input.dynamic_level ?? 0,
      ignored: input.ignored ?? 0,
      roles: input.role ?? [],
    });
    if (!row) throw duplicateName(input.name);
    return row;
  });
}

/** Changes the fields given; moving a menu under another parent re-levels its whole subtree. */
export async function editMenu(ctx: Pick<Ctx, 'db'>, caller: Caller, input: MenuEditBody): Promise<MenuWithAccess> {
  requireAdmin(caller, 'adminOnly.editMenus');
  try {
    return await ctx.db.transaction(async (tx) => {
      const menu = await q.findMenu(tx, input.id);
      if (!menu) throw notFound('menu.notFound', { id: input.id });
      await checkRoles(tx, input.role);
      if (input.name !== undefined && input.name !== menu.name && (await q.findMenuByName(tx, input.name))) throw duplicateName(input.name);

      const moved = input.parent !== undefined && input.parent !== menu.parent;
      const rows = moved ? await q.allMenus(tx) : [];
      if (moved) assertNoCycle(rows, menu.id, input.parent!);
      const level = moved ? await levelUnder(tx, input.parent!) : menu.level;

      const updated = await q.updateMenu(tx, menu.id, {
        name: input.name,
        title: input.title,
        url: input.url,
        component: input.component,
        icon: input.icon,
        order: input.order,
        parent: input.parent,
        level,
        isShow: input.is_show,
        redirect: input.redirect,
        dynamicLevel: input.dynamic_level,
        ignored: input.ignored,
        roles: input.role,
      });
      if (moved) await relevelChildren(tx, rows, menu.id, level);
      const access = await q.accessEntriesOfMenu(tx, menu.id);
      return { ...updated!, access, accessCodes: access.map((entry) => entry.authCode) };
    });
  } catch (error) {
    // Two renames to the same name at once: the second meets the unique index.
    if (isUniqueViolation(error) && input.name !== undefined) throw duplicateName(input.name);
    throw error;
  }
}

function assertNoCycle(rows: readonly MenuRow[], id: number, newParent: number) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (let at = byId.get(newParent); at; at = byId.get(at.parent)) {
    if (at.id === id) {
      throw newParent === id ? invalid('menu.ownParent') : invalid('menu.parentInside', { id: newParent });
    }
  }
}

async function relevelChildren(tx: DbOrTx, rows: readonly MenuRow[], parentId: number, parentLevel: number) {
  for (const child of rows.filter((row) => row.parent === parentId)) {
    if (child.level !== parentLevel + 1) await q.setMenuLevel(tx, child.id, parentLevel + 1);
    await relevelChildren(tx, rows, child.id, parentLevel + 1);
  }
}

/** Deletes a menu with its access entries; a menu that still has child menus is refused. */
export async function deleteMenu(ctx: Pick<Ctx, 'db'>, caller: Caller, id: number): Promise<void> {
  requireAdmin(caller, 'adminOnly.deleteMenus');
  await ctx.db.transaction(async (tx) => {
    const menu = await q.findMenu(tx, id);
    if (!menu) throw notFound('menu.notFound', { id });
    const children = await q.countChildren(tx, id);
    if (children > 0) {
      throw refused(ResultCode.IN_USE, 'menu.hasChildren', { name: menu.name, count: children });
    }
    await q.deleteMenu(tx, id);
  });
}
