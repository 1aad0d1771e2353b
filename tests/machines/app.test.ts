import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { DEFAULT_PROJECT_CONFIG, type ProjectConfig } from '../../src/config/projectConfig';
import { appMachine, type AppInput, type ShellLogic, type ShellStart } from '../../src/machines/app.machine';
import { bootstrapMachine } from '../../src/machines/bootstrap.machine';
import { errorLogMachine } from '../../src/machines/errorLog.machine';
import { lockMachine } from '../../src/machines/lock.machine';
import { menuSearchMachine } from '../../src/machines/menuSearch.machine';
import { tabsMachine } from '../../src/machines/tabs.machine';
import { menusFromServer } from '../../src/machines/menus';
import type { ErrorLogEntry } from '../../src/shared/errorLogEntry';
import { navigationConfigOf, navigationMachine } from '../../src/machines/navigation.machine';
import { sessionMachine, type SignInInput } from '../../src/machines/session.machine';
import { settingsMachine } from '../../src/machines/settings.machine';
import type {
  NavigationActor,
  SessionActor,
  BootstrapActor,
  SettingsActor,
  TabsActor,
  MenuSearchActor,
} from '../../src/app/AppActorProvider';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, settle, type Model } from './modelPaths';
import { LOGIN_ADA, USER_ADA, sessionAccess, settingsChanged } from './fixtures/accounts';
import { SERVER_MENUS, menusChanged } from './fixtures/menus';

const MENUS = menusFromServer(SERVER_MENUS);
const ENTRY: ErrorLogEntry = {
  type: 'script',
  message: 'x is not a function',
  url: '/site',
  name: 'TypeError',
  file: 'a.js:3:7',
  stack: '',
  detail: '',
  time: '2026-01-01T00:00:00.000Z',
};

const SIGNED_IN_ACCESS = sessionAccess();

const CHILDREN = ['settings', 'session', 'navigation'] as const;
const SHELL_CHILDREN = ['bootstrap', 'tabs', 'lock', 'menuSearch', 'errorLog'] as const;

const inputFor = (location: string, projectConfig: ProjectConfig = DEFAULT_PROJECT_CONFIG, token: string | null = null): AppInput => ({
  settings: { projectConfig },
  session: { token, timeoutProcessing: projectConfig.sessionTimeoutProcessing },
  navigation: { location, config: navigationConfigOf(projectConfig) },
});

/** A child that only records what the root tells it. */
const listening = (id: string, heard: [string, EventObject][]) =>
  fromCallback(({ receive }) => {
    receive((event) => heard.push([id, event]));
  });

/** Children that only record what the root tells them. */
function listeningChildren(heard: [string, EventObject][]) {
  return Object.fromEntries(CHILDREN.map((id) => [id, listening(id, heard)])) as unknown as NonNullable<
    Parameters<typeof appMachine.provide>[0]['actors']
  >;
}

/** The shell's actors as children that only record what the root tells them. */
const listeningShell = (heard: [string, EventObject][]): ShellStart => ({
  logic: Object.fromEntries(SHELL_CHILDREN.map((id) => [id, listening(id, heard)])) as unknown as ShellLogic,
  input: { bootstrap: {}, tabs: {}, lock: {}, errorLog: {} },
});

/** Started with its shell's actors, as with a stored session. */
const withShell = (input: AppInput, heard: [string, EventObject][]): AppInput => ({ ...input, shell: listeningShell(heard) });

