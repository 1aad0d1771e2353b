import type { MenuItem } from '../../contract/schemas/menu';
import type { BuiltInMenu } from '../../contract/builtInMenus';
import { ADMIN_ROLE } from '../../contract/roles';
import { PAGES, type Page } from '../config/pages';
import { matchPath } from '../shared/routePattern';

/** A button-level permission the user holds under a menu (spec §3 "Permission entry"); the client list has no ids. */
export interface MenuAccess {
  id?: number;
  name: string;
  auth_code: string;
}

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
  /** The button-level permissions the user holds under this menu (spec §6, the button map's source). */
  access?: MenuAccess[];
  /**
   * Every permission code under this menu, held or not: the buttons of its page they guard. Absent
   * when the menus came from a server that does not say.
   */
  ownedCodes?: string[];
  children: Menu[];
}

const byOrder = (a: Menu, b: Menu) => a.order - b.order;

function withPattern(path: string): Pick<Menu, 'path' | 'pattern'> {
  return path.includes(':') ? { path, pattern: path } : { path };
}

/** What a sidebar entry takes from a menu, the server's or the built-in list's alike. */
function entryOf(
  item: Pick<MenuItem, 'url' | 'name' | 'title' | 'icon' | 'order' | 'component'> & {
    is_show?: number;
    dynamic_level?: number;
    redirect?: string | null;
  },
): Omit<Menu, 'access' | 'ownedCodes' | 'children'> {
  return {
    ...withPattern(item.url),
    name: item.name,
    title: item.title,
    icon: item.icon,
    order: item.order,
    hideMenu: item.is_show === 0,
    ...(item.dynamic_level ? { dynamicLevel: item.dynamic_level } : {}),
    ...(item.component ? { component: item.component } : {}),
    ...(item.redirect ? { redirect: item.redirect } : {}),
  };
}

/**
 * The tree the server returns in BACK mode (already limited to what the user may see). A menu the
 * operator marked ignored is left out with its children, for everyone (spec §2): it is no route,
 * so its address is not found, and no sidebar entry.
 */
export function menusFromServer(items: readonly MenuItem[]): Menu[] {
  return items
    .filter((item) => item.ignored !== 1)
    .map((item) => ({
      ...entryOf(item),
      // A tree cached before menus carried their entries has none: the code list decides then.
      ...(item.access?.length ? { access: item.access.map(({ id, name, auth_code }) => ({ id, name, auth_code })) } : {}),
      ...(item.access_codes ? { ownedCodes: item.access_codes } : {}),
      children: menusFromServer(item.children ?? []),
    }))
    .sort(byOrder);
}

/** Whether `roles` meet a list of roles: an empty list is every role's, the operator meets any. */
const meets = (allowed: readonly string[], roles: readonly string[]) =>
  allowed.length === 0 || roles.includes(ADMIN_ROLE) || allowed.some((role) => roles.includes(role));

/** The addresses (patterns) of the server's menus marked ignored, with their children's: not found, not forbidden. */
export function ignoredUrls(items: readonly MenuItem[], inIgnored = false): string[] {
  return items.flatMap((item) => {
    const ignored = inIgnored || item.ignored === 1;
    return [...(ignored ? [item.url] : []), ...ignoredUrls(item.children ?? [], ignored)];
  });
}

/** Whether `pathname` is the address of an ignored menu. */
export const isIgnoredAt = (urls: readonly string[], pathname: string): boolean => urls.some((url) => matchPath(url, pathname) !== null);

/**
 * The fixed client list (ROLE and ROUTE_MAPPING modes), keeping what `roles` may see: an item
 * without roles shows for everyone, otherwise for users having one of them (spec §2, §6); each
 * keeps the access entries granted to `roles` (an entry without roles: those of its menu).
 */
export function menusForRoles(items: readonly BuiltInMenu[], roles: readonly string[]): Menu[] {
  return items
    .filter((item) => item.role.length === 0 || item.role.some((role) => roles.includes(role)))
    .map((item) => ({
      ...entryOf(item),
      ...accessFor(item, roles),
      children: menusForRoles(item.children ?? [], roles),
    }))
    .sort(byOrder);
}

function accessFor(item: BuiltInMenu, roles: readonly string[]): Pick<Menu, 'access' | 'ownedCodes'> {
  const held = (item.access ?? []).filter((entry) => meets(entry.roles ?? item.role, roles));
  const ownedCodes = (item.access ?? []).map((entry) => entry.auth_code);
  return held.length > 0 ? { access: held.map(({ name, auth_code }) => ({ name, auth_code })), ownedCodes } : { ownedCodes };
}

