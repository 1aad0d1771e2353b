import { BUILT_IN_MENUS, type BuiltInMenu } from '../../contract/builtInMenus';
import { ADMIN_ROLE } from '../../contract/roles';
import { flattenMenus, type Menu, type MenuAccess } from './menus';

/**
 * The button-level permission map of spec §6: the access entries the user holds under the current
 * menu and its child menus, keyed by auth_code and by id.
 */
export type ButtonMap = ReadonlyMap<string | number, MenuAccess>;

export function buttonMapOf(menu: Menu | undefined): ButtonMap {
  const map = new Map<string | number, MenuAccess>();
  for (const each of menu ? [menu, ...flattenMenus(menu.children)] : []) {
    for (const entry of each.access ?? []) {
      map.set(entry.auth_code, entry);
      if (entry.id !== undefined) map.set(entry.id, entry);
    }
  }
  return map;
}

/**
 * Each permission code of the built-in menus: the menu (by name) whose page it guards buttons of
 * when the menus do not say, and the built-in roles granted it (the operator's always).
 */
const BUILT_IN_CODES = new Map<string, { owner: string; roles: string[] }>();
(function collect(menus: readonly BuiltInMenu[]) {
  for (const menu of menus) {
    for (const entry of menu.access ?? [])
      BUILT_IN_CODES.set(entry.auth_code, { owner: menu.name, roles: [ADMIN_ROLE, ...(entry.roles ?? menu.role)] });
    collect(menu.children ?? []);
  }
})(BUILT_IN_MENUS);

/**
 * The built-in roles granted a permission code: in the ROLE and ROUTE_MAPPING modes (spec §6) a
 * check looks at roles, so a button gated by `site:add` also passes for the roles that hold it.
 */
export const rolesGranted = (code: string): readonly string[] => BUILT_IN_CODES.get(code)?.roles ?? [ADMIN_ROLE];

/** Where a button stands: the menu of the page it is on, and every menu of the user. */
export interface ButtonPlace {
  current: Menu | undefined;
  menus: readonly Menu[];
}

/**
 * Whether `code` guards buttons of `menu`'s page: the menu or a child of it lists the code, held
 * or not, wherever the operator put its entry. Menus that do not say which codes they own are
 * read by the built-in table, and only when they bring entries.
 */
function ownsCode(menu: Menu | undefined, code: string, map: ButtonMap): boolean {
  if (!menu) return false;
  if (menu.ownedCodes) return [menu, ...flattenMenus(menu.children)].some((each) => each.ownedCodes?.includes(code));
  return map.size > 0 && BUILT_IN_CODES.get(code)?.owner === menu.name;
}

/**
 * Whether a button guarded by `permission` (an auth_code, or an access entry's id) stays on the
 * page. A code the current menu owns is checked against the current menu's map. A code owned
 * by another menu (the publish button of an article page needs `task:add`), or asked on a page
 * whose menu owns no codes, is checked by `byCodeList` (the whole code list, by permission
 * mode), so no button that works elsewhere disappears. An id is held when an entry of the user's
 * menus has it.
 */
export function buttonAllowed(permission: string | number, place: ButtonPlace, byCodeList: (code: string) => boolean): boolean {
  const map = buttonMapOf(place.current);
  if (map.has(permission)) return true;
  if (typeof permission === 'number') return place.menus.some((menu) => buttonMapOf(menu).has(permission));
  return !ownsCode(place.current, permission, map) && byCodeList(permission);
}
