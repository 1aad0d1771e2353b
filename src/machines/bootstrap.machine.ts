import { assign, sendParent, setup } from 'xstate';
import type { MenuItem } from '../../contract/schemas/menu';
import { BUILT_IN_MENUS } from '../../contract/builtInMenus';
import { ROLE_CHANGE_REFUSED } from '../config/constants';
import type { PermissionMode } from '../config/projectConfig';
import type {
  MenuParamsApplied,
  MenusChanged,
  PermissionModeRequested,
  RolesChanged,
  RoutesAdded,
  RoutesFailed,
  SessionSignedIn,
  SessionSignedOut,
  SettingsChanged,
} from './announcements';
import { errorOf } from '../shared/failure';
import { notProvided } from './notProvided';
import { applyMenuParams, ignoredUrls, menuRoutesOf, menusForRoles, menusFromServer, type Menu } from './menus';

/**
 * Permission and route bootstrap (spec §2 guard 6, §4 Permission mode, §6): permission codes and
 * menus by permission mode, dynamic routes added once per session, role change, mode switch.
 */

export type BootstrapEvent =
  /** The navigation needs the menu routes (spec §2 guard 6, routed by the app): built once, answered with ROUTES.ADDED or ROUTES.FAILED. */
  | { type: 'ROUTES.BUILD' }
  | { type: 'ROLE.CHANGE'; roles: string[] }
  | { type: 'PERMISSION_MODE.TOGGLE' }
  | SessionSignedIn
  | SessionSignedOut
  | SettingsChanged
  | MenuParamsApplied;

export interface BootstrapContext {
  permissionMode: PermissionMode;
  roles: string[];
  permCodes: string[];
  menus: Menu[];
  /** The addresses of menus the operator marked ignored (spec §2): left out of \`menus\`, shown as not found. */
  ignoredUrls: string[];
  /** Why the last build or role change failed. */
  error: string | null;
}

export interface BootstrapInput {
  permissionMode?: PermissionMode;
  roles?: string[];
}

const TOGGLED_MODE: Partial<Record<PermissionMode, PermissionMode>> = { BACK: 'ROUTE_MAPPING', ROUTE_MAPPING: 'BACK' };

/** The permission cache's contents: the session's codes and the menus its routes are built from. */
const persistPermissions = {
  type: 'persistPermissions',
  params: ({ context }: { context: BootstrapContext }) => ({ permCodes: context.permCodes, menus: context.menus }),
} as const;