const model: Model<typeof appMachine> = {
  machine: appMachine.provide({ actors: listeningChildren([]) }),
  input: inputFor('/'),
  events: {
    'SESSION.SIGNED_IN': [{ type: 'SESSION.SIGNED_IN', user: USER_ADA }],
    'SESSION.SIGNED_OUT': [{ type: 'SESSION.SIGNED_OUT', reason: 'logout' }],
    'SETTINGS.CHANGED': [settingsChanged()],
    'PERMISSION_MODE.REQUESTED': [{ type: 'PERMISSION_MODE.REQUESTED', permissionMode: 'ROUTE_MAPPING' }],
    'MENU.PARAMS_APPLIED': [{ type: 'MENU.PARAMS_APPLIED', pathname: '/article/7' }],
    'NAVIGATION.REQUESTED': [{ type: 'NAVIGATION.REQUESTED', to: '/site' }],
    'LOCATION.COMMITTED': [{ type: 'LOCATION.COMMITTED', location: '/dashboard/analysis' }],
    'MENUS.CHANGED': [menusChanged(MENUS)],
    'ROLES.CHANGED': [{ type: 'ROLES.CHANGED', roles: ['official'] }],
    'ERROR.LOGGED': [{ type: 'ERROR.LOGGED', entry: ENTRY }],
    'ACCESS.REQUESTED': [{ type: 'ACCESS.REQUESTED' }],
    'SESSION.ACCESS': [SIGNED_IN_ACCESS],
    'USER.SETTLED': [{ type: 'USER.SETTLED' }],
    'ROUTES.REQUESTED': [{ type: 'ROUTES.REQUESTED' }],
    'ROUTES.ADDED': [{ type: 'ROUTES.ADDED' }],
    'ROUTES.FAILED': [{ type: 'ROUTES.FAILED' }],
    'SHELL.LOADED': [{ type: 'SHELL.LOADED', shell: listeningShell([]) }],
  },
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};

