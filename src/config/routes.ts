import { ConsolePath } from '../../contract/consolePaths';
import { matchPath } from '../shared/routePattern';

/**
 * A static route of spec §2: an address the console knows without the user's menus, for it has a
 * title or leads elsewhere. What the navigation's guards read of the page table (./pages), the login
 * page's among them; the rest of the table, the pages' code, comes with the signed-in shell.
 */
export interface StaticRoute {
  /** A wouter pattern: `:name` parameters, `:name?` optional. */
  path: string;
  /** An i18n key of the `routes` namespace (`sys` for the pages drawn without a user): the tab's and the page's title. */
  titleKey?: string;
  /** Where this path leads instead; the root's target is the home path. */
  redirect?: string;
  /** Reachable without a token (spec §2 guard 3). */
  ignoreAuth?: boolean;
  /** Every visitor may open it, token or not (spec §2 guard 2). */
  open?: boolean;
  /** Never added as a tab (spec §4 Tabs). */
  tab?: false;
}

/** The static routes, each also a row of the page table (./pages), which takes it whole. */
export const STATIC_ROUTES: readonly StaticRoute[] = [
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
  { path: ConsolePath.dashboardAnalysis, titleKey: 'routes.dashboard.analysis' },
  { path: ConsolePath.account, titleKey: 'routes.account.account' },
  { path: ConsolePath.dashboardWorkbench, titleKey: 'routes.dashboard.workbench' },
  { path: ConsolePath.notice, redirect: ConsolePath.noticeIndex },
  { path: ConsolePath.noticeIndex, titleKey: 'routes.notice.unread' },
  { path: ConsolePath.noticeDetails, titleKey: 'routes.notice.details' },
  { path: ConsolePath.workorder, redirect: ConsolePath.workorderMine },
  { path: ConsolePath.workorderMine, titleKey: 'routes.workorder.list' },
  { path: ConsolePath.workorderCommit, titleKey: 'routes.workorder.commit' },
  { path: ConsolePath.apiDoc, titleKey: 'routes.basic.apiDoc', open: true },
  { path: ConsolePath.frame, titleKey: 'routes.basic.frame' },
  { path: ConsolePath.errorLogGroup, redirect: ConsolePath.errorLog },
  { path: ConsolePath.errorLog, titleKey: 'routes.basic.errorLogList' },
  { path: ConsolePath.settingGroup, redirect: ConsolePath.setting },
  { path: ConsolePath.setting, titleKey: 'routes.basic.setting' },
  { path: ConsolePath.exception, titleKey: 'sys.page.exception', ignoreAuth: true, tab: false },
  { path: ConsolePath.redirect, titleKey: 'sys.page.redirect', tab: false },
  { path: ConsolePath.qrApprove, titleKey: 'sys.page.qrConfirm', tab: false },
];

/** The base home (spec §2): where signing in leads; the user's homePath wins when it has one. */
export const HOME_PATH = ConsolePath.dashboardAnalysis;

/** The static route at `pathname`, if any: a page the console knows without the user's menus. */
export function staticPageAt(pathname: string): StaticRoute | undefined {
  return STATIC_ROUTES.find((route) => matchPath(route.path, pathname) !== null);
}