export const bootstrapMachine = setup({
  types: {
    context: {} as BootstrapContext,
    events: {} as BootstrapEvent,
    input: {} as BootstrapInput,
    tags: {} as 'routesAdded',
  },
  actors: {
    fetchPermCodes: notProvided<string[]>('fetchPermCodes'),
    fetchMenus: notProvided<MenuItem[]>('fetchMenus'),
  },
  actions: {
    startSession: assign(({ event }) => ({
      roles: event.type === 'SESSION.SIGNED_IN' ? event.user.roles.map((role) => role.value) : [],
      permCodes: [],
      menus: [],
      ignoredUrls: [],
      error: null,
    })),
    endSession: assign({ roles: [], permCodes: [], menus: [], ignoredUrls: [], error: null }),
    keepPermCodes: assign((_, permCodes: string[]) => ({ permCodes })),
    keepServerMenus: assign((_, items: MenuItem[]) => ({ menus: menusFromServer(items), ignoredUrls: ignoredUrls(items), error: null })),
    buildClientMenus: assign(({ context }) => ({ menus: menusForRoles(BUILT_IN_MENUS, context.roles), error: null })),
    keepError: assign((_, error: unknown) => ({ error: error instanceof Error ? error.message : String(error) })),
    takeRoles: assign(({ event }) => (event.type === 'ROLE.CHANGE' ? { roles: event.roles } : {})),
    refuseRoleChange: assign({ error: ROLE_CHANGE_REFUSED }),
    applyParams: assign(({ context, event }) =>
      event.type === 'MENU.PARAMS_APPLIED' ? { menus: applyMenuParams(context.menus, event.pathname) } : {},
    ),
    applySettings: assign(({ event }) => (event.type === 'SETTINGS.CHANGED' ? { permissionMode: event.projectConfig.permissionMode } : {})),
    requestToggledMode: sendParent(({ context }): PermissionModeRequested => ({
      type: 'PERMISSION_MODE.REQUESTED',
      permissionMode: TOGGLED_MODE[context.permissionMode] ?? context.permissionMode,
    })),
    /** Tells the app the menus as they now are (tabs and the menu search are computed from them). */
    announceMenus: sendParent(({ context }): MenusChanged => ({
      type: 'MENUS.CHANGED',
      menus: context.menus,
      routes: menuRoutesOf(context.menus),
    })),
    /** Tells the app the roles changed and the menus were rebuilt (every tab closes). */
    announceRolesChanged: sendParent(({ context }): RolesChanged => ({ type: 'ROLES.CHANGED', roles: context.roles })),
    /** Answers the navigation (through the app): the menu routes are added. */
    announceRoutesAdded: sendParent((): RoutesAdded => ({ type: 'ROUTES.ADDED' })),
    /** Answers the navigation: the menu routes could not be built. */
    announceRoutesFailed: sendParent((): RoutesFailed => ({ type: 'ROUTES.FAILED' })),
    /** Reloads the page (injected: machines never touch window). */
    reload: () => {},
    /** Caches the permission codes and the authorised routes (injected: the web cache, spec §6). */
    persistPermissions: (_, _permissions: { permCodes: readonly string[]; menus: readonly Menu[] }) => {},
  },
  guards: {
    isBackMode: ({ context }) => context.permissionMode === 'BACK',
    isRouteMappingMode: ({ context }) => context.permissionMode === 'ROUTE_MAPPING',
    modeToggles: ({ context }) => context.permissionMode in TOGGLED_MODE,
    /** A committed route fills a menu's parameters in (a new page of a menu with parameters). */
    paramsChangeMenus: ({ context, event }) =>
      event.type === 'MENU.PARAMS_APPLIED' && applyMenuParams(context.menus, event.pathname) !== context.menus,
    modeSwitchReloads: ({ context, event }) =>
      event.type === 'SETTINGS.CHANGED' &&
      event.projectConfig.permissionMode !== context.permissionMode &&
      context.permissionMode in TOGGLED_MODE &&
      event.projectConfig.permissionMode in TOGGLED_MODE,
  },
}).createMachine({
  id: 'bootstrap',
  context: ({ input }) => ({
    permissionMode: input.permissionMode ?? 'BACK',
    roles: input.roles ?? [],
    permCodes: [],
    menus: [],
    ignoredUrls: [],
    error: null,
  }),
  initial: 'idle',
  on: {
    'SESSION.SIGNED_IN': { target: '.idle', actions: ['startSession', 'announceMenus'] },
    'SESSION.SIGNED_OUT': { target: '.idle', actions: ['endSession', 'announceMenus'] },
    'SETTINGS.CHANGED': [{ guard: 'modeSwitchReloads', target: '.reloading' }, { actions: 'applySettings' }],
    'PERMISSION_MODE.TOGGLE': { guard: 'modeToggles', actions: 'requestToggledMode' },
  },
  states: {
    idle: {
      on: { 'ROUTES.BUILD': 'building' },
    },
    building: {
      initial: 'choosingSource',
      states: {
        choosingSource: {
          always: [
            { guard: 'isBackMode', target: 'loadingPermissions' },
            { target: '#bootstrap.ready', actions: ['buildClientMenus', 'announceMenus'] },
          ],
        },
        /** Permission codes and menus asked for side by side (one wait, not two in a row). */
        loadingPermissions: {
          type: 'parallel',
          states: {
            permCodes: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    src: 'fetchPermCodes',
                    onDone: { target: 'loaded', actions: { type: 'keepPermCodes', params: ({ event }) => event.output } },
                    onError: { target: '#bootstrap.failed', actions: { type: 'keepError', params: errorOf } },
                  },
                },
                loaded: { type: 'final' },
              },
            },
            menus: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    src: 'fetchMenus',
                    onDone: { target: 'loaded', actions: { type: 'keepServerMenus', params: ({ event }) => event.output } },
                    onError: { target: '#bootstrap.failed', actions: { type: 'keepError', params: errorOf } },
                  },
                },
                loaded: { type: 'final' },
              },
            },
          },
          onDone: { target: '#bootstrap.ready', actions: 'announceMenus' },
        },
      },
    },
    /** The menu routes of this session are built and added. */
    ready: {
      tags: 'routesAdded',
      entry: [persistPermissions, 'announceRoutesAdded'],
      on: {
        'ROUTES.BUILD': { actions: 'announceRoutesAdded' },
        'ROLE.CHANGE': [
          {
            guard: 'isRouteMappingMode',
            actions: ['takeRoles', 'buildClientMenus', persistPermissions, 'announceMenus', 'announceRolesChanged'],
          },
          { actions: 'refuseRoleChange' },
        ],
        'MENU.PARAMS_APPLIED': { guard: 'paramsChangeMenus', actions: ['applyParams', 'announceMenus'] },
      },
    },
    failed: {
      entry: 'announceRoutesFailed',
      on: { 'ROUTES.BUILD': 'building' },
    },
    /** The page reloads: no routes are built meanwhile. */
    reloading: {
      entry: 'reload',
      on: { 'ROUTES.BUILD': { actions: 'announceRoutesFailed' } },
    },
  },
});
