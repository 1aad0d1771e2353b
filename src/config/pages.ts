import { ConsolePath } from '../../contract/paths';
import { matchPath } from '../shared/routePattern';
import type { PageModule } from '../components/feedback/lazyPage';
import type { PAGE_NAMESPACES } from '../i18n';

/** The namespaces a page reads beside the shell's (`dashboard` and `model` come with the home page). */
export type PageNamespace = (typeof PAGE_NAMESPACES)[number] | 'dashboard' | 'model';

/**
 * One page of the console (spec §2 routes): everything the router, the guards, the tabs, the
 * breadcrumb, the loads ahead and the first screen know about it. The addresses themselves are
 * contract/paths.ts's, which the server's built-in menus use too.
 */
export interface Page {
  /** A wouter pattern: `:name` parameters, `:name?` optional. */
  path: string;
  /**
   * An i18n key of the `routes` namespace: the tab's and the page's title. A page without one (nor
   * a redirect) is the user's only through a menu, which gives its title.
   */
  titleKey?: string;
  /**
   * The name a menu gives the page (its `component`, spec §2 "Further menu URLs"): a menu of the
   * user's naming it renders the page at the menu's own url.
   */
  component?: string;
  /**
   * Its code, a chunk of its own: fetched after sign-in when the browser is idle (or when first
   * opened), with the packs its first render reads. The module's `loadsAhead` makes the GETs the
   * page makes when it opens, sent as the navigation starts.
   */
  load?: () => Promise<PageModule>;
  packs?: readonly PageNamespace[];
  /**
   * Who reaches it without a menu naming it: `everyone` signed in (the header's buttons and the
   * points dialog lead there), or the `shell`, which draws it before any other page.
   */
  reach?: 'everyone' | 'shell';
  /** The router's pattern when it takes more than `path` does. */
  match?: string;
  /** Where this path leads instead; the root's target is the home path. */
  redirect?: string;
  /** Reachable without a token (spec §2 guard 3). */
  ignoreAuth?: boolean;
  /** Every visitor may open it, token or not (spec §2 guard 2). */
  open?: boolean;
  /** Never added as a tab (spec §4 Tabs). */
  tab?: false;
}