const coverage = createTransitionCoverage('app', appMachine);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('app machine: generated paths replayed on a real actor', () => {
  it('every path reaches the states the graph predicts', async () => {
    const replayed = await replayAll(model, coverage, (inspect) => ({
      actor: createActor(appMachine.provide({ actors: listeningChildren([]) }), { input: model.input as AppInput, inspect }),
      fakes: createFakeActors([]),
    }));
    expect(replayed).toBeGreaterThan(0);
  });

  it('routes each announcement to the actors that care', () => {
    const heard: [string, EventObject][] = [];
    const actor = createActor(appMachine.provide({ actors: listeningChildren(heard) }), { input: withShell(inputFor('/'), heard) });
    actor.start();
    actor.send({ type: 'SESSION.SIGNED_IN', user: USER_ADA });
    actor.send({ type: 'PERMISSION_MODE.REQUESTED', permissionMode: 'ROUTE_MAPPING' });
    actor.send({ type: 'NAVIGATION.REQUESTED', to: '/site' });
    actor.send({ type: 'LOGOUT.REQUESTED' });
    expect(heard).toEqual([
      ['bootstrap', { type: 'SESSION.SIGNED_IN', user: USER_ADA }],
      ['navigation', { type: 'SESSION.SIGNED_IN', user: USER_ADA }],
      ['tabs', { type: 'SESSION.SIGNED_IN', user: USER_ADA }],
      ['lock', { type: 'SESSION.SIGNED_IN', user: USER_ADA }],
      ['errorLog', { type: 'SESSION.SIGNED_IN', user: USER_ADA }],
      ['settings', { type: 'CONFIG.CHANGE', patch: { permissionMode: 'ROUTE_MAPPING' } }],
      ['navigation', { type: 'NAVIGATE', to: '/site' }],
      ['session', { type: 'LOGOUT' }],
    ]);
  });

  it('routes what the navigation, bootstrap and the services announce: tabs, menu search, session, lock, error log', () => {
    const heard: [string, EventObject][] = [];
    const actor = createActor(appMachine.provide({ actors: listeningChildren(heard) }), { input: withShell(inputFor('/'), heard) });
    actor.start();
    actor.send(menusChanged(MENUS));
    actor.send({ type: 'LOCATION.COMMITTED', location: '/article/7?tab=2' });
    actor.send({ type: 'LOCATION.COMMITTED', location: '/login' });
    actor.send({ type: 'LOCATION.COMMITTED', location: '/article-manage' });
    actor.send({ type: 'TRANSLATIONS.LOADED' });
    actor.send({ type: 'ROLES.CHANGED', roles: ['official'] });
    actor.send({ type: 'SESSION.EXPIRED' });
    actor.send({ type: 'LOCK.DETECTED' });
    actor.send({ type: 'ERROR.LOGGED', entry: ENTRY });
    expect(heard).toEqual([
      ['menuSearch', { type: 'MENU_SEARCH.MENUS', menus: MENUS }],
      ['navigation', menusChanged(MENUS)],
      ['tabs', menusChanged(MENUS)],
      // Which of them becomes a tab, the tabs decide (tests/machines/tabs.test.ts).
      ['tabs', { type: 'LOCATION.COMMITTED', location: '/article/7?tab=2' }],
      ['tabs', { type: 'LOCATION.COMMITTED', location: '/login' }],
      ['tabs', { type: 'LOCATION.COMMITTED', location: '/article-manage' }],
      ['menuSearch', { type: 'MENU_SEARCH.MENUS', menus: MENUS }],
      ['tabs', { type: 'TABS.CLOSE', which: 'all' }],
      ['session', { type: 'SESSION.EXPIRED' }],
      ['lock', { type: 'LOCK.DETECTED' }],
      ['errorLog', { type: 'ERROR_LOG.ADD', entry: ENTRY }],
    ]);
  });

  it('carries the navigation’s questions to the session and bootstrap, and their answers back', () => {
    const heard: [string, EventObject][] = [];
    const actor = createActor(appMachine.provide({ actors: listeningChildren(heard) }), { input: withShell(inputFor('/'), heard) });
    actor.start();
    actor.send({ type: 'ACCESS.REQUESTED' });
    actor.send(SIGNED_IN_ACCESS);
    actor.send({ type: 'USER.SETTLED' });
    actor.send({ type: 'ROUTES.REQUESTED' });
    actor.send({ type: 'ROUTES.ADDED' });
    actor.send({ type: 'ROUTES.FAILED' });
    expect(heard).toEqual([
      ['session', { type: 'ACCESS.REQUESTED' }],
      ['navigation', SIGNED_IN_ACCESS],
      ['navigation', { type: 'USER.SETTLED' }],
      ['bootstrap', { type: 'ROUTES.BUILD' }],
      ['navigation', { type: 'ROUTES.ADDED' }],
      ['navigation', { type: 'ROUTES.FAILED' }],
    ]);
  });

  it('without the shell’s code (it failed to load) the menu routes are not there: the navigation resolves without them', () => {
    const heard: [string, EventObject][] = [];
    const actor = createActor(appMachine.provide({ actors: listeningChildren(heard) }), { input: inputFor('/') });
    actor.start();
    actor.send({ type: 'ROUTES.REQUESTED' });
    expect(heard).toEqual([['navigation', { type: 'ROUTES.FAILED' }]]);
  });

  it('the shell’s actors start when their code has loaded: nothing reaches them before, but the menus and the errors logged', () => {
    const heard: [string, EventObject][] = [];
    const actor = createActor(appMachine.provide({ actors: listeningChildren(heard) }), { input: inputFor('/') });
    actor.start();
    actor.send(menusChanged(MENUS));
    actor.send({ type: 'LOCATION.COMMITTED', location: '/article' });
    actor.send({ type: 'SESSION.SIGNED_OUT', reason: 'logout' });
    actor.send({ type: 'ROLES.CHANGED', roles: ['official'] });
    actor.send({ type: 'ERROR.LOGGED', entry: ENTRY });
    expect(actor.system.get('tabs')).toBeUndefined();
    expect(heard.filter(([id]) => (SHELL_CHILDREN as readonly string[]).includes(id))).toEqual([]);

    actor.send({ type: 'SHELL.LOADED', shell: listeningShell(heard) });
    // Loaded again (a second sign-in): the actors are not started twice.
    actor.send({ type: 'SHELL.LOADED', shell: listeningShell(heard) });
    actor.send({ type: 'SESSION.SIGNED_IN', user: USER_ADA });
    expect(actor.system.get('tabs')).toBeDefined();
    expect(heard.filter(([id]) => (SHELL_CHILDREN as readonly string[]).includes(id))).toEqual([
      ['menuSearch', { type: 'MENU_SEARCH.MENUS', menus: MENUS }],
      ['tabs', { type: 'MENUS.CHANGED', menus: MENUS }],
      ['errorLog', { type: 'ERROR_LOG.ADD', entry: ENTRY }],
      ['bootstrap', { type: 'SESSION.SIGNED_IN', user: USER_ADA }],
      ['tabs', { type: 'SESSION.SIGNED_IN', user: USER_ADA }],
      ['lock', { type: 'SESSION.SIGNED_IN', user: USER_ADA }],
      ['errorLog', { type: 'SESSION.SIGNED_IN', user: USER_ADA }],
    ]);
  });
});

