import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { createTabActions } from '../../src/app/tabActions';
import { DEFAULT_PROJECT_CONFIG, mergeProjectConfig } from '../../src/config/projectConfig';
import type { SettingsChanged } from '../../src/machines/announcements';
import { BUILT_IN_MENUS } from '../../contract/builtInMenus';
import { menusForRoles, menusFromServer, type Menu } from '../../src/machines/menus';
import { tabForLocation, tabsAfterClose, targetAfterClose, type TabEntry } from '../../src/machines/tabs';
import { tabsMachine, type TabsInput } from '../../src/machines/tabs.machine';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, type Model } from './modelPaths';
import { createTabsWorld } from './oracles/tabsOracle';
import { SERVER_MENUS, menusChanged } from './fixtures/menus';

const tab = (fullPath: string, meta: Partial<TabEntry['meta']> = {}): TabEntry => ({
  path: fullPath.split('?')[0],
  name: fullPath,
  fullPath,
  params: {},
  query: {},
  meta: { title: fullPath, ...meta },
});

const settings = (show: boolean, cache = false): SettingsChanged => ({
  type: 'SETTINGS.CHANGED',
  theme: 'light',
  locale: 'en',
  projectConfig: mergeProjectConfig(DEFAULT_PROJECT_CONFIG, { multiTabsSetting: { show, cache } }),
});

function tabsWith(record: (name: string, params?: unknown) => void = () => {}) {
  return tabsMachine.provide({
    actions: {
      persistTabs: (_, tabs) => record('persist', tabs),
      goToTargetAfterClose: () => record('navigate'),
      openTab: () => record('open'),
    },
  });
}

const model: Model<ReturnType<typeof tabsWith>> = {
  machine: tabsWith(),
  input: {},
  events: {
    'TABS.ADD': [
      { type: 'TABS.ADD', tab: tab('/a', { affix: true }) },
      { type: 'TABS.ADD', tab: tab('/b') },
    ],
    'TABS.CLOSE': (['tab', 'left', 'right', 'others'] as const).flatMap((which) => [
      { type: 'TABS.CLOSE' as const, which, fullPath: '/a' },
      { type: 'TABS.CLOSE' as const, which, fullPath: '/b' },
    ]),
    // A committed location: a static page's, which becomes a tab with or without the menus.
    'LOCATION.COMMITTED': [{ type: 'LOCATION.COMMITTED', location: '/dashboard/analysis' }],
    'MENUS.CHANGED': [menusChanged(menusFromServer(SERVER_MENUS))],
    'TABS.MOVE': [{ type: 'TABS.MOVE', from: 0, to: 1 }],
    'TABS.REFRESH': [{ type: 'TABS.REFRESH', fullPath: '/a' }],
    'TABS.SET_TITLE': [{ type: 'TABS.SET_TITLE', fullPath: '/a', title: 'A' }],
    'TABS.UPDATE_PATH': [{ type: 'TABS.UPDATE_PATH', fullPath: '/b', path: '/b' }],
    // Showing with the list kept first: the shortest paths then check what is stored.
    'SETTINGS.CHANGED': [settings(true, true), settings(true), settings(false)],
    'SESSION.SIGNED_IN': [],
    'SESSION.SIGNED_OUT': [{ type: 'SESSION.SIGNED_OUT', reason: 'logout' }],
  },
  // At most the two tabs: enough for every branch, and a small graph; a move only when there is something to move.
  filterEvents: (snapshot, event) =>
    ((event.type !== 'TABS.ADD' && event.type !== 'LOCATION.COMMITTED') ||
      snapshot.context.tabs.length < 2 ||
      snapshot.matches('disabled')) &&
    (event.type !== 'TABS.MOVE' || snapshot.context.tabs.length === 2),
  serializeState: (snapshot: AnyMachineSnapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.tabs.map((t: TabEntry) => t.fullPath), snapshot.context.current]),
};

const coverage = createTransitionCoverage('tabs', tabsMachine);

function start(input: TabsInput = {}, record?: (name: string, params?: unknown) => void, inspect?: typeof coverage.inspect) {
  const actor = createActor(tabsWith(record), { input, ...(inspect ? { inspect } : {}) });
  return { actor, fakes: createFakeActors([]) };
}