/** The page table: one row per address; the order is the order pages are loaded ahead in. */
export const PAGES: readonly Page[] = [
  {
    // Drawn by the top-level routes, alone (views/AppRoutes); its chunk is the first screen's.
    path: ConsolePath.login,
    titleKey: 'routes.basic.login',
    load: () => import('../views/login/LoginPage'),
    ignoreAuth: true,
    open: true,
    tab: false,
  },
  { path: ConsolePath.root, redirect: ConsolePath.dashboardAnalysis, tab: false },
  { path: ConsolePath.dashboard, redirect: ConsolePath.dashboardAnalysis },
  {
    // Where signing in leads unless a redirect says otherwise: loaded with the shell, not after it (views/firstScreen).
    path: ConsolePath.dashboardAnalysis,
    titleKey: 'routes.dashboard.analysis',
    component: 'dashboard/analysis',
    load: () => import('../views/dashboard/analysis/AnalysisPage'),
    packs: ['dashboard', 'model'],
    reach: 'everyone',
  },
  {
    path: ConsolePath.site,
    component: 'site/index',
    load: () => import('../views/site/SitePage'),
    packs: ['site', 'generation', 'tasks', 'model'],
  },
  {
    path: ConsolePath.article,
    component: 'article/index',
    load: () => import('../views/article/ArticlePage'),
    packs: ['article', 'publishing', 'tasks', 'seoChecks'],
  },
  {
    path: ConsolePath.articleDetail,
    component: 'article/detail',
    load: () => import('../views/article/ArticleDetailPage'),
    packs: ['article', 'publishing', 'tasks', 'seoChecks'],
  },
  {
    path: ConsolePath.articleTask,
    component: 'article_task/index',
    load: () => import('../views/tasks/generation/GenerationTasksPage'),
    packs: ['generation', 'tasks', 'site', 'model'],
  },
  { path: ConsolePath.prompt, component: 'prompt/index', load: () => import('../views/prompt/PromptPage'), packs: ['prompt'] },
  {
    path: ConsolePath.account,
    titleKey: 'routes.account.account',
    component: 'account/index',
    load: () => import('../views/account/AccountPage'),
    packs: ['account', 'ledger', 'orders'],
    reach: 'everyone',
  },
  {
    path: ConsolePath.task,
    component: 'task/index',
    load: () => import('../views/tasks/publishing/PublishingTasksPage'),
    packs: ['publishing', 'tasks', 'article', 'generation', 'model'],
  },
  {
    path: ConsolePath.dashboardWorkbench,
    titleKey: 'routes.dashboard.workbench',
    component: 'dashboard/workbench',
    load: () => import('../views/dashboard/workbench/WorkbenchPage'),
    packs: ['dashboard'],
  },
  { path: ConsolePath.notice, redirect: ConsolePath.noticeIndex },
  {
    path: ConsolePath.noticeIndex,
    titleKey: 'routes.notice.unread',
    component: 'notice/index',
    load: () => import('../views/notice/NoticeIndexPage'),
    packs: ['notice'],
    reach: 'everyone',
  },
  {
    path: ConsolePath.noticeDetails,
    titleKey: 'routes.notice.details',
    component: 'notice/details',
    load: () => import('../views/notice/NoticeDetailsPage'),
    packs: ['notice'],
    reach: 'everyone',
  },
  {
    path: ConsolePath.noticeAdmin,
    component: 'notice/manage',
    load: () => import('../views/notice/NoticeManagePage'),
    packs: ['notice'],
  },
  { path: ConsolePath.workorder, redirect: ConsolePath.workorderMine },
  {
    path: ConsolePath.workorderMine,
    titleKey: 'routes.workorder.list',
    component: 'workorder/myworkorder',
    load: () => import('../views/workorder/MyWorkorderPage'),
    packs: ['workorder'],
    reach: 'everyone',
  },
  {
    path: ConsolePath.workorderCommit,
    titleKey: 'routes.workorder.commit',
    component: 'workorder/commit',
    load: () => import('../views/workorder/WorkorderCommitPage'),
    packs: ['workorder'],
    reach: 'everyone',
  },
  {
    path: ConsolePath.workorderQueue,
    component: 'workorder/queue',
    load: () => import('../views/workorder/WorkorderQueuePage'),
    packs: ['workorder'],
  },
  {
    path: ConsolePath.accessKey,
    component: 'accesskey/index',
    load: () => import('../views/accesskey/AccessKeyPage'),
    packs: ['accessKey'],
  },
  {
    path: ConsolePath.inviteReg,
    component: 'invitereg/index',
    load: () => import('../views/invitereg/InviteRegPage'),
    packs: ['invite', 'accessKey'],
  },
  { path: ConsolePath.modelProvider, component: 'model/index', load: () => import('../views/model/ModelPage'), packs: ['model'] },
  {
    path: ConsolePath.subAccounts,
    component: 'systems/subaccount',
    load: () => import('../views/systems/SubAccountPage'),
    packs: ['systems', 'accounts'],
  },
  {
    path: ConsolePath.adminLog,
    component: 'systems/adminLog',
    load: () => import('../views/systems/AdminLogPage'),
    packs: ['systems', 'adminLog'],
  },
  {
    path: ConsolePath.roles,
    component: 'systems/role',
    load: () => import('../views/systems/RolePage'),
    packs: ['systems'],
  },
  {
    path: ConsolePath.menus,
    component: 'systems/menu',
    load: () => import('../views/systems/MenuPage'),
    packs: ['systems'],
  },
  {
    path: ConsolePath.apiDoc,
    titleKey: 'routes.basic.apiDoc',
    load: () => import('../views/iframe/ApiDocPage'),
    reach: 'shell',
    open: true,
  },
  {
    path: ConsolePath.frame,
    titleKey: 'routes.basic.frame',
    load: () => import('../views/iframe/ExternalFramePage'),
    reach: 'shell',
  },
  { path: ConsolePath.errorLogGroup, redirect: ConsolePath.errorLog },
  {
    path: ConsolePath.errorLog,
    titleKey: 'routes.basic.errorLogList',
    load: () => import('../views/error_log/ErrorLogPage'),
    reach: 'shell',
  },
  { path: ConsolePath.settingGroup, redirect: ConsolePath.setting },
  {
    path: ConsolePath.setting,
    titleKey: 'routes.basic.setting',
    load: () => import('../views/layout/settings/SettingPage'),
    reach: 'shell',
  },
  {
    path: ConsolePath.exception,
    titleKey: 'routes.basic.exception',
    load: () => import('../views/exception/ExceptionPage'),
    ignoreAuth: true,
    tab: false,
    reach: 'everyone',
  },
  {
    path: ConsolePath.redirect,
    match: '/redirect/*',
    titleKey: 'routes.basic.redirect',
    load: () => import('../views/redirect/RedirectPage'),
    tab: false,
    reach: 'everyone',
  },
  {
    path: ConsolePath.qrApprove,
    titleKey: 'routes.basic.qrConfirm',
    load: () => import('../views/qr/QrApprovePage'),
    tab: false,
    reach: 'everyone',
  },
];

/** The base home (spec §2): where signing in leads; the user's homePath wins when it has one. */
export const HOME_PATH = ConsolePath.dashboardAnalysis;

/**
 * The page at `pathname` that the console knows without the user's menus (a static route of spec
 * §2: it has a title or leads elsewhere), if any.
 */
export function staticPageAt(pathname: string): Page | undefined {
  return PAGES.find((page) => (page.titleKey !== undefined || page.redirect !== undefined) && matchPath(page.path, pathname) !== null);
}