/**
 * The whole console's logic: the real machines, routed by the real app machine, and an
 * API answered by fakes (the one seam a browser would fill with HTTP).
 */
/** The shell's real actors, as src/app/shellActors starts them (their services are the fakes' here). */
const SHELL: ShellStart = {
  logic: {
    bootstrap: bootstrapMachine.provide({
      actors: {
        fetchPermCodes: fromPromise(() => Promise.resolve(['site:add'])),
        fetchMenus: fromPromise(() => Promise.resolve(SERVER_MENUS)),
      },
    }),
    tabs: tabsMachine,
    lock: lockMachine,
    menuSearch: menuSearchMachine,
    errorLog: errorLogMachine,
  },
  input: { bootstrap: {}, tabs: {}, lock: {}, errorLog: {} },
};

/** `shellAtStart`: as with a stored session; else the shell's code loads later (send SHELL.LOADED). */
function startConsole(input: AppInput, shellAtStart = true) {
  const api = {
    signIn: vi.fn((_: SignInInput) => Promise.resolve(LOGIN_ADA)),
    fetchUser: vi.fn(() => Promise.resolve(USER_ADA)),
    history: [] as { to: string; replace: boolean }[],
  };
  const noop = () => {};
  const machine = appMachine.provide({
    actors: {
      settings: settingsMachine.provide({ actions: { applyTheme: noop, applyLocale: noop, persistSettings: noop } }),
      session: sessionMachine.provide({
        actors: {
          signIn: fromPromise(({ input }: { input: SignInInput }) => api.signIn(input)),
          fetchUser: fromPromise(() => api.fetchUser()),
          logout: fromPromise(() => Promise.resolve()),
        },
        actions: { persistSession: noop, clearPersistedSession: noop },
      }),
      navigation: navigationMachine.provide({
        actions: { writeHistory: (_, target) => api.history.push(target), scrollToTop: noop, leaveRoute: noop },
      }),
    },
  });
  const actor = createActor(machine, { input: shellAtStart ? { ...input, shell: SHELL } : input });
  actor.start();
  const get = <T>(id: string) => actor.system.get(id) as T;
  return {
    actor,
    api,
    session: get<SessionActor>('session'),
    bootstrap: () => get<BootstrapActor>('bootstrap'),
    navigation: get<NavigationActor>('navigation'),
    settings: get<SettingsActor>('settings'),
    tabs: () => get<TabsActor>('tabs'),
    menuSearch: () => get<MenuSearchActor>('menuSearch'),
  };
}

async function settleAll() {
  for (let i = 0; i < 5; i++) {
    await settle();
    await vi.advanceTimersByTimeAsync(0);
  }
}

