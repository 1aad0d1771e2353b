import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The pages a menu delivered after login may name (its `component`, spec §2 "Further menu URLs").
 * Each is its own chunk, loaded when first opened; a menu added on the server with one of these
 * names renders that page at its own URL.
 */
export const PAGE_REGISTRY: Record<string, LazyExoticComponent<ComponentType>> = {
  'site/index': lazy(() => import('./site/SitePage')),
  'article/index': lazy(() => import('./article/ArticlePage')),
  'article/detail': lazy(() => import('./article/ArticleDetailPage')),
  'article_task/index': lazy(() => import('./article_task/ArticleTaskPage')),
  'prompt/index': lazy(() => import('./prompt/PromptPage')),
  'account/index': lazy(() => import('./account/AccountPage')),
  // Publishing tasks (issue 11).
  'task/index': lazy(() => import('./task/TaskPage')),
  /* The workbench (issue 13). */
  'dashboard/workbench': lazy(() => import('./dashboard/workbench/WorkbenchPage')),
  // Notices and work orders (issue 16).
  'notice/index': lazy(() => import('./notice/NoticeIndexPage')),
  'notice/details': lazy(() => import('./notice/NoticeDetailsPage')),
  'notice/manage': lazy(() => import('./notice/NoticeManagePage')),
  'workorder/myworkorder': lazy(() => import('./workorder/MyWorkorderPage')),
  'workorder/commit': lazy(() => import('./workorder/WorkorderCommitPage')),
  'workorder/queue': lazy(() => import('./workorder/WorkorderQueuePage')),
  // issue 15
  'accesskey/index': lazy(() => import('./accesskey/AccessKeyPage')),
  'invitereg/index': lazy(() => import('./invitereg/InviteRegPage')),
  // Model provider (issue 12)
  'model/index': lazy(() => import('./model/ModelPage')),
  // System pages: sub-accounts and the admin log (issue 14)
  'systems/subaccount': lazy(() => import('./systems/SubAccountPage')),
  'systems/adminLog': lazy(() => import('./systems/AdminLogPage')),
  // Roles, menus and access entries (issue 14)
  'systems/role': lazy(() => import('./systems/RolePage')),
  'systems/menu': lazy(() => import('./systems/MenuPage')),
};

/** The page of a menu's component name, or null when the console has none by that name. */
export function pageOf(component: string | undefined): LazyExoticComponent<ComponentType> | null {
  return (component && PAGE_REGISTRY[component]) || null;
}
