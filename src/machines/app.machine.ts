import { assign, enqueueActions, sendTo, setup, type AnyActorLogic, type EventObject } from 'xstate';
import { ERROR_LOG_UPLOAD } from '../config/constants';
import type { ProjectConfigPatch } from '../config/projectConfig';
import type { Announcement } from './announcements';
import type { ErrorLogEntry } from '../shared/errorLogEntry';
import type { Menu } from './menus';
import { connectionMachine } from './connection.machine';
import type { bootstrapMachine, BootstrapInput } from './bootstrap.machine';
import type { errorLogMachine, ErrorLogInput } from './errorLog.machine';
import type { lockMachine, LockInput } from './lock.machine';
import type { menuSearchMachine, MenuSearchInput } from './menuSearch.machine';
import { navigationMachine, type NavigationInput } from './navigation.machine';
import { sessionMachine, type SessionInput } from './session.machine';
import { settingsMachine, type SettingsInput } from './settings.machine';
import type { tabsMachine, TabsInput } from './tabs.machine';

/**
 * The root of the console's actor system: it runs the long-lived actors (found by systemId
 * `settings`, `session`, `navigation`, `connection`, and the shell's `bootstrap`, `tabs`, `lock`,
 * `menuSearch`, `errorLog`) and routes what one announces to those that care: its `on` table below
 * is the one place that says who tells whom. src/app sends it what the services learn (an expired
 * or locked session, more translations, an error logged) and provides the implementations.
 *
 * The shell's actors belong to the signed-in console, and their code comes with it (src/app/shellActors):
 * the login page starts without them. They start with the root when a session is stored (`shell` in
 * the input), else when their code has loaded (`SHELL.LOADED`, before a sign-in is announced). Until
 * then what is meant for them is dropped, but the errors logged, which the error log sends once
 * signed in: the root keeps them for it. The navigation asks for the menu routes only once a user is
 * signed in; should the shell's code not have come by then, the routes are not there (ROUTES.FAILED)
 * and the page resolves without them, as when the menus fail to load.
 */

/** The shell's actors' logic, with their implementations provided. */
export interface ShellLogic {
  bootstrap: typeof bootstrapMachine;
  tabs: typeof tabsMachine;
  lock: typeof lockMachine;
  menuSearch: typeof menuSearchMachine;
  errorLog: typeof errorLogMachine;
}

export interface ShellInput {
  bootstrap: BootstrapInput;
  tabs: TabsInput;
  lock: LockInput;
  menuSearch?: MenuSearchInput;
  errorLog: ErrorLogInput;
}

/** What the shell's actors start from. */
export interface ShellStart {
  logic: ShellLogic;
  input: ShellInput;
}

/** The shell's code has loaded: its actors start. */
export interface ShellLoaded {
  type: 'SHELL.LOADED';
  shell: ShellStart;
}

type ShellActorId = keyof ShellLogic;

export interface AppInput {
  settings: SettingsInput;
  session: SessionInput;
  navigation: NavigationInput;
  /** The shell's actors, started with the root (a stored session). */
  shell?: ShellStart;
}

export interface AppContext extends Omit<AppInput, 'shell'> {
  /** The menus bootstrap last announced: the menu search's pages come from them (and the tabs', should the shell start after them). */
  menus: Menu[];
  /** Whether the shell's actors have started. */
  shellStarted: boolean;
  /** Errors logged before the error log started: it takes them when it starts. */
  unsentErrors: ErrorLogEntry[];
}

type AppEvent = Announcement | ShellLoaded;

/** Spawns an actor from logic the root's setup does not name: the shell's actors (xstate types those by name only). */
type Spawn = (logic: AnyActorLogic, options: { id: ShellActorId; systemId: ShellActorId; input: unknown }) => unknown;

/** Starts each of the shell's actors under its own id and systemId. */
function startEach(shell: ShellStart, spawn: Spawn) {
  spawn(shell.logic.bootstrap, { id: 'bootstrap', systemId: 'bootstrap', input: shell.input.bootstrap });
  spawn(shell.logic.tabs, { id: 'tabs', systemId: 'tabs', input: shell.input.tabs });
  spawn(shell.logic.lock, { id: 'lock', systemId: 'lock', input: shell.input.lock });
  spawn(shell.logic.menuSearch, { id: 'menuSearch', systemId: 'menuSearch', input: shell.input.menuSearch ?? {} });
  spawn(shell.logic.errorLog, { id: 'errorLog', systemId: 'errorLog', input: shell.input.errorLog });
}

/** An action that may send to or start the shell's actors. */
const shellAction = <TParams extends object | undefined = undefined>(
  ...[action]: Parameters<typeof enqueueActions<AppContext, AppEvent, TParams, AppEvent, never, never, never, never, never>>
) => enqueueActions<AppContext, AppEvent, TParams, AppEvent, never, never, never, never, never>(action);

