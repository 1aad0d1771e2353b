import type { ComponentType } from 'react';
import { BUILT_IN_MENUS, type BuiltInMenu } from '../../contract/builtInMenus';
import { ConsolePath } from '../../contract/paths';
import { lazyPage, type LoadsAhead, type PageModule } from '../components/feedback/lazyPage';
import type { PAGE_NAMESPACES } from '../i18n';
import { withPacks } from '../i18n/withPacks';
import { PagePath, matchPath } from '../config/routes';
import { flattenMenus, menusForRoles, type Menu } from '../machines/menus';
import { HomePage } from './homePage';

/** A page of the registry: lazy, loadable ahead, and with the GETs it makes when it opens once its module is there. */
export type RegisteredPage = ComponentType & { preload(): Promise<unknown>; loadsAhead(): LoadsAhead | null };

/** The namespaces a page reads beside the shell's (`dashboard` and `model` come with the home page). */
type PageNamespace = (typeof PAGE_NAMESPACES)[number] | 'dashboard' | 'model';

/** A page whose first render finds its words: its chunk loads with the packs it reads. */
const page = <M extends PageModule>(namespaces: readonly PageNamespace[], load: () => Promise<M>) => lazyPage(withPacks(namespaces, load));

/**
 * The pages a menu delivered after login may name (its `component`, spec §2 "Further menu URLs").
 * Each is its own chunk, fetched after sign-in when the browser is idle (or when first opened), and
 * loadable again after a failed load; a menu added on the server with one of these
 * names renders that page at its own URL.
 */
export const PAGE_REGISTRY: Record<string, RegisteredPage> = {
  // Loaded with the shell, not after it (./firstScreen).
  'dashboard/analysis': HomePage,
  'site/index': page(['site', 'articleTask', 'model'], () => import('./site/SitePage')),
  'article/index': page(['article', 'task', 'seoChecks'], () => import('./article/ArticlePage')),
  'article/detail': page(['article', 'task', 'seoChecks'], () => import('./article/ArticleDetailPage')),
  'article_task/index': page(['articleTask', 'site', 'model'], () => import('./article_task/ArticleTaskPage')),
  'prompt/index': page(['prompt'], () => import('./prompt/PromptPage')),
  'account/index': page(['account'], () => import('./account/AccountPage')),
  // Publishing tasks.
  'task/index': page(['task', 'article', 'articleTask', 'model'], () => import('./task/TaskPage')),
  /* The workbench. */
  'dashboard/workbench': page(['dashboard'], () => import('./dashboard/workbench/WorkbenchPage')),
  // Notices and work orders.
  'notice/index': page(['notice'], () => import('./notice/NoticeIndexPage')),
  'notice/details': page(['notice'], () => import('./notice/NoticeDetailsPage')),
  'notice/manage': page(['notice'], () => import('./notice/NoticeManagePage')),
  'workorder/myworkorder': page(['workorder'], () => import('./workorder/MyWorkorderPage')),
  'workorder/commit': page(['workorder'], () => import('./workorder/WorkorderCommitPage')),
  'workorder/queue': page(['workorder'], () => import('./workorder/WorkorderQueuePage')),
  'accesskey/index': page(['accessKey'], () => import('./accesskey/AccessKeyPage')),
  'invitereg/index': page(['invite', 'accessKey'], () => import('./invitereg/InviteRegPage')),
  // Model provider
  'model/index': page(['model'], () => import('./model/ModelPage')),
  // System pages: sub-accounts and the admin log
  'systems/subaccount': page(['systems'], () => import('./systems/SubAccountPage')),
  'systems/adminLog': page(['systems'], () => import('./systems/AdminLogPage')),
  // Roles, menus and access entries
  'systems/role': page(['systems'], () => import('./systems/RolePage')),
  'systems/menu': page(['systems'], () => import('./systems/MenuPage')),
};

/** The page of a menu's component name, or null when the console has none by that name. */
export function pageOf(component: string | undefined): RegisteredPage | null {
  return (component && PAGE_REGISTRY[component]) || null;
}

/**
 * The registry's pages at a static route of the spec, for every role: the home page (where signing
 * in leads), the account page (the points dialog leads there), notices and work orders (the
 * header's buttons lead there).
 */
export const STATIC_PAGES: readonly (readonly [path: string, component: string])[] = [
  [PagePath.BASE_HOME, 'dashboard/analysis'],
  [PagePath.ACCOUNT, 'account/index'],
  [ConsolePath.noticeIndex, 'notice/index'],
  [ConsolePath.noticeDetails, 'notice/details'],
  [ConsolePath.workorderMine, 'workorder/myworkorder'],
  [ConsolePath.workorderCommit, 'workorder/commit'],
];

/** The registry's page at `pathname`: one of the user's menus (by path or pattern), else a static one. */
export function pageAt(pathname: string, menus: readonly Menu[]): RegisteredPage | null {
  const menu = flattenMenus(menus).find((m) => pageOf(m.component) && matchPath(m.pattern ?? m.path, pathname) !== null);
  const component = menu?.component ?? STATIC_PAGES.find(([path]) => path === pathname)?.[1];
  return pageOf(component);
}

const rolesOf = (items: readonly BuiltInMenu[]): string[] => items.flatMap((item) => [...item.role, ...rolesOf(item.children ?? [])]);

/**
 * The page a signed-in start at `pathname` most likely shows, before the user's menus are known: a
 * static page, else the page of the built-in menus (of any role) at that path (loaded
 * with the shell, so that the first render does not suspend on it).
 */
export function likelyPageAt(pathname: string): RegisteredPage | null {
  return pageAt(pathname, menusForRoles(BUILT_IN_MENUS, rolesOf(BUILT_IN_MENUS)));
}
