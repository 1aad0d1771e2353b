import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { ProjectConfigPatch } from '../config/projectConfig';
import type { Announcement } from './announcements';
import type { ErrorLogEntry } from '../shared/errorLogEntry';
import type { Menu } from './menus';
import { tabForLocation } from './tabs';
import { connectionMachine } from './connection.machine';
import { bootstrapMachine, type BootstrapInput } from './bootstrap.machine';
import { errorLogMachine, type ErrorLogInput } from './errorLog.machine';
import { lockMachine, type LockInput } from './lock.machine';
import { menuSearchMachine, type MenuSearchInput } from './menuSearch.machine';
import { navigationMachine, type NavigationInput } from './navigation.machine';
import { sessionMachine, type SessionInput } from './session.machine';
import { settingsMachine, type SettingsInput } from './settings.machine';
import { tabsMachine, type TabsInput } from './tabs.machine';

/**
 * The root of the console's actor system: it runs the long-lived actors (found by systemId
 * `settings`, `session`, `bootstrap`, `navigation`, and the shell's `tabs`, `lock`, `menuSearch`,
 * `errorLog`, `connection`) and routes what one announces to those that care: its `on` table below is the one
 * place that says who tells whom. src/app sends it what the services learn (an expired or locked
 * session, more translations, an error logged) and provides the implementations.
 */

export interface AppInput {
  settings: SettingsInput;
  session: SessionInput;
  bootstrap: BootstrapInput;
  navigation: NavigationInput;
  tabs?: TabsInput;
  lock?: LockInput;
  menuSearch?: MenuSearchInput;
  errorLog?: ErrorLogInput;
}

export interface AppContext extends AppInput {
  /** The menus bootstrap last announced: the tab a location becomes and the menu search's pages come from them. */
  menus: Menu[];
}

/** The guard `addTab` checks for each menu a location may open. */
type HasPageGuard = { type: 'hasPage'; params: { component: string | undefined } };