describe('the console’s actors together', () => {
  it('a visitor lands on login; after logging in the routes are built once and the wanted page opens, as a tab and searchable', async () => {
    const { actor, session, bootstrap, navigation, tabs, menuSearch } = startConsole(inputFor('/article'), false);
    await settleAll();
    expect(navigation.getSnapshot().context.location).toBe('/login?redirect=%2Farticle');
    expect(tabs()).toBeUndefined();

    // Signing in loads the shell's code first (src/app/createAppActor).
    actor.send({ type: 'SHELL.LOADED', shell: SHELL });
    expect(tabs().getSnapshot().context.tabs).toEqual([]);
    session.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw' });
    await settleAll();
    expect(session.getSnapshot().matches('ready')).toBe(true);
    expect(bootstrap().getSnapshot().hasTag('routesAdded')).toBe(true);
    expect(bootstrap().getSnapshot().context).toMatchObject({ permCodes: ['site:add'] });
    expect(navigation.getSnapshot().context.location).toBe('/article');
    // Its title is its menu's, as bootstrap worked it out with the menus.
    expect(navigation.getSnapshot().context.title).toBe('routes.article');
    // The tab bar is off by default: its list is the current page only.
    expect(tabs().getSnapshot().context).toMatchObject({
      current: '/article',
      tabs: [expect.objectContaining({ fullPath: '/article', name: 'article' })],
    });
    expect(
      menuSearch()
        .getSnapshot()
        .context.items.map((item) => item.path),
    ).toEqual(['/dashboard/analysis', '/article']);
  });

  it('timeout re-login: ready → SESSION.EXPIRED → timedOut → reauthenticating → ready, the location unchanged', async () => {
    const { session, navigation, api, bootstrap } = startConsole(inputFor('/site?page=3', DEFAULT_PROJECT_CONFIG, 'stored-token'));
    await settleAll();
    expect(session.getSnapshot().matches('ready')).toBe(true);
    expect(navigation.getSnapshot().context.location).toBe('/site?page=3');
    const historyBefore = api.history.length;
    const menusBefore = bootstrap().getSnapshot().context.menus;

    session.send({ type: 'SESSION.EXPIRED' });
    expect(session.getSnapshot().value).toBe('timedOut');
    session.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw' });
    expect(session.getSnapshot().matches('reauthenticating')).toBe(true);
    await settleAll();

    expect(session.getSnapshot().matches('ready')).toBe(true);
    expect(navigation.getSnapshot().context.location).toBe('/site?page=3');
    expect(navigation.getSnapshot().matches({ routing: 'idle' })).toBe(true);
    expect(api.history.length).toBe(historyBefore);
    // The page's state is not rebuilt: same menus, no second user fetch.
    expect(bootstrap().getSnapshot().context.menus).toBe(menusBefore);
    expect(api.fetchUser).toHaveBeenCalledTimes(1);
  });

  it('with redirect handling an expired session goes to login and back to the page after logging in', async () => {
    const config: ProjectConfig = { ...DEFAULT_PROJECT_CONFIG, sessionTimeoutProcessing: 'redirect' };
    const { session, navigation } = startConsole(inputFor('/site', config, 'stored-token'));
    await settleAll();
    session.send({ type: 'SESSION.EXPIRED' });
    await settleAll();
    expect(session.getSnapshot().value).toBe('loggedOut');
    expect(navigation.getSnapshot().context.location).toBe('/login?redirect=%2Fsite');

    session.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw' });
    await settleAll();
    expect(navigation.getSnapshot().context.location).toBe('/site');
  });

  it('a settings change reaches the session: switching to redirect handling takes effect at once', async () => {
    const { session, settings, navigation } = startConsole(inputFor('/site', DEFAULT_PROJECT_CONFIG, 'stored-token'));
    await settleAll();
    settings.send({ type: 'CONFIG.CHANGE', patch: { sessionTimeoutProcessing: 'redirect' } });
    session.send({ type: 'SESSION.EXPIRED' });
    await settleAll();
    expect(navigation.getSnapshot().context.location).toBe('/login?redirect=%2Fsite');
  });
});

afterAll(() => {
  coverage.report();
});

it('app machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
