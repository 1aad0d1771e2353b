import { ConsolePath } from '../../contract/paths';

/**
 * The static routes of spec §2: their meta, without components (the view layer maps paths to lazy
 * pages). Menu routes delivered after login (spec §2 "Further menu URLs") come from the bootstrap
 * machine's menus.
 */

export const PagePath = {
  ROOT: '/',
  LOGIN: '/login',
  /** The base home (spec §2): the user's homePath wins when it has one. */
  BASE_HOME: '/dashboard/analysis',
  API_DOC: '/apiDoc',
  /** An external address shown inside the console: `/iframe?url=<address>`. */
  FRAME: '/iframe',
  EXCEPTION: '/exception',
  ERROR_LOG: '/error-log/list',
  ACCOUNT: '/account',
  REDIRECT: '/redirect',
  /** The project configuration as a page (the header's drawer holds the same). */
  SETTING: '/setting/index',
} as const;

export interface RouteMeta {
  /** A wouter pattern: `:name` parameters, `:name?` optional. */
  path: string;
  /** An i18n key of the `routes` namespace. */
  titleKey?: string;
  /** Reachable without a token (spec §2 guard 3). */
  ignoreAuth?: boolean;
  /** Where this path leads instead; the root's target is the home path. */
  redirect?: string;
  /** Shown only to users having one of these roles; every user when absent (spec §2). */
  roles?: string[];
  /** Never added as a tab (spec §4 Tabs). */
  hideTab?: boolean;
  hideMenu?: boolean;
}

export const STATIC_ROUTES: readonly RouteMeta[] = [
  { path: PagePath.LOGIN, titleKey: 'routes.basic.login', ignoreAuth: true, hideTab: true, hideMenu: true },
  { path: PagePath.ROOT, redirect: PagePath.BASE_HOME, hideTab: true, hideMenu: true },
  { path: '/dashboard', redirect: '/dashboard/analysis' },
  { path: '/dashboard/analysis', titleKey: 'routes.dashboard.analysis' },
  { path: '/dashboard/workbench', titleKey: 'routes.dashboard.workbench', hideMenu: true },
  { path: '/notice', redirect: '/notice/index' },
  { path: '/notice/index', titleKey: 'routes.notice.unread', hideMenu: true },
  { path: '/notice/details', titleKey: 'routes.notice.details', hideMenu: true },
  { path: '/workorder', redirect: '/workorder/myworkorder' },
  { path: '/workorder/myworkorder', titleKey: 'routes.workorder.list', hideMenu: true },
  { path: '/workorder/commit', titleKey: 'routes.workorder.commit', hideMenu: true },
  { path: PagePath.API_DOC, titleKey: 'routes.basic.apiDoc', hideMenu: true },
  { path: PagePath.FRAME, titleKey: 'routes.basic.frame', hideMenu: true },
  { path: '/error-log', redirect: PagePath.ERROR_LOG },
  { path: PagePath.ERROR_LOG, titleKey: 'routes.basic.errorLogList', hideMenu: true },
  { path: PagePath.ACCOUNT, titleKey: 'routes.account.account', hideMenu: true },
  { path: `${PagePath.EXCEPTION}/:status?`, titleKey: 'routes.basic.exception', ignoreAuth: true, hideTab: true, hideMenu: true },
  { path: '/setting', redirect: PagePath.SETTING },
  { path: PagePath.SETTING, titleKey: 'routes.basic.setting', hideMenu: true },
  { path: '/systems/admin/subaccount', titleKey: 'routes.systems.subaccount', roles: ['admin'] },
  { path: '/systems/sub/accounts/role', titleKey: 'routes.systems.role', roles: ['admin'] },
  { path: '/systems/sub/accounts/auth', titleKey: 'routes.systems.menu', roles: ['admin'] },
  { path: '/systems/log/admin', titleKey: 'routes.systems.adminLog', roles: ['admin'] },
  { path: ConsolePath.qrApprove, titleKey: 'routes.basic.qrConfirm', hideTab: true, hideMenu: true },
  { path: `${PagePath.REDIRECT}/:path/:_redirect_type/:_origin_params?`, titleKey: 'routes.basic.redirect', hideTab: true, hideMenu: true },
];

/**
 * Spec §2: opening the dashboard analysis page with `?pwa_master=1&app_id=<id>` (the installed
 * progressive web app's master mode) stores the flag and the app id in session storage.
 */
export const PWA_MASTER_QUERY = 'pwa_master';
export const APP_ID_QUERY = 'app_id';

/** Paths every visitor may open, token or not (spec §2 guard 2). */
export const ALWAYS_ALLOWED_PATHS: readonly string[] = [PagePath.LOGIN, PagePath.API_DOC];

/** The meta of the static route matching `pathname`, if any. */
export function findRouteMeta(pathname: string, routes: readonly RouteMeta[] = STATIC_ROUTES): RouteMeta | undefined {
  return routes.find((route) => matchPath(route.path, pathname) !== null);
}

/** Matches a pattern with `:name` and optional `:name?` segments; returns the parameters or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < Math.max(patternParts.length, pathParts.length); i++) {
    const part = patternParts[i];
    const value = pathParts[i];
    if (part === undefined) return null;
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      if (value === undefined) {
        if (optional) continue;
        return null;
      }
      params[part.slice(1, optional ? -1 : undefined)] = decodeURIComponent(value);
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}

/** Substitutes `:name` parameters from `params` (spec §2 Routing behaviour). */
export function fillPath(pattern: string, params: Record<string, string | number>): string {
  return (
    pattern
      .split('/')
      .map((part) => {
        if (!part.startsWith(':')) return part;
        const name = part.slice(1).replace(/\?$/, '');
        const value = params[name];
        return value === undefined ? '' : encodeURIComponent(String(value));
      })
      .join('/')
      .replace(/\/+$/, '') || '/'
  );
}
