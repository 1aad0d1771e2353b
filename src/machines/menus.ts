import type { MenuItem } from '../../contract/schemas/menu';
import type { BuiltInMenu } from '../../contract/builtInMenus';
import { matchPath } from '../config/routes';

/** A sidebar entry (spec §3 "Menu item", shaped for the view). */
export interface Menu {
  /** Where the entry leads; for a route with parameters, the last visited filled-in path. */
  path: string;
  /** The route pattern when it has `:name` parameters (spec §2 guard 7). */
  pattern?: string;
  name: string;
  /** An i18n key of the `routes` namespace, or the server's literal title. */
  title: string;
  icon: string;
  order: number;
  hideMenu: boolean;
  /** Route meta (spec §4 Tabs): when set, at most this many tabs of this route stay open. */
  dynamicLevel?: number;
  /** The page that renders it (`site/index`), as the server names it; `LAYOUT` for a group. */
  component?: string;
  redirect?: string;
  children: Menu[];
}

const byOrder = (a: Menu, b: Menu) => a.order - b.order;

function withPattern(path: string): Pick<Menu, 'path' | 'pattern'> {
  return path.includes(':') ? { path, pattern: path } : { path };
}

/** The tree the server returns in BACK mode (already limited to what the user may see). */
export function menusFromServer(items: readonly MenuItem[]): Menu[] {
  return items
    .map((item) => ({
      ...withPattern(item.url),
      name: item.name,
      title: item.title,
      icon: item.icon,
      order: item.order,
      hideMenu: item.is_show === 0,
      ...(item.dynamic_level > 0 ? { dynamicLevel: item.dynamic_level } : {}),
      ...(item.component ? { component: item.component } : {}),
      ...(item.redirect ? { redirect: item.redirect } : {}),
      children: menusFromServer(item.children ?? []),
    }))
    .sort(byOrder);
}

/**
 * The fixed client list (ROLE and ROUTE_MAPPING modes), keeping what `roles` may see: an item
 * without roles shows for everyone, otherwise for users having one of them (spec §2, §6).
 */
export function menusForRoles(items: readonly BuiltInMenu[], roles: readonly string[]): Menu[] {
  return items
    .filter((item) => item.role.length === 0 || item.role.some((role) => roles.includes(role)))
    .map((item) => ({
      ...withPattern(item.url),
      name: item.name,
      title: item.title,
      icon: item.icon,
      order: item.order,
      hideMenu: item.is_show === 0,
      ...(item.dynamic_level ? { dynamicLevel: item.dynamic_level } : {}),
      ...(item.component ? { component: item.component } : {}),
      ...(item.redirect ? { redirect: item.redirect } : {}),
      children: menusForRoles(item.children ?? [], roles),
    }))
    .sort(byOrder);
}

/** Menus whose pattern matches `pathname` take it as their path (spec §2 guard 7). */
export function applyMenuParams(menus: readonly Menu[], pathname: string): Menu[] {
  return menus.map((menu) => ({
    ...menu,
    ...(menu.pattern && matchPath(menu.pattern, pathname) ? { path: pathname } : {}),
    children: applyMenuParams(menu.children, pathname),
  }));
}

/** Every path of the tree, depth first, with its title (for page titles and route checks). */
export function flattenMenus(menus: readonly Menu[]): Menu[] {
  return menus.flatMap((menu) => [menu, ...flattenMenus(menu.children)]);
}
