import { STATIC_ROUTES, staticPageAt } from '../config/routes';
import { matchPath } from '../shared/routePattern';
import { pathnameOf, searchOf } from '../shared/location';
import { isMenuGroup, type Menu } from './menus';

/** Spec §3 "Tab entry". */
export interface TabMeta {
  /** An i18n key of the `routes` namespace, or a literal title (after a retitle). */
  title: string;
  affix?: boolean;
  ignoreKeepAlive?: boolean;
  /** When positive: at most this many tabs share one `realPath`; the oldest goes first. */
  dynamicLevel?: number;
  /** The route pattern the tab's path fills in. */
  realPath?: string;
}

export interface TabEntry {
  path: string;
  name: string;
  fullPath: string;
  params: Record<string, string>;
  query: Record<string, string>;
  meta: TabMeta;
}

/** Routes that never become tabs (spec §4 Tabs): the table's, such as login, the error page and the redirect helper. */
const NEVER_TABS = STATIC_ROUTES.filter((route) => route.tab === false).map((route) => route.path);

function flatten(menus: readonly Menu[]): Menu[] {
  return menus.flatMap((menu) => [menu, ...flatten(menu.children)]);
}

function queryOf(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

/** Whether the console has the page a menu names (its `component`); the view layer knows. */
export type HasPage = (component: string | undefined) => boolean;

/** Whether a tab may show at all: login, the error pages and the redirect helper never do (spec §4 Tabs). */
export function isTabbable(tab: Pick<TabEntry, 'path'>): boolean {
  return tab.path !== '' && !NEVER_TABS.some((pattern) => matchPath(pattern, tab.path) !== null);
}

/**
 * The tab a committed location becomes, or null when it never becomes one: the excluded routes,
 * routes marked hideTab, redirecting routes and menu groups, and every path that shows the
 * not-found page: neither a static route nor one of the user's menus, a menu whose page the
 * console does not have (`hasPage`).
 */
export function tabForLocation(location: string, menus: readonly Menu[], hasPage: HasPage = () => true): TabEntry | null {
  const path = pathnameOf(location);
  if (!isTabbable({ path })) return null;
  const query = queryOf(searchOf(location));
  const route = staticPageAt(path);
  if (route) {
    if (route.tab === false || route.redirect) return null;
    return {
      path,
      name: route.path,
      fullPath: location,
      params: matchPath(route.path, path) ?? {},
      query,
      meta: { title: route.titleKey ?? path, realPath: route.path },
    };
  }
  for (const menu of flatten(menus)) {
    const pattern = menu.pattern ?? menu.path;
    const params = matchPath(pattern, path);
    if (params && !menu.redirect && !isMenuGroup(menu) && hasPage(menu.component)) {
      const meta: TabMeta = { title: menu.title, realPath: pattern, ...(menu.dynamicLevel ? { dynamicLevel: menu.dynamicLevel } : {}) };
      return { path, name: menu.name, fullPath: location, params, query, meta };
    }
  }
  return null;
}

/**
 * Adds a tab (spec §4 Tabs): one with the same fullPath is updated in place; otherwise it is
 * appended, after dropping the oldest tab of its realPath when `dynamicLevel` of them already exist.
 */
export function addTab(tabs: readonly TabEntry[], tab: TabEntry): TabEntry[] {
  const index = tabs.findIndex((existing) => existing.fullPath === tab.fullPath);
  // In place, as vben does: params and query follow the visit, while a title the page or the user
  // gave the tab (TABS.SET_TITLE) and its affix stay, so a retitled tab never flashes back.
  if (index >= 0) {
    return tabs.map((existing, i) =>
      i === index ? { ...tab, meta: { ...tab.meta, title: existing.meta.title, affix: tab.meta.affix ?? existing.meta.affix } } : existing,
    );
  }
  const level = tab.meta.dynamicLevel ?? 0;
  const realPath = tab.meta.realPath;
  let kept = [...tabs];
  if (level > 0 && realPath !== undefined) {
    const same = kept.filter((existing) => existing.meta.realPath === realPath);
    if (same.length >= level) {
      const oldest = kept.findIndex((existing) => existing.meta.realPath === realPath && !existing.meta.affix);
      if (oldest >= 0) kept = kept.filter((_, i) => i !== oldest);
    }
  }
  return [...kept, tab];
}

/** Close a tab, the tabs left or right of it, all but it, or all (affixed tabs always stay). */
export type CloseRequest =
  { type: 'TABS.CLOSE'; which: 'tab' | 'left' | 'right' | 'others'; fullPath: string } | { type: 'TABS.CLOSE'; which: 'all' };

/** The tabs left after a close request; affixed tabs always stay. */
export function tabsAfterClose(tabs: readonly TabEntry[], request: CloseRequest): TabEntry[] {
  const at = 'fullPath' in request ? tabs.findIndex((tab) => tab.fullPath === request.fullPath) : -1;
  if ('fullPath' in request && at < 0) return [...tabs];
  const closes = (tab: TabEntry, i: number): boolean => {
    if (tab.meta.affix) return false;
    switch (request.which) {
      case 'tab':
        return i === at;
      case 'left':
        return i < at;
      case 'right':
        return i > at;
      case 'others':
        return i !== at;
      case 'all':
        return true;
    }
  };
  return tabs.filter((tab, i) => !closes(tab, i));
}

/**
 * Where to go when the current tab is closed (spec §4 Tabs). Closing one tab: the previous tab, or
 * the next when it was first, or home when it was the only one. The others: the tab the request
 * names when it stays, else the last remaining tab, else home.
 */
export function targetAfterClose(tabs: readonly TabEntry[], remaining: readonly TabEntry[], request: CloseRequest, home: string): string {
  if (request.which === 'tab') {
    const at = tabs.findIndex((tab) => tab.fullPath === request.fullPath);
    const neighbour = tabs[at - 1] ?? tabs[at + 1];
    return neighbour ? neighbour.fullPath : home;
  }
  if ('fullPath' in request && remaining.some((tab) => tab.fullPath === request.fullPath)) return request.fullPath;
  return remaining.at(-1)?.fullPath ?? home;
}

/** Drag and drop: the tab at `from` moves to `to` (indexes into the list before the move). */
export function moveTab(tabs: readonly TabEntry[], from: number, to: number): TabEntry[] {
  if (from < 0 || from >= tabs.length || to < 0 || to >= tabs.length || from === to) return [...tabs];
  const moved = [...tabs];
  const [tab] = moved.splice(from, 1);
  moved.splice(to, 0, tab);
  return moved;
}

/** The kept-alive pages, least recently shown first: `key` becomes the most recent; at most `limit`. */
export function touchCache(keys: readonly string[], key: string, limit: number, keepAlive: boolean): string[] {
  const others = keys.filter((existing) => existing !== key);
  const next = keepAlive ? [...others, key] : others;
  return next.slice(Math.max(0, next.length - limit));
}
