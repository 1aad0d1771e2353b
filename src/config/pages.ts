import { ConsolePath } from '../../contract/consolePaths';
import { matchPath } from '../shared/routePattern';
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
   * Its code: the module under src/views (`site/SitePage`), a chunk of its own found by the page
   * registry (views/pageRegistry, which comes with the signed-in shell: the table itself, which the
   * route guards read, is the first screen's), fetched after sign-in when the browser is idle (or
   * when first opened), with the packs its first render reads. The module's `loadsAhead` makes the
   * GETs the page makes when it opens, sent as the navigation starts.
   */
  module?: string;
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
    // Drawn by the top-level routes, alone (views/AppRoutes): its code is the first screen's (views/firstScreen).
    path: ConsolePath.login,
    titleKey: 'sys.page.login',
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
    module: 'dashboard/analysis/AnalysisPage',
    packs: ['dashboard', 'model'],
    reach: 'everyone',
  },
  {
    path: ConsolePath.site,
    component: 'site/index',
    module: 'site/SitePage',
    packs: ['site', 'generation', 'tasks', 'model'],
  },
  {
    path: ConsolePath.article,
    component: 'article/index',
    module: 'article/ArticlePage',
    packs: ['article', 'publishing', 'tasks', 'seoChecks'],
  },
  {
    path: ConsolePath.articleDetail,
    component: 'article/detail',
    module: 'article/ArticleDetailPage',
    packs: ['article', 'publishing', 'tasks', 'seoChecks'],
  },
  {
    path: ConsolePath.articleTask,
    component: 'article_task/index',
    module: 'tasks/generation/GenerationTasksPage',
    packs: ['generation', 'tasks', 'site', 'model'],
  },
  { path: ConsolePath.prompt, component: 'prompt/index', module: 'prompt/PromptPage', packs: ['prompt'] },
  {
    path: ConsolePath.account,
    titleKey: 'routes.account.account',
    component: 'account/index',
    module: 'account/AccountPage',
    packs: ['account', 'ledger', 'orders'],
    reach: 'everyone',
  },
  {
    path: ConsolePath.task,
    component: 'task/index',
    module: 'tasks/publishing/PublishingTasksPage',
    packs: ['publishing', 'tasks', 'article', 'generation', 'model'],
  },
  {
    path: ConsolePath.dashboardWorkbench,
    titleKey: 'routes.dashboard.workbench',
    component: 'dashboard/workbench',
    module: 'dashboard/workbench/WorkbenchPage',
    packs: ['dashboard'],
  },
  { path: ConsolePath.notice, redirect: ConsolePath.noticeIndex },
  {
    path: ConsolePath.noticeIndex,
    titleKey: 'routes.notice.unread',
    component: 'notice/index',
    module: 'notice/NoticeIndexPage',
    packs: ['notice'],
    reach: 'everyone',
  },
  {
    path: ConsolePath.noticeDetails,
    titleKey: 'routes.notice.details',
    component: 'notice/details',
    module: 'notice/NoticeDetailsPage',
    packs: ['notice'],
    reach: 'everyone',
  },
  {
    path: ConsolePath.noticeAdmin,
    component: 'notice/manage',
    module: 'notice/NoticeManagePage',
    packs: ['notice'],
  },
  { path: ConsolePath.workorder, redirect: ConsolePath.workorderMine },
  {
    path: ConsolePath.workorderMine,
    titleKey: 'routes.workorder.list',
    component: 'workorder/myworkorder',
    module: 'workorder/MyWorkorderPage',
    packs: ['workorder'],
    reach: 'everyone',
  },
  {
    path: ConsolePath.workorderCommit,
    titleKey: 'routes.workorder.commit',
    component: 'workorder/commit',
    module: 'workorder/WorkorderCommitPage',
    packs: ['workorder'],
    reach: 'everyone',
  },
  {
    path: ConsolePath.workorderQueue,
    component: 'workorder/queue',
    module: 'workorder/WorkorderQueuePage',
    packs: ['workorder'],
  },
  {
    path: ConsolePath.accessKey,
    component: 'accesskey/index',
    module: 'accesskey/AccessKeyPage',
    packs: ['accessKey'],
  },
  {
    path: ConsolePath.inviteReg,
    component: 'invitereg/index',
    module: 'invitereg/InviteRegPage',
    packs: ['invite', 'accessKey'],
  },
  { path: ConsolePath.modelProvider, component: 'model/index', module: 'model/ModelPage', packs: ['model'] },
  {
    path: ConsolePath.subAccounts,
    component: 'systems/subaccount',
    module: 'systems/SubAccountPage',
    packs: ['systems', 'accounts'],
  },
  {
    path: ConsolePath.adminLog,
    component: 'systems/adminLog',
    module: 'systems/AdminLogPage',
    packs: ['systems', 'adminLog'],
  },
  {
    path: ConsolePath.roles,
    component: 'systems/role',
    module: 'systems/RolePage',
    packs: ['systems'],
  },
  {
    path: ConsolePath.menus,
    component: 'systems/menu',
    module: 'systems/MenuPage',
    packs: ['systems'],
  },
  {
    path: ConsolePath.apiDoc,
    titleKey: 'routes.basic.apiDoc',
    module: 'iframe/ApiDocPage',
    reach: 'shell',
    open: true,
  },
  {
    path: ConsolePath.frame,
    titleKey: 'routes.basic.frame',
    module: 'iframe/ExternalFramePage',
    reach: 'shell',
  },
  { path: ConsolePath.errorLogGroup, redirect: ConsolePath.errorLog },
  {
    path: ConsolePath.errorLog,
    titleKey: 'routes.basic.errorLogList',
    module: 'error_log/ErrorLogPage',
    reach: 'shell',
  },
  { path: ConsolePath.settingGroup, redirect: ConsolePath.setting },
  {
    path: ConsolePath.setting,
    titleKey: 'routes.basic.setting',
    module: 'layout/settings/SettingPage',
    reach: 'shell',
  },
  {
    path: ConsolePath.exception,
    titleKey: 'sys.page.exception',
    module: 'exception/ExceptionPage',
    ignoreAuth: true,
    tab: false,
    reach: 'everyone',
  },
  {
    path: ConsolePath.redirect,
    match: '/redirect/*',
    titleKey: 'sys.page.redirect',
    module: 'redirect/RedirectPage',
    tab: false,
    reach: 'everyone',
  },
  {
    path: ConsolePath.qrApprove,
    titleKey: 'sys.page.qrConfirm',
    module: 'qr/QrApprovePage',
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