/**
 * Menus whose pattern matches `pathname` take it as their path (spec §2 guard 7). What does not
 * change stays the same object, and the same list when nothing does: the sidebar and the header
 * are drawn again only for menus that changed, not at every page.
 */
export function applyMenuParams(menus: Menu[], pathname: string): Menu[] {
  let changed = false;
  const applied = menus.map((menu) => {
    const path = menu.pattern && matchPath(menu.pattern, pathname) ? pathname : menu.path;
    const children = applyMenuParams(menu.children, pathname);
    if (path === menu.path && children === menu.children) return menu;
    changed = true;
    return { ...menu, path, children };
  });
  return changed ? applied : menus;
}

/** Every path of the tree, depth first, with its title (for page titles and route checks). */
export function flattenMenus(menus: readonly Menu[]): Menu[] {
  return menus.flatMap((menu) => [menu, ...flattenMenus(menu.children)]);
}

/** The menu whose page is at `pathname`: its path, or its pattern with parameters (the current menu of spec §6). */
export function menuAt(menus: readonly Menu[], pathname: string): Menu | undefined {
  return flattenMenus(menus).find((menu) => menu.path === pathname || (menu.pattern !== undefined && matchPath(menu.pattern, pathname)));
}

/** A menu that only groups others: it has children, or the server's `LAYOUT` component. */
export function isMenuGroup(menu: Menu): boolean {
  return menu.children.length > 0 || menu.component === 'LAYOUT';
}

/**
 * Where each menu group's own path leads: its `redirect` when that is one of the user's
 * pages, else its first visible child (a path without parameters); a target that is a group itself
 * is followed on. A group with nowhere to go is left out (its path stays not found).
 */
export function groupTargets(menus: readonly Menu[]): Record<string, string> {
  const all = flattenMenus(menus);
  const byPath = new Map(all.map((menu) => [menu.pattern ?? menu.path, menu]));
  const isPage = (path: string) => {
    const menu = byPath.get(path);
    return menu !== undefined && menu.pattern === undefined;
  };
  const firstStep = (group: Menu): string | undefined => {
    if (group.redirect && isPage(group.redirect) && group.redirect !== group.path) return group.redirect;
    return group.children.find((child) => !child.hideMenu && child.pattern === undefined)?.path;
  };
  const targets: Record<string, string> = {};
  for (const group of all.filter((menu) => menu.pattern === undefined && isMenuGroup(menu))) {
    const seen = new Set([group.path]);
    let target = firstStep(group);
    for (let next = target && byPath.get(target); next && isMenuGroup(next) && !seen.has(next.path); next = target && byPath.get(target)) {
      seen.add(next.path);
      target = firstStep(next);
    }
    const end = target && byPath.get(target);
    if (target && end && !isMenuGroup(end)) targets[group.path] = target;
  }
  return targets;
}

/**
 * The menu routes as the navigation's guards read them (spec §2 guards 6 and 7): worked out by the
 * signed-in shell, which makes the menus, so that the navigation, which the login page runs, does
 * without the menus' code.
 */
export interface MenuRoutes {
  /** Title keys of the menu routes, by path, or by pattern for a route with `:name` parameters. */
  titles: Record<string, string>;
  /** Where a menu group's own path leads (its redirect or first visible child), by the group's path. */
  groupTargets: Record<string, string>;
}

/** What the navigation's guards read of the menus: each route's title, each group's target. */
export function menuRoutesOf(menus: readonly Menu[]): MenuRoutes {
  return {
    titles: Object.fromEntries(flattenMenus(menus).map((menu) => [menu.pattern ?? menu.path, menu.title])),
    groupTargets: groupTargets(menus),
  };
}

/** The console's pages by the component name menus give them. */
const PAGE_NAMED = new Map(PAGES.flatMap((page) => (page.component ? [[page.component, page] as const] : [])));

/**
 * The console's page the user reaches at `pathname`: one their menus name there (by path or
 * pattern), else one every signed-in user reaches; undefined when there is none.
 */
export function pageReachedAt(menus: readonly Menu[], pathname: string): Page | undefined {
  const menu = flattenMenus(menus).find((m) => PAGE_NAMED.has(m.component ?? '') && matchPath(m.pattern ?? m.path, pathname) !== null);
  if (menu) return PAGE_NAMED.get(menu.component!);
  return PAGES.find((page) => page.reach === 'everyone' && page.component && page.path === pathname);
}