/** Sends each of the shell's actors `ids` the event being routed, once they have started. */
const tellShell = (...ids: ShellActorId[]) =>
  shellAction(({ context, event, enqueue }) => {
    if (context.shellStarted) for (const id of ids) enqueue.sendTo(id, event as EventObject);
  });

export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  actors: {
    settings: settingsMachine,
    session: sessionMachine,
    navigation: navigationMachine,
    connection: connectionMachine,
  },
  actions: {
    tellSession: sendTo('session', ({ event }) => event),
    tellBootstrap: tellShell('bootstrap'),
    tellNavigation: sendTo('navigation', ({ event }) => event),
    tellTabs: tellShell('tabs'),
    tellLock: tellShell('lock'),
    tellErrorLog: tellShell('errorLog'),
    tellConnection: sendTo('connection', ({ event }) => event),
    navigate: sendTo('navigation', ({ event }) => ({
      type: 'NAVIGATE' as const,
      to: event.type === 'NAVIGATION.REQUESTED' ? event.to : '',
    })),
    logOut: sendTo('session', { type: 'LOGOUT' as const }),
    buildRoutes: shellAction(({ context, enqueue }) => {
      if (context.shellStarted) enqueue.sendTo('bootstrap', { type: 'ROUTES.BUILD' as const });
      else enqueue.raise({ type: 'ROUTES.FAILED' });
    }),
    changePermissionMode: sendTo('settings', ({ event }) => ({
      type: 'CONFIG.CHANGE' as const,
      patch: (event.type === 'PERMISSION_MODE.REQUESTED' ? { permissionMode: event.permissionMode } : {}) satisfies ProjectConfigPatch,
    })),
    keepMenus: assign(({ event }) => (event.type === 'MENUS.CHANGED' ? { menus: event.menus } : {})),
    tellMenuSearchMenus: shellAction(({ context, enqueue }) => {
      if (context.shellStarted) enqueue.sendTo('menuSearch', { type: 'MENU_SEARCH.MENUS' as const, menus: context.menus });
    }),
    closeAllTabs: shellAction(({ context, enqueue }) => {
      if (context.shellStarted) enqueue.sendTo('tabs', { type: 'TABS.CLOSE' as const, which: 'all' as const });
    }),
    uploadErrorLogEntry: shellAction<ErrorLogEntry>(({ context, enqueue }, entry) => {
      if (context.shellStarted) enqueue.sendTo('errorLog', { type: 'ERROR_LOG.ADD' as const, entry });
      else enqueue.assign({ unsentErrors: [...context.unsentErrors, entry].slice(-ERROR_LOG_UPLOAD.queueLimit) });
    }),
    /** The shell's actors start, with the menus already announced and the errors logged so far. */
    startShell: shellAction(({ context, event, enqueue }) => {
      if (event.type !== 'SHELL.LOADED' || context.shellStarted) return;
      startEach(event.shell, enqueue.spawnChild as unknown as Spawn);
      if (context.menus.length) {
        enqueue.sendTo('menuSearch', { type: 'MENU_SEARCH.MENUS' as const, menus: context.menus });
        enqueue.sendTo('tabs', { type: 'MENUS.CHANGED' as const, menus: context.menus });
      }
      for (const entry of context.unsentErrors) enqueue.sendTo('errorLog', { type: 'ERROR_LOG.ADD' as const, entry });
      enqueue.assign({ shellStarted: true, unsentErrors: [] });
    }),
  },
}).createMachine({
  id: 'app',
  context: ({ input: { shell, ...input }, spawn }) => {
    if (shell) startEach(shell, spawn as unknown as Spawn);
    return { ...input, menus: [], shellStarted: Boolean(shell), unsentErrors: [] };
  },
  invoke: [
    { id: 'settings', systemId: 'settings', src: 'settings', input: ({ context }) => context.settings },
    { id: 'session', systemId: 'session', src: 'session', input: ({ context }) => context.session },
    { id: 'navigation', systemId: 'navigation', src: 'navigation', input: ({ context }) => context.navigation },
    { id: 'connection', systemId: 'connection', src: 'connection' },
  ],
  initial: 'running',
  states: {
    running: {
      on: {
        'SHELL.LOADED': { actions: 'startShell' },
        'SESSION.SIGNED_IN': { actions: ['tellBootstrap', 'tellNavigation', 'tellTabs', 'tellLock', 'tellErrorLog'] },
        'SESSION.SIGNED_OUT': { actions: ['tellBootstrap', 'tellNavigation', 'tellTabs', 'tellLock', 'tellErrorLog'] },
        'SETTINGS.CHANGED': { actions: ['tellSession', 'tellBootstrap', 'tellNavigation', 'tellTabs', 'tellLock'] },
        'NAVIGATION.REQUESTED': { actions: 'navigate' },
        'LOCATION.COMMITTED': { actions: 'tellTabs' },
        'MENU.PARAMS_APPLIED': { actions: 'tellBootstrap' },
        'MENUS.CHANGED': { actions: ['keepMenus', 'tellMenuSearchMenus', 'tellNavigation', 'tellTabs'] },
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
