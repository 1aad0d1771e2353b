import { BUILT_IN_MENUS, type BuiltInMenu } from '../../contract/builtInMenus';
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

/** The built-in menu (by name) whose page each permission code guards buttons of. */
const ownerOfCode = new Map<string, string>();
(function collect(menus: readonly BuiltInMenu[]) {
  for (const menu of menus) {
    for (const entry of menu.access ?? []) ownerOfCode.set(entry.auth_code, menu.name);
    collect(menu.children ?? []);
  }
})(BUILT_IN_MENUS);

/** Where a button stands: the menu of the page it is on, and every menu of the user. */
export interface ButtonPlace {
  current: Menu | undefined;
  menus: readonly Menu[];
}

/**
 * Whether a button guarded by `permission` (an auth_code, or an access entry's id) stays on the
 * page. A code of the current menu's own is checked against the current menu's map. A code owned
 * by another menu (the publish button of an article page needs `task:add`), or asked on a page
 * whose menu brings no entries, is checked by `byCodeList` (the whole code list, by permission
 * mode), so no button that works elsewhere disappears. An id is held when an entry of the user's
 * menus has it.
 */
export function buttonAllowed(permission: string | number, place: ButtonPlace, byCodeList: (code: string) => boolean): boolean {
  const map = buttonMapOf(place.current);
  if (map.has(permission)) return true;
  if (typeof permission === 'number') return place.menus.some((menu) => buttonMapOf(menu).has(permission));
  const ownedHere = map.size > 0 && place.current !== undefined && ownerOfCode.get(permission) === place.current.name;
  return !ownedHere && byCodeList(permission);
}