function enabledWith(paths: string[], record?: (name: string, params?: unknown) => void, input: TabsInput = { enabled: true }) {
  const { actor } = start(input, record);
  actor.start();
  for (const path of paths) actor.send({ type: 'TABS.ADD', tab: tab(path) });
  return actor;
}

const paths = (actor: ReturnType<typeof enabledWith>) => actor.getSnapshot().context.tabs.map((t) => t.fullPath);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('tabs machine', () => {
  it('every generated path reaches the states the graph predicts, and the oracle agrees at every step', async () => {
    const watched = (inspect: typeof coverage.inspect) => {
      const world = createTabsWorld({});
      return {
        actor: createActor(tabsMachine.provide({ actions: world.actions }), { input: {}, inspect }),
        fakes: createFakeActors([]),
        oracle: world.oracle,
      };
    };
    expect(await replayAll(model, coverage, watched)).toBeGreaterThan(0);
    // Restored tabs start enabled.
    const restored = start({ enabled: true, persist: true, tabs: [tab('/x')] }, undefined, coverage.inspect).actor;
    restored.start();
    expect(restored.getSnapshot().value).toBe('enabled');
    expect(paths(restored)).toEqual(['/x']);
    restored.send({ type: 'SESSION.SIGNED_IN', user: { homePath: '/home' } as never });
    expect(restored.getSnapshot().context.home).toBe('/home');
  });

  it('is off by default; while off it only remembers the current page, which becomes the first tab when switched on', () => {
    const { actor } = start();
    actor.start();
    expect(actor.getSnapshot().value).toBe('disabled');
    actor.send({ type: 'TABS.ADD', tab: tab('/a') });
    actor.send({ type: 'TABS.ADD', tab: tab('/b') });
    actor.send({ type: 'TABS.CLOSE', which: 'tab', fullPath: '/b' });
    expect(actor.getSnapshot().context.tabs.map((t) => t.fullPath)).toEqual(['/b']);
    actor.send(settings(true));
    expect(actor.getSnapshot().value).toBe('enabled');
  });

  it('adds by fullPath in place, appends new ones, and drops the oldest of a realPath past dynamicLevel', () => {
    const actor = enabledWith(['/a', '/b']);
    actor.send({ type: 'TABS.SET_TITLE', fullPath: '/a', title: 'Rain barrels' });
    actor.send({ type: 'TABS.ADD', tab: { ...tab('/a'), params: { id: '7' } } });
    expect(paths(actor)).toEqual(['/a', '/b']);
    // Updated in place: the visit's params, the title the tab was given.
    expect(actor.getSnapshot().context.tabs[0]).toMatchObject({ params: { id: '7' }, meta: { title: 'Rain barrels' } });
    const detail = (id: number) => tab(`/article/${id}`, { realPath: '/article/:id', dynamicLevel: 2 });
    for (const id of [1, 2, 3]) actor.send({ type: 'TABS.ADD', tab: detail(id) });
    expect(paths(actor)).toEqual(['/a', '/b', '/article/2', '/article/3']);
    expect(actor.getSnapshot().context.current).toBe('/article/3');
  });

  it('closing the current tab goes to the previous, the next when it was first, home when it was the only one; affixed tabs stay', () => {
    const record = vi.fn();
    const actor = enabledWith(['/a', '/b', '/c'], record);
    actor.send({ type: 'TABS.CLOSE', which: 'tab', fullPath: '/b' });
    expect(record).not.toHaveBeenCalledWith('navigate');
    actor.send({ type: 'TABS.CLOSE', which: 'tab', fullPath: '/c' });
    expect(record).toHaveBeenCalledWith('navigate');
    expect(paths(actor)).toEqual(['/a']);

    const list = ['/a', '/b', '/c'].map((p) => tab(p));
    const close = (fullPath: string) => ({ type: 'TABS.CLOSE' as const, which: 'tab' as const, fullPath });
    expect(targetAfterClose(list, tabsAfterClose(list, close('/b')), close('/b'), '/home')).toBe('/a');
    expect(targetAfterClose(list, tabsAfterClose(list, close('/a')), close('/a'), '/home')).toBe('/b');
    expect(targetAfterClose([tab('/a')], [], close('/a'), '/home')).toBe('/home');
    const fixed = [tab('/fix', { affix: true }), tab('/x')];
    expect(tabsAfterClose(fixed, close('/fix')).map((t) => t.fullPath)).toEqual(['/fix', '/x']);
    const all = { type: 'TABS.CLOSE' as const, which: 'all' as const };
    expect(targetAfterClose(fixed, tabsAfterClose(fixed, all), all, '/home')).toBe('/fix');
    expect(targetAfterClose(list, tabsAfterClose(list, all), all, '/home')).toBe('/home');
  });

  it('close left/right/others/all keep affixed tabs; close-all goes to the last remaining tab or home', () => {
    const actor = enabledWith(['/b', '/c', '/d']);
    actor.send({ type: 'TABS.ADD', tab: tab('/fix', { affix: true }) });
    actor.send({ type: 'TABS.ADD', tab: tab('/c') });
    actor.send({ type: 'TABS.CLOSE', which: 'left', fullPath: '/c' });
    expect(paths(actor)).toEqual(['/c', '/d', '/fix']);
    actor.send({ type: 'TABS.CLOSE', which: 'right', fullPath: '/c' });
    expect(paths(actor)).toEqual(['/c', '/fix']);
    // A close that would close nothing is not taken, so the tab menu (which asks can()) does not offer it.
    expect(actor.getSnapshot().can({ type: 'TABS.CLOSE', which: 'tab', fullPath: '/fix' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'TABS.CLOSE', which: 'left', fullPath: '/c' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'TABS.CLOSE', which: 'right', fullPath: '/c' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'TABS.CLOSE', which: 'others', fullPath: '/fix' })).toBe(true);
    actor.send({ type: 'TABS.CLOSE', which: 'tab', fullPath: '/fix' });
    expect(paths(actor)).toEqual(['/c', '/fix']);
    actor.send({ type: 'TABS.CLOSE', which: 'all' });
    expect(actor.getSnapshot().can({ type: 'TABS.CLOSE', which: 'all' })).toBe(false);
    expect(paths(actor)).toEqual(['/fix']);
    actor.send({ type: 'TABS.ADD', tab: tab('/e') });
    actor.send({ type: 'TABS.CLOSE', which: 'others', fullPath: '/e' });
    expect(paths(actor)).toEqual(['/fix', '/e']);
  });

  it('reorders, retitles, updates a path, and a refresh remounts the page (and opens it when it is not current)', () => {
    const record = vi.fn();
    const actor = enabledWith(['/a', '/b', '/c'], record);
    actor.send({ type: 'TABS.MOVE', from: 2, to: 0 });
    expect(paths(actor)).toEqual(['/c', '/a', '/b']);
    actor.send({ type: 'TABS.MOVE', from: 5, to: 0 });
    expect(paths(actor)).toEqual(['/c', '/a', '/b']);
    actor.send({ type: 'TABS.SET_TITLE', fullPath: '/a', title: 'Mine' });
    expect(actor.getSnapshot().context.tabs[1].meta.title).toBe('Mine');
    actor.send({ type: 'TABS.UPDATE_PATH', fullPath: '/c', path: '/c?page=2' });
    expect(actor.getSnapshot().context.tabs[0]).toMatchObject({ fullPath: '/c?page=2', path: '/c' });
    actor.send({ type: 'TABS.REFRESH', fullPath: '/c?page=2' });
    expect(actor.getSnapshot().context.renderKeys['/c?page=2']).toBe(1);
    expect(record).not.toHaveBeenCalledWith('open');
    actor.send({ type: 'TABS.REFRESH', fullPath: '/a' });
    expect(record).toHaveBeenCalledWith('open');
  });

  it('keeps at most the cache limit of pages alive, least recently shown dropped first, never ignoreKeepAlive ones', () => {
    const actor = enabledWith([], undefined, { enabled: true, cacheLimit: 2 });
    for (const path of ['/a', '/b', '/c']) actor.send({ type: 'TABS.ADD', tab: tab(path) });
    expect(actor.getSnapshot().context.cachedKeys).toEqual(['/b', '/c']);
    actor.send({ type: 'TABS.ADD', tab: tab('/b') });
    expect(actor.getSnapshot().context.cachedKeys).toEqual(['/c', '/b']);
    actor.send({ type: 'TABS.ADD', tab: tab('/d', { ignoreKeepAlive: true }) });
    expect(actor.getSnapshot().context.cachedKeys).toEqual(['/c', '/b']);
    actor.send({ type: 'TABS.CLOSE', which: 'tab', fullPath: '/c' });
    expect(actor.getSnapshot().context.cachedKeys).toEqual(['/b']);
  });

  it('persists only when cache is on, and forgets the list on sign-out', () => {
    const record = vi.fn();
    const actor = enabledWith(['/a'], record, { enabled: true, persist: true });
    expect(record).toHaveBeenLastCalledWith('persist', [expect.objectContaining({ fullPath: '/a' })]);
    actor.send(settings(true, false));
    expect(record).toHaveBeenLastCalledWith('persist', null);
    actor.send({ type: 'SESSION.SIGNED_OUT', reason: 'logout' });
    expect(paths(actor)).toEqual([]);
  });

  it('the tab functions throw the spec’s message while tabs are off', () => {
    const actor = enabledWith([], undefined, {});
    const actions = createTabActions(actor.send, () => ({
      enabled: actor.getSnapshot().matches('enabled'),
      current: actor.getSnapshot().context.current,
    }));
    const message = 'The multi-tab page is currently not open, please open it in the settings！';
    expect(() => actions.closeAll()).toThrow(message);
    expect(() => actions.close('/a')).toThrow(message);
    expect(() => actions.move(0, 1)).toThrow(message);
    actor.send(settings(true));
    actor.send({ type: 'TABS.ADD', tab: tab('/a') });
    actor.send({ type: 'TABS.ADD', tab: tab('/b') });
    actions.closeOthers();
    expect(paths(actor)).toEqual(['/b']);
  });

  it('builds tabs from committed locations; login, exception, redirect and unknown paths never become tabs', () => {
    const menus: Menu[] = [{ path: '/site', name: 'Site', title: 'routes.site', icon: '', order: 1, hideMenu: false, children: [] }];
    expect(tabForLocation('/site?page=2', menus)).toMatchObject({
      path: '/site',
      fullPath: '/site?page=2',
      query: { page: '2' },
      meta: { title: 'routes.site' },
    });
    expect(tabForLocation('/dashboard/analysis', [])).toMatchObject({ meta: { title: 'routes.dashboard.analysis' } });
    // The docs and the iframe page are pages like any other: they keep their state in a tab.
    expect(tabForLocation('/apiDoc', [])).toMatchObject({ fullPath: '/apiDoc', meta: { title: 'routes.basic.apiDoc' } });
    expect(tabForLocation('/iframe?url=https%3A%2F%2Fdocs.example.com', [])).toMatchObject({
      path: '/iframe',
      query: { url: 'https://docs.example.com' },
      meta: { title: 'routes.basic.frame' },
    });
    for (const location of ['/login', '/exception/404', '/redirect/site/path', '/nowhere', '/'])
      expect(tabForLocation(location, menus)).toBeNull();
  });

  it('a not-found page never becomes a tab: a group’s own path, a menu whose page the console lacks, a route of other roles', () => {
    const hasPage = (component: string | undefined) => component !== undefined && component !== 'systems/role';
    const admin = menusForRoles(BUILT_IN_MENUS, ['admin']);
    const master = menusForRoles(BUILT_IN_MENUS, ['master']);
    expect(tabForLocation('/systems/admin/subaccount', admin, hasPage)).toMatchObject({
      name: 'SubAccount',
      meta: { title: 'routes.systems.subaccount' },
    });
    // The group itself (it redirects), a menu whose component has no page, and the operator's page for an owner.
    for (const location of ['/systems', '/site-manage', '/systems/sub/accounts/role'])
      expect(tabForLocation(location, admin, hasPage)).toBeNull();
    expect(tabForLocation('/systems/sub/accounts/auth', master, hasPage)).toBeNull();
    // The settings page is a static page, a tab like the others.
    expect(tabForLocation('/setting/index', admin, hasPage)).toMatchObject({ meta: { title: 'routes.basic.setting' } });
  });

  it('decides which committed location becomes a tab, from the menus it was told: a route with parameters, never login or a group', () => {
    const actor = enabledWith([]);
    actor.send(menusChanged(menusFromServer(SERVER_MENUS)));
    actor.send({ type: 'LOCATION.COMMITTED', location: '/article/7?tab=2' });
    // Never a tab: login; a menu group (its own path).
    actor.send({ type: 'LOCATION.COMMITTED', location: '/login' });
    actor.send({ type: 'LOCATION.COMMITTED', location: '/article-manage' });
    expect(actor.getSnapshot().context.tabs).toEqual([
      {
        path: '/article/7',
        name: 'articleDetail',
        fullPath: '/article/7?tab=2',
        params: { id: '7' },
        query: { tab: '2' },
        meta: { title: 'routes.articleDetail', realPath: '/article/:id' },
      },
    ]);
    expect(actor.getSnapshot().context.current).toBe('/article/7?tab=2');
  });

  it('a menu whose page the console does not have never becomes a tab; a static route still does', () => {
    const actor = createActor(tabsMachine.provide({ guards: { hasPage: () => false } }), { input: { enabled: true } });
    actor.start();
    actor.send(menusChanged(menusFromServer(SERVER_MENUS)));
    actor.send({ type: 'LOCATION.COMMITTED', location: '/article' });
    actor.send({ type: 'LOCATION.COMMITTED', location: '/dashboard/analysis' });
    expect(paths(actor)).toEqual(['/dashboard/analysis']);
  });

  it('the tabs machine refuses a tab of login, an error or not-found page, or the redirect helper, whoever sends it', () => {
    const actor = enabledWith(['/a']);
    for (const path of ['/exception/404', '/login', '/redirect/a/path']) actor.send({ type: 'TABS.ADD', tab: tab(path) });
    expect(paths(actor)).toEqual(['/a']);
    expect(actor.getSnapshot().context.current).toBe('/a');
    const off = enabledWith([], undefined, {});
    off.send({ type: 'TABS.ADD', tab: tab('/b') });
    off.send({ type: 'TABS.ADD', tab: tab('/exception/404') });
    expect(paths(off)).toEqual(['/b']);
  });

  it('an article’s page takes its realPath and dynamicLevel 3 from the hidden built-in menu, from the server or the client list', () => {
    const articleDetail = {
      name: 'ArticleDetail',
      title: 'routes.article.detail',
      url: '/article/detail/:id',
      component: 'article/detail',
      is_show: 0 as const,
      dynamic_level: 3,
    };
    const fromServer = menusFromServer([
      {
        ...articleDetail,
        id: 9,
        icon: '',
        order: 4,
        parent: 0,
        level: 1,
        redirect: '',
        ignored: 0,
        role: [],
        access: [],
        access_codes: [],
        created_at: '2026-01-01 00:00:00',
        updated_at: '2026-01-01 00:00:00',
        children: [],
      },
    ]);
    for (const menus of [fromServer, menusForRoles(BUILT_IN_MENUS, ['master'])]) {
      expect(tabForLocation('/article/detail/7', menus)).toEqual({
        path: '/article/detail/7',
        name: 'ArticleDetail',
        fullPath: '/article/detail/7',
        params: { id: '7' },
        query: {},
        meta: { title: 'routes.article.detail', realPath: '/article/detail/:id', dynamicLevel: 3 },
      });
      // The list beside it has no limit.
      expect(tabForLocation('/article', menus)?.meta.dynamicLevel).toBeUndefined();
    }
    // Hidden from the sidebar, still a tab.
    expect(fromServer[0].hideMenu).toBe(true);
  });
});

afterAll(() => {
  coverage.report();
});

it('tabs machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
