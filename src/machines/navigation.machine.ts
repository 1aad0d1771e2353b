import { assign, raise, sendParent, setup, type SnapshotFrom } from 'xstate';
import { PAGE_LOADING } from '../config/constants';
import type { PermissionMode, ProjectConfig } from '../config/projectConfig';
import { ConsolePath } from '../../contract/consolePaths';
import { HOME_PATH, STATIC_ROUTES, staticPageAt } from '../config/routes';
import { matchPath } from '../shared/routePattern';
import type {
  AccessRequested,
  LocationCommitted,
  MenuParamsApplied,
  MenusChanged,
  RoutesAdded,
  RoutesFailed,
  RoutesRequested,
  SessionAccess,
  SessionAccessFacts,
  SessionSignedIn,
  SessionSignedOut,
  SettingsChanged,
  UserSettled,
} from './announcements';
import { notProvided } from './notProvided';
import type { AppInfo, GetAppBody } from '../../contract/schemas/app';
import { localPath, pathnameOf, queryValue, withRedirectQuery } from '../shared/location';

/**
 * Navigation (spec §2 "Routing behaviour" and "Route guards, in order"): every navigation runs the
 * seven guards before its location is committed, so no view renders a page it may not show.
 * Also the page-loading indicator, the top progress bar and the route-change side effects.
 */

/**
 * What the guards need to know about the session and the routes. The session's part is asked
 * (through the app) when a navigation starts; the routes' part is what bootstrap last told.
 */
export interface Access extends SessionAccessFacts {
  /** Bootstrap answered ROUTES.ADDED since the session began (the menu routes are added once per session). */
  routesAdded: boolean;
  /** Title keys of the menu routes, by path, or by pattern for a route with `:name` parameters. */
  menuTitles: Record<string, string>;
  /** Where a menu group's own path leads (its redirect or first visible child), by the group's path. */
  groupTargets: Record<string, string>;
}

/** The title key of the menu route at `path`: its own path, else a pattern it fills in ('' for none). */
function menuTitleOf(menuTitles: Record<string, string>, path: string): string {
  if (path in menuTitles) return menuTitles[path];
  return Object.entries(menuTitles).find(([pattern]) => pattern.includes(':') && matchPath(pattern, path) !== null)?.[1] ?? '';
}

/** The title key of the page at `path`: a static route's own, else the user's menu's ('' when none leads there). */
function titleOf(access: Access, path: string): string {
  const route = staticPageAt(path);
  return route ? (route.titleKey ?? '') : menuTitleOf(access.menuTitles, path);
}

export interface NavigationConfig {
  openPageLoading: boolean;
  openNProgress: boolean;
  removeAllHttpPending: boolean;
  closeMessageOnSwitch: boolean;
  permissionMode: PermissionMode;
}

/** What leaving a route does (spec §2 "Other navigation effects"). */
export interface RouteLeaveEffects {
  cancelPendingRequests: boolean;
  closeMessages: boolean;
}

/** The progressive-web-app master mode a location opens (spec §2). */
export interface PwaLaunch {
  appId: string;
}

/**
 * Spec §2: opening the dashboard analysis page with `?pwa_master=1&app_id=<id>` (the installed
 * progressive web app's master mode) stores the flag and the app id in session storage.
 */
const PWA_MASTER_QUERY = 'pwa_master';
const APP_ID_QUERY = 'app_id';

/** Paths every visitor may open, token or not (spec §2 guard 2). */
const ALWAYS_ALLOWED_PATHS: readonly string[] = STATIC_ROUTES.filter((route) => route.open).map((route) => route.path);

/** `/dashboard/analysis?pwa_master=1&app_id=…` launches the PWA master mode; null otherwise. */
export function pwaLaunchOf(location: string): PwaLaunch | null {
  if (pathnameOf(location) !== HOME_PATH || queryValue(location, PWA_MASTER_QUERY) !== '1') return null;
  return { appId: queryValue(location, APP_ID_QUERY) ?? '' };
}

export interface NavigationTarget {
  to: string;
  replace: boolean;
}

export type NavigationEvent =
  | { type: 'NAVIGATE'; to: string; replace?: boolean }
  | { type: 'LOCATION.POPPED'; to: string }
  | { type: 'NAVIGATION.STARTED' }
  | { type: 'NAVIGATION.COMMITTED' }
  | SessionAccess
  | UserSettled
  | RoutesAdded
  | RoutesFailed
  | MenusChanged
  | SessionSignedIn
  | SessionSignedOut
  | SettingsChanged;

