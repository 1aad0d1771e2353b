import { ConsolePath } from '../../contract/consolePaths';
import type { PAGE_NAMESPACES } from '../i18n';
import { STATIC_ROUTES, type StaticRoute } from './routes';

/** The namespaces a page reads beside the shell's (`dashboard` and `model` come with the home page). */
export type PageNamespace = (typeof PAGE_NAMESPACES)[number] | 'dashboard' | 'model';

/**
 * One page of the console (spec §2 routes): everything the router, the guards, the tabs, the
 * breadcrumb, the loads ahead and the first screen know about it. The addresses themselves are
 * contract/consolePaths.ts's, which the server's built-in menus use too. What the navigation's
 * guards read (the title, the redirect, who may open it) is its static route (./routes), in the first
 * screen's code; the table itself comes with the signed-in shell.
 */
export interface Page extends StaticRoute {
  /**
   * The name a menu gives the page (its `component`, spec §2 "Further menu URLs"): a menu of the
   * user's naming it renders the page at the menu's own url. A page without a title (nor a
   * redirect) is the user's only through a menu, which gives its title.
   */
  component?: string;
  /**
   * Its code: the module under src/views (`site/SitePage`), a chunk of its own found by the page
   * registry (views/pageRegistry, which comes with the signed-in shell, as this table does),
   * fetched after sign-in when the browser is idle (or when first opened), with the packs its first
   * render reads. The module's `loadsAhead` makes the GETs the page makes when it opens, sent as the
   * navigation starts.
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
}

/** The static route at `path`, which a row takes whole. */
function routeAt(path: string): StaticRoute {
  const route = STATIC_ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No static route at ${path}`);
  return route;
}

/** The page table: one row per address; the order is the order pages are loaded ahead in. */
export const PAGES: readonly Page[] = [
  // Its code is the first screen's (views/firstScreen), not the registry's.
  routeAt(ConsolePath.login),
  routeAt(ConsolePath.root),
  routeAt(ConsolePath.dashboard),
  {
    // Where signing in leads unless a redirect says otherwise: loaded with the shell, not after it (views/firstScreen).
    ...routeAt(ConsolePath.dashboardAnalysis),
    component: 'dashboard/analysis',
    module: 'dashboard/analysis/AnalysisPage',
    packs: ['dashboard', 'model'],
    reach: 'everyone',
  },
  { path: ConsolePath.site, component: 'site/index', module: 'site/SitePage', packs: ['site', 'generation', 'tasks', 'model'] },
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
    ...routeAt(ConsolePath.account),
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
    ...routeAt(ConsolePath.dashboardWorkbench),
    component: 'dashboard/workbench',
    module: 'dashboard/workbench/WorkbenchPage',
    packs: ['dashboard'],
  },
  routeAt(ConsolePath.notice),
  {
    ...routeAt(ConsolePath.noticeIndex),
    component: 'notice/index',
    module: 'notice/NoticeIndexPage',
    packs: ['notice'],
    reach: 'everyone',
  },
  {
    ...routeAt(ConsolePath.noticeDetails),
    component: 'notice/details',
    module: 'notice/NoticeDetailsPage',
    packs: ['notice'],
    reach: 'everyone',
  },
  { path: ConsolePath.noticeAdmin, component: 'notice/manage', module: 'notice/NoticeManagePage', packs: ['notice'] },
  routeAt(ConsolePath.workorder),
  {
    ...routeAt(ConsolePath.workorderMine),
    component: 'workorder/myworkorder',
    module: 'workorder/MyWorkorderPage',
    packs: ['workorder'],
    reach: 'everyone',
  },
  {
    ...routeAt(ConsolePath.workorderCommit),
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
  { path: ConsolePath.accessKey, component: 'accesskey/index', module: 'accesskey/AccessKeyPage', packs: ['accessKey'] },
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
  { path: ConsolePath.adminLog, component: 'systems/adminLog', module: 'systems/AdminLogPage', packs: ['systems', 'adminLog'] },
  { path: ConsolePath.roles, component: 'systems/role', module: 'systems/RolePage', packs: ['systems'] },
  { path: ConsolePath.menus, component: 'systems/menu', module: 'systems/MenuPage', packs: ['systems'] },
  { ...routeAt(ConsolePath.apiDoc), module: 'iframe/ApiDocPage', reach: 'shell' },
  { ...routeAt(ConsolePath.frame), module: 'iframe/ExternalFramePage', reach: 'shell' },
  routeAt(ConsolePath.errorLogGroup),
  { ...routeAt(ConsolePath.errorLog), module: 'error_log/ErrorLogPage', reach: 'shell' },
  routeAt(ConsolePath.settingGroup),
  { ...routeAt(ConsolePath.setting), module: 'layout/settings/SettingPage', reach: 'shell' },
  { ...routeAt(ConsolePath.exception), module: 'exception/ExceptionPage', reach: 'everyone' },
  { ...routeAt(ConsolePath.redirect), match: '/redirect/*', module: 'redirect/RedirectPage', reach: 'everyone' },
  { ...routeAt(ConsolePath.qrApprove), module: 'qr/QrApprovePage', reach: 'everyone' },
];