export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as Announcement,
  },
  actors: {
    settings: settingsMachine,
    session: sessionMachine,
    bootstrap: bootstrapMachine,
    navigation: navigationMachine,
    tabs: tabsMachine,
    lock: lockMachine,
    menuSearch: menuSearchMachine,
    errorLog: errorLogMachine,
    connection: connectionMachine,
  },
  actions: {
    tellSession: sendTo('session', ({ event }) => event),
    tellBootstrap: sendTo('bootstrap', ({ event }) => event),
    tellNavigation: sendTo('navigation', ({ event }) => event),
    tellTabs: sendTo('tabs', ({ event }) => event),
    tellLock: sendTo('lock', ({ event }) => event),
    tellErrorLog: sendTo('errorLog', ({ event }) => event),
    tellConnection: sendTo('connection', ({ event }) => event),
    navigate: sendTo('navigation', ({ event }) => ({
      type: 'NAVIGATE' as const,
      to: event.type === 'NAVIGATION.REQUESTED' ? event.to : '',
    })),
    logOut: sendTo('session', { type: 'LOGOUT' as const }),
    buildRoutes: sendTo('bootstrap', { type: 'ROUTES.BUILD' as const }),
    changePermissionMode: sendTo('settings', ({ event }) => ({
      type: 'CONFIG.CHANGE' as const,
      patch: (event.type === 'PERMISSION_MODE.REQUESTED' ? { permissionMode: event.permissionMode } : {}) satisfies ProjectConfigPatch,
    })),
    keepMenus: assign(({ event }) => (event.type === 'MENUS.CHANGED' ? { menus: event.menus } : {})),
    tellMenuSearchMenus: sendTo('menuSearch', ({ context }) => ({ type: 'MENU_SEARCH.MENUS' as const, menus: context.menus })),
    closeAllTabs: sendTo('tabs', { type: 'TABS.CLOSE' as const, which: 'all' as const }),
    uploadErrorLogEntry: sendTo('errorLog', (_, entry: ErrorLogEntry) => ({ type: 'ERROR_LOG.ADD' as const, entry })),
  },
  guards: {
    /** Whether the console has the page a menu names (injected: the view layer's page registry); every one by default. */
    hasPage: (_, _params: { component: string | undefined }) => true,
  },
})
  .extend({
    // A second step, so that these actions can check the guards above.
    actions: {
      /** The tab a committed location becomes, if it becomes one (src/machines/tabs.ts): added, or updated in place. */
      addTab: enqueueActions<AppContext, Announcement, undefined, Announcement, never, never, HasPageGuard, never, never>(
        ({ context, event, check, enqueue }) => {
          if (event.type !== 'LOCATION.COMMITTED') return;
          const tab = tabForLocation(event.location, context.menus, (component) => check({ type: 'hasPage', params: { component } }));
          if (tab) enqueue.sendTo('tabs', { type: 'TABS.ADD' as const, tab });
        },
      ),
    },
  })
  .createMachine({
    id: 'app',
    context: ({ input }) => ({ ...input, menus: [] }),
    invoke: [
      { id: 'settings', systemId: 'settings', src: 'settings', input: ({ context }) => context.settings },
      { id: 'session', systemId: 'session', src: 'session', input: ({ context }) => context.session },
      { id: 'bootstrap', systemId: 'bootstrap', src: 'bootstrap', input: ({ context }) => context.bootstrap },
      { id: 'navigation', systemId: 'navigation', src: 'navigation', input: ({ context }) => context.navigation },
      { id: 'tabs', systemId: 'tabs', src: 'tabs', input: ({ context }) => context.tabs ?? {} },
      { id: 'lock', systemId: 'lock', src: 'lock', input: ({ context }) => context.lock ?? {} },
      { id: 'menuSearch', systemId: 'menuSearch', src: 'menuSearch', input: ({ context }) => context.menuSearch ?? {} },
      { id: 'errorLog', systemId: 'errorLog', src: 'errorLog', input: ({ context }) => context.errorLog ?? {} },
      { id: 'connection', systemId: 'connection', src: 'connection' },
    ],
    initial: 'running',
    states: {
      running: {
        on: {
          'SESSION.SIGNED_IN': { actions: ['tellBootstrap', 'tellNavigation', 'tellTabs', 'tellLock', 'tellErrorLog'] },
          'SESSION.SIGNED_OUT': { actions: ['tellBootstrap', 'tellNavigation', 'tellTabs', 'tellLock', 'tellErrorLog'] },
          'SETTINGS.CHANGED': { actions: ['tellSession', 'tellBootstrap', 'tellNavigation', 'tellTabs', 'tellLock'] },
          'NAVIGATION.REQUESTED': { actions: 'navigate' },
          'LOCATION.COMMITTED': { actions: 'addTab' },
          'MENU.PARAMS_APPLIED': { actions: 'tellBootstrap' },
          'MENUS.CHANGED': { actions: ['keepMenus', 'tellMenuSearchMenus', 'tellNavigation'] },
          'TRANSLATIONS.LOADED': { actions: 'tellMenuSearchMenus' },
          'ROLES.CHANGED': { actions: 'closeAllTabs' },
          'PERMISSION_MODE.REQUESTED': { actions: 'changePermissionMode' },
          'SESSION.EXPIRED': { actions: 'tellSession' },
          'LOGOUT.REQUESTED': { actions: 'logOut' },
          'LOCK.DETECTED': { actions: 'tellLock' },
          'CONNECTION.LOST': { actions: 'tellConnection' },
          'CONNECTION.FOUND': { actions: 'tellConnection' },
          'CONNECTION.RETRY': { actions: 'tellConnection' },
          'CONNECTION.TIMED_OUT': { actions: 'tellConnection' },
          'ERROR.LOGGED': { actions: { type: 'uploadErrorLogEntry', params: ({ event }) => event.entry } },
          // The navigation's questions (spec §2 guards 1, 5, 6) and their answers.
          'ACCESS.REQUESTED': { actions: 'tellSession' },
          'SESSION.ACCESS': { actions: 'tellNavigation' },
          'USER.SETTLED': { actions: 'tellNavigation' },
          'ROUTES.REQUESTED': { actions: 'buildRoutes' },
          'ROUTES.ADDED': { actions: 'tellNavigation' },
          'ROUTES.FAILED': { actions: 'tellNavigation' },
        },
      },
    },
  });