export interface NavigationContext {
  /** The committed location (pathname + search); '' until the first navigation is committed. */
  location: string;
  /** Where the navigation under way is going. */
  pending: NavigationTarget;
  access: Access;
  /** The route's title key. */
  title: string;
  /** Paths visited so far: the page-loading indicator shows on a first visit only. */
  visited: string[];
  config: NavigationConfig;
  /** The PWA master mode's app (spec §2, §7 get_app): its id once launched or stored, its icon and name once read. */
  pwaApp: { appId: string | null; info: AppInfo | null };
}

export interface NavigationInput {
  /** The browser's location at start. */
  location: string;
  config?: Partial<NavigationConfig>;
  /** The app id a PWA master launch stored earlier in this browser session. */
  pwaAppId?: string | null;
}

const NO_ACCESS: Access = {
  hasToken: false,
  userLoaded: false,
  userSettled: false,
  homePath: '',
  sessionTimedOut: false,
  routesAdded: false,
  menuTitles: {},
  groupTargets: {},
};

const DEFAULT_CONFIG: NavigationConfig = {
  openPageLoading: true,
  openNProgress: true,
  removeAllHttpPending: false,
  closeMessageOnSwitch: true,
  permissionMode: 'BACK',
};

/** The parts of the project config that navigation follows. */
export function navigationConfigOf(projectConfig: ProjectConfig): NavigationConfig {
  const { transitionSetting, removeAllHttpPending, closeMessageOnSwitch, permissionMode } = projectConfig;
  const { openPageLoading, openNProgress } = transitionSetting;
  return { openPageLoading, openNProgress, removeAllHttpPending, closeMessageOnSwitch, permissionMode };
}

const pendingPath = (context: NavigationContext) => pathnameOf(context.pending.to);
const homeOf = (access: Access) => access.homePath || HOME_PATH;
/** Where the login page at `location` leads once signed in: its redirect (a local path), else the root. */
const afterLogin = (location: string) => localPath(queryValue(location, 'redirect')) || ConsolePath.root;

export const navigationMachine = setup({
  types: {
    context: {} as NavigationContext,
    events: {} as NavigationEvent,
    input: {} as NavigationInput,
    tags: {} as 'pageLoading' | 'progress',
  },
  actors: {
    /** The PWA app's icon and name (POST get_app). */
    fetchApp: notProvided<AppInfo, GetAppBody>('fetchApp'),
  },
  actions: {
    /** Asks the session (through the app) who the user is: answered with SESSION.ACCESS. */
    askAccess: sendParent((): AccessRequested => ({ type: 'ACCESS.REQUESTED' })),
    /** Spec §2 guard 6: asks bootstrap (through the app) for the menu routes: answered with ROUTES.ADDED or ROUTES.FAILED. */
    askRoutes: sendParent((): RoutesRequested => ({ type: 'ROUTES.REQUESTED' })),
    takeTarget: assign(({ event }) => (event.type === 'NAVIGATE' ? { pending: { to: event.to, replace: event.replace ?? false } } : {})),
    takePoppedTarget: assign(({ event }) => (event.type === 'LOCATION.POPPED' ? { pending: { to: event.to, replace: true } } : {})),
    targetCurrentLocation: assign(({ context }) => ({ pending: { to: context.location, replace: true } })),
    targetLogin: assign({ pending: { to: ConsolePath.login, replace: true } }),
    targetLoginWithRedirect: assign(({ context }) => {
      const from = context.location || context.pending.to;
      return { pending: { to: pathnameOf(from) === ConsolePath.login ? from : withRedirectQuery(ConsolePath.login, from), replace: true } };
    }),
    keepSessionAccess: assign(({ context, event }) => {
      if (event.type !== 'SESSION.ACCESS') return {};
      const { hasToken, userLoaded, userSettled, homePath, sessionTimedOut } = event;
      return { access: { ...context.access, hasToken, userLoaded, userSettled, homePath, sessionTimedOut } };
    }),
    /** The menu routes as bootstrap worked them out with the menus (the menus' own code comes with the shell). */
    keepMenus: assign(({ context, event }) =>
      event.type === 'MENUS.CHANGED'
        ? { access: { ...context.access, menuTitles: event.routes.titles, groupTargets: event.routes.groupTargets } }
        : {},
    ),
    markRoutesAdded: assign(({ context }) => ({ access: { ...context.access, routesAdded: true } })),
    /** A new session (or none): its menu routes are built again when needed. */
    forgetRoutes: assign(({ context }) => ({ access: { ...context.access, routesAdded: false } })),
    markUserLoaded: assign(({ context }) => ({ access: { ...context.access, userLoaded: true, userSettled: true } })),
    redirectToLogin: assign(({ context }) => ({
      pending: { ...context.pending, to: withRedirectQuery(ConsolePath.login, context.pending.to) },
    })),
    redirectToHomePath: assign(({ context }) => ({ pending: { ...context.pending, to: homeOf(context.access) } })),
    redirectAfterLogin: assign(({ context }) => ({ pending: { to: afterLogin(context.pending.to), replace: true } })),
    repeatAfterRoutesAdded: assign(({ context }) => {
      const fromLogin = pathnameOf(context.location) === ConsolePath.login;
      const redirect = fromLogin ? localPath(queryValue(context.location, 'redirect')) : null;
      return { pending: { ...context.pending, to: redirect || context.pending.to } };
    }),
    followRouteRedirect: assign(({ context }) => {
      const path = pendingPath(context);
      const target = path === ConsolePath.root ? homeOf(context.access) : (staticPageAt(path)?.redirect ?? path);
      return { pending: { ...context.pending, to: target } };
    }),
    followMenuGroup: assign(({ context }) => ({
      pending: { ...context.pending, to: context.access.groupTargets[pendingPath(context)] ?? context.pending.to },
    })),
    commit: assign(({ context }) => {
      const path = pendingPath(context);
      return {
        location: context.pending.to,
        title: titleOf(context.access, path),
        visited: context.visited.includes(path) ? context.visited : [...context.visited, path],
      };
    }),
    announceStarted: raise({ type: 'NAVIGATION.STARTED' }),
    announceCommitted: raise({ type: 'NAVIGATION.COMMITTED' }),
    /** Tells the app where the console now is (tabs follow it). */
    announceLocation: sendParent(({ context }): LocationCommitted => ({ type: 'LOCATION.COMMITTED', location: context.location })),
    announceMenuParams: sendParent(({ context }): MenuParamsApplied => ({
      type: 'MENU.PARAMS_APPLIED',
      pathname: pathnameOf(context.location),
    })),
    applySettings: assign(({ event }) => (event.type === 'SETTINGS.CHANGED' ? { config: navigationConfigOf(event.projectConfig) } : {})),
    /** Writes the committed location to the browser history (injected). */
    writeHistory: (_, _target: NavigationTarget) => {},
    /** The first app launched in this browser session is the one shown. */
    keepPwaLaunch: assign(({ context }, launch: PwaLaunch | null) =>
      launch?.appId && context.pwaApp.appId === null ? { pwaApp: { appId: launch.appId, info: null } } : {},
    ),
    keepPwaApp: assign(({ context }, info: AppInfo) => ({ pwaApp: { ...context.pwaApp, info } })),
    /** Stores the PWA master flag and app id in session storage when a launch opened the page (injected). */
    rememberPwaLaunch: (_, _launch: PwaLaunch | null) => {},
    /** Each navigation scrolls to the top (injected). */
    scrollToTop: () => {},
    /** Leaving a route: cancels pending HTTP requests and closes messages, as configured (injected). */
    leaveRoute: (_, _effects: RouteLeaveEffects) => {},
  },
  guards: {
    leadsElsewhere: ({ context, event }) =>
      (event.type === 'NAVIGATE' || event.type === 'LOCATION.POPPED') && event.to !== context.location,
    isOnLoginPage: ({ context }) => pathnameOf(context.location) === ConsolePath.login,
    /** Ended by the server, not by the user: login comes back to where the user was. */
    endedByServer: ({ event }) => event.type === 'SESSION.SIGNED_OUT' && event.reason !== 'logout',
    opensLoginWithToken: ({ context }) => pendingPath(context) === ConsolePath.login && context.access.hasToken,
    /** Without a token (with one, login is taken above and the docs load the user and menus as any page does). */
    isAlwaysAllowed: ({ context }) => !context.access.hasToken && ALWAYS_ALLOWED_PATHS.includes(pendingPath(context)),
    isPublicWithoutToken: ({ context }) => !context.access.hasToken && staticPageAt(pendingPath(context))?.ignoreAuth === true,
    lacksToken: ({ context }) => !context.access.hasToken,
    leavesLoginForRoot: ({ context }) =>
      pathnameOf(context.location) === ConsolePath.login &&
      pendingPath(context) === ConsolePath.root &&
      homeOf(context.access) !== HOME_PATH,
    userNotLoaded: ({ context }) => !context.access.userLoaded,
    /** The session is not finding out who the user is (any more): a user loaded, unavailable for now, or none. */
    userSettled: ({ context }) => context.access.userSettled,
    routesNotAdded: ({ context }) => !context.access.routesAdded,
    sessionTimedOut: ({ context }) => context.access.sessionTimedOut,
    routeRedirects: ({ context }) => staticPageAt(pendingPath(context))?.redirect !== undefined,
    /** A menu group's own path (`/systems`): it has no page of its own. */
    opensMenuGroup: ({ context }) => Object.hasOwn(context.access.groupTargets, pendingPath(context)),
    appliesMenuParams: ({ context }) => context.config.permissionMode === 'BACK' || context.config.permissionMode === 'ROUTE_MAPPING',
    showsPageLoading: ({ context }) => context.config.openPageLoading && !context.visited.includes(pendingPath(context)),
    showsProgress: ({ context }) => context.config.openNProgress,
    hasPwaAppId: ({ context }) => context.pwaApp.appId !== null,
  },
  delays: {
    pageLoadingDelay: PAGE_LOADING.showAfterMs,
    pageLoadingLinger: PAGE_LOADING.hideAfterMs,
  },
}).createMachine({
  id: 'navigation',
  context: ({ input }) => ({
    location: '',
    pending: { to: input.location, replace: true },
    access: NO_ACCESS,
    title: '',
    visited: [],
    config: { ...DEFAULT_CONFIG, ...input.config },
    pwaApp: { appId: input.pwaAppId || null, info: null },
  }),
  type: 'parallel',
  on: {
    'SETTINGS.CHANGED': { actions: 'applySettings' },
    'MENUS.CHANGED': { actions: 'keepMenus' },
  },
  states: {
    routing: {
      initial: 'navigating',
      on: {
        'SESSION.SIGNED_OUT': [
          { guard: 'endedByServer', target: '.navigating', reenter: true, actions: ['forgetRoutes', 'targetLoginWithRedirect'] },
          { target: '.navigating', reenter: true, actions: ['forgetRoutes', 'targetLogin'] },
        ],
        'SESSION.SIGNED_IN': { actions: 'forgetRoutes' },
      },
      states: {
        idle: {
          on: {
            NAVIGATE: { guard: 'leadsElsewhere', target: 'navigating', actions: 'takeTarget' },
            'LOCATION.POPPED': { guard: 'leadsElsewhere', target: 'navigating', actions: 'takePoppedTarget' },
            'SESSION.SIGNED_IN': { guard: 'isOnLoginPage', target: 'navigating', actions: ['forgetRoutes', 'targetCurrentLocation'] },
          },
        },
        navigating: {
          entry: [
            {
              type: 'leaveRoute',
              params: ({ context }) => ({
                cancelPendingRequests: context.config.removeAllHttpPending,
                closeMessages: context.config.closeMessageOnSwitch,
              }),
            },
            'announceStarted',
          ],
          on: {
            NAVIGATE: { target: 'navigating', reenter: true, actions: 'takeTarget' },
            'LOCATION.POPPED': { target: 'navigating', reenter: true, actions: 'takePoppedTarget' },
          },
          initial: 'readingAccess',
          states: {
            readingAccess: {
              entry: 'askAccess',
              on: { 'SESSION.ACCESS': { target: 'guarding', actions: 'keepSessionAccess' } },
            },
            guarding: {
              always: [
                { guard: 'opensLoginWithToken', target: 'finishingLogin' },
                { guard: 'isAlwaysAllowed', target: 'committing' },
                { guard: 'isPublicWithoutToken', target: 'committing' },
                { guard: 'lacksToken', target: 'readingAccess', actions: 'redirectToLogin' },
                { guard: 'leavesLoginForRoot', target: 'readingAccess', actions: 'redirectToHomePath' },
                { guard: 'userNotLoaded', target: 'loadingUser' },
                { guard: 'routesNotAdded', target: 'addingRoutes' },
                { target: 'resolvingRoute' },
              ],
            },
            /** Spec §2 guard 1's after-login action: the user's details, then the menu routes. */
            finishingLogin: {
              initial: 'awaitingUser',
              states: {
                awaitingUser: {
                  always: { guard: 'userSettled', target: 'addingRoutes' },
                  on: { 'USER.SETTLED': 'addingRoutes' },
                },
                addingRoutes: {
                  entry: 'askRoutes',
                  on: {
                    'ROUTES.ADDED': [
                      { guard: 'sessionTimedOut', target: '#navigation.routing.navigating.committing', actions: 'markRoutesAdded' },
                      { target: '#navigation.routing.navigating.readingAccess', actions: ['markRoutesAdded', 'redirectAfterLogin'] },
                    ],
                    'ROUTES.FAILED': '#navigation.routing.navigating.committing',
                  },
                },
              },
            },
            /** Spec §2 guard 5: waits for the user's details (fetched once); their failure ends the wait too. */
            loadingUser: {
              always: { guard: 'userSettled', target: 'guarding', actions: 'markUserLoaded' },
              on: { 'USER.SETTLED': { target: 'guarding', actions: 'markUserLoaded' } },
            },
            /** Spec §2 guard 6: the menu routes; when they cannot be built the route resolves without them. */
            addingRoutes: {
              entry: 'askRoutes',
              on: {
                'ROUTES.ADDED': { target: 'readingAccess', actions: ['markRoutesAdded', 'repeatAfterRoutesAdded'] },
                'ROUTES.FAILED': 'resolvingRoute',
              },
            },
            resolvingRoute: {
              always: [
                { guard: 'routeRedirects', target: 'readingAccess', actions: 'followRouteRedirect' },
                { guard: 'opensMenuGroup', target: 'readingAccess', actions: 'followMenuGroup' },
                { target: 'committing' },
              ],
            },
            committing: {
              entry: [
                'commit',
                { type: 'writeHistory', params: ({ context }) => context.pending },
                'scrollToTop',
                { type: 'rememberPwaLaunch', params: ({ context }) => pwaLaunchOf(context.location) },
                { type: 'keepPwaLaunch', params: ({ context }) => pwaLaunchOf(context.location) },
                'announceLocation',
                'announceCommitted',
              ],
              always: [
                { guard: 'appliesMenuParams', target: '#navigation.routing.idle', actions: 'announceMenuParams' },
                { target: '#navigation.routing.idle' },
              ],
            },
          },
        },
      },
    },
    /** The page-loading overlay shows while tagged `pageLoading`, the top bar while tagged `progress`. */
    pageLoading: {
      initial: 'hidden',
      states: {
        hidden: {
          on: { 'NAVIGATION.STARTED': { guard: 'showsPageLoading', target: 'waiting' } },
        },
        waiting: {
          after: { pageLoadingDelay: 'shown' },
          on: { 'NAVIGATION.COMMITTED': 'hidden' },
        },
        shown: {
          tags: 'pageLoading',
          on: { 'NAVIGATION.COMMITTED': 'lingering' },
        },
        lingering: {
          tags: 'pageLoading',
          after: { pageLoadingLinger: 'hidden' },
          on: { 'NAVIGATION.STARTED': { guard: 'showsPageLoading', target: 'shown' } },
        },
      },
    },
    /**
     * The PWA master mode (spec §2): once an app id is launched or stored, its icon and name are read
     * (get_app) and replace the product's; if they cannot be read, the product's stay.
     */
    pwaApp: {
      initial: 'off',
      states: {
        off: {
          always: { guard: 'hasPwaAppId', target: 'loading' },
        },
        loading: {
          invoke: {
            id: 'fetchApp',
            src: 'fetchApp',
            input: ({ context }) => ({ app_id: context.pwaApp.appId ?? '' }),
            onDone: { target: 'shown', actions: { type: 'keepPwaApp', params: ({ event }) => event.output } },
            onError: 'unavailable',
          },
        },
        shown: {},
        unavailable: {},
      },
    },
    progress: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'NAVIGATION.STARTED': { guard: 'showsProgress', target: 'running' } },
        },
        running: {
          tags: 'progress',
          on: { 'NAVIGATION.COMMITTED': 'idle' },
        },
      },
    },
  },
});

/**
 * Where a navigation waiting for the menu routes (spec §2 guard 6) leads, or null when none waits:
 * the location asked for, after a sign-in the login page's redirect, the root being the user's home
 * path. A route redirect or menu group there is followed once the routes are added. The
 * page's GETs go out while the menus load (the console knows its static pages without them).
 */
export function awaitedTargetOf(snapshot: SnapshotFrom<typeof navigationMachine>): string | null {
  const { pending, access } = snapshot.context;
  const leadsTo = (to: string) => (pathnameOf(to) === ConsolePath.root ? homeOf(access) : to);
  if (snapshot.matches({ routing: { navigating: { finishingLogin: 'addingRoutes' } } })) return leadsTo(afterLogin(pending.to));
  if (snapshot.matches({ routing: { navigating: 'addingRoutes' } })) return leadsTo(pending.to);
  return null;
}
