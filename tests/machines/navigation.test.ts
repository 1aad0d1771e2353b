import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { awaitedTargetOf, navigationMachine, type NavigationInput } from '../../src/machines/navigation.machine';
import type { MenusChanged, SessionAccess } from '../../src/machines/announcements';
import type { Menu } from '../../src/machines/menus';
import { pathnameOf } from '../../src/shared/location';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, settle, type Model } from './modelPaths';
import { USER_ADA, failure, sessionAccess, settingsChanged } from './fixtures/accounts';
import { menusChanged } from './fixtures/menus';

const ACTORS = ['fetchApp'];

/** The PWA app get_app answers with. */
const PWA_APP = { win_icon: '/uploads/app-7.png', app_name: 'Acme Writer' };

/** The session's answers to the navigation's ACCESS.REQUESTED. */
const facts = sessionAccess;
const VISITOR = facts({ hasToken: false, userLoaded: false });
const SIGNED_IN = facts({});
/** A reload with a stored token: the session is still loading the user. */
const FRESH_LOGIN = facts({ userLoaded: false, userSettled: false, homePath: '/site' });
/** The user's details could not be loaded (network): the session goes on without them. */
const USER_UNAVAILABLE = facts({ userLoaded: false });
const WITH_HOME = facts({ homePath: '/site' });
const TIMED_OUT = facts({ sessionTimedOut: true });

const page = (path: string, title: string, children: Menu[] = []): Menu => ({
  path,
  ...(path.includes(':') ? { pattern: path } : {}),
  name: path,
  title,
  icon: '',
  order: 1,
  hideMenu: false,
  children,
});
/** Bootstrap's menus: a group whose own path leads to its first page. */
const MENUS: MenusChanged = menusChanged([page('/site-manage', 'routes.siteManage', [page('/site', 'routes.site.list')])]);

/** The navigation's questions go to the parent, which a lone navigation has not: recorded instead. */
function navigationWith(record: (name: string, params?: unknown) => void = () => {}) {
  return navigationMachine.provide({
    actions: {
      askAccess: () => record('askAccess'),
      askRoutes: () => record('askRoutes'),
      writeHistory: (_, target) => record('history', target),
      scrollToTop: () => record('scrollToTop'),
      leaveRoute: (_, effects) => record('leaveRoute', effects),
      announceMenuParams: ({ context }) => record('menuParams', pathnameOf(context.location)),
      announceLocation: ({ context }) => record('locationCommitted', context.location),
      rememberPwaLaunch: (_, launch) => launch && record('pwaLaunch', launch),
    },
  });
}

const quietSettings = settingsChanged({
  permissionMode: 'ROLE',
  removeAllHttpPending: true,
  transitionSetting: { enable: true, basicTransition: 'fade', openPageLoading: false, openNProgress: false },
});

const model = (input: NavigationInput): Model<ReturnType<typeof navigationWith>> => ({
  machine: navigationWith(),
  input,
  events: {
    NAVIGATE: ['/site', '/login', '/', '/exception/404', '/site-manage'].map((to) => ({ type: 'NAVIGATE', to })),
    'LOCATION.POPPED': [{ type: 'LOCATION.POPPED', to: '/site' }],
    'SESSION.SIGNED_IN': [{ type: 'SESSION.SIGNED_IN', user: USER_ADA }],
    'SESSION.SIGNED_OUT': [
      { type: 'SESSION.SIGNED_OUT', reason: 'refused' },
      { type: 'SESSION.SIGNED_OUT', reason: 'logout' },
    ],
    'SETTINGS.CHANGED': [quietSettings],
    'SESSION.ACCESS': [VISITOR, SIGNED_IN, FRESH_LOGIN, USER_UNAVAILABLE, WITH_HOME, TIMED_OUT],
    'USER.SETTLED': [{ type: 'USER.SETTLED' }],
    'ROUTES.ADDED': [{ type: 'ROUTES.ADDED' }],
    'ROUTES.FAILED': [{ type: 'ROUTES.FAILED' }],
    'MENUS.CHANGED': [MENUS],
    // Raised by the machine itself, never sent from outside.
    'NAVIGATION.STARTED': [],
    'NAVIGATION.COMMITTED': [],
  },
  // Each answer only where it is awaited; other outside events while idle or asking; settings and menus once.
  outputs: { fetchApp: [PWA_APP] },
  errors: { fetchApp: [failure(-1, 'network')] },
  filterEvents: (snapshot, event) => {
    // The app's brand is read on its own: its answers first, and the routing graph is walked without a PWA app.
    if (snapshot.context.pwaApp.appId !== null) return snapshot.matches({ pwaApp: 'loading' }) && event.type.includes('fetchApp');
    const awaits = (...states: string[]) => states.some((state) => snapshot.matches({ routing: { navigating: state } }));
    if (event.type === 'SETTINGS.CHANGED') return snapshot.context.config.openPageLoading && snapshot.matches({ routing: 'idle' });
    if (event.type === 'MENUS.CHANGED')
      return snapshot.matches({ routing: 'idle' }) && snapshot.context.access.menuTitles['/site'] === undefined;
    if (event.type === 'SESSION.ACCESS') return awaits('readingAccess');
    if (event.type === 'USER.SETTLED')
      return awaits('loadingUser') || snapshot.matches({ routing: { navigating: { finishingLogin: 'awaitingUser' } } });
    if (event.type === 'ROUTES.ADDED' || event.type === 'ROUTES.FAILED')
      return awaits('addingRoutes') || snapshot.matches({ routing: { navigating: { finishingLogin: 'addingRoutes' } } });
    const external = !event.type.startsWith('xstate.');
    return !external || snapshot.matches({ routing: 'idle' }) || awaits('readingAccess');
  },
  label: (event) => {
    if (event.type === 'SETTINGS.CHANGED') return 'SETTINGS.CHANGED(quiet)';
    if (event.type === 'SESSION.ACCESS') {
      const names = new Map<unknown, string>([
        [VISITOR, 'visitor'],
        [SIGNED_IN, 'signedIn'],
        [FRESH_LOGIN, 'freshLogin'],
        [USER_UNAVAILABLE, 'userUnavailable'],
        [WITH_HOME, 'withHome'],
        [TIMED_OUT, 'timedOut'],
      ]);
      return `SESSION.ACCESS(${names.get(event)})`;
    }
    return undefined;
  },
  delays: { pageLoadingDelay: 50, pageLoadingLinger: 220 },
  serializeState: (snapshot: AnyMachineSnapshot) => {
    const { pending, location, access: known, config, visited } = snapshot.context;
    return JSON.stringify([
      snapshot.value,
      pathnameOf(pending.to),
      pending.to.includes('redirect='),
      pathnameOf(location) === '/login',
      known.hasToken,
      known.userLoaded,
      known.userSettled,
      known.routesAdded,
      known.menuTitles['/site'] !== undefined,
      known.homePath,
      known.sessionTimedOut,
      config.openPageLoading,
      visited.includes(pathnameOf(pending.to)),
    ]);
  },
});

const models = [model({ location: '/site' }), model({ location: '/site', pwaAppId: 'app-7' })];
const coverage = createTransitionCoverage('navigation', navigationMachine);

function start(input: NavigationInput, record?: (name: string, params?: unknown) => void, inspect?: typeof coverage.inspect) {
  const fakes = createFakeActors(ACTORS);
  const actor = createActor(navigationWith(record).provide({ actors: fakes.logic }), { input, ...(inspect ? { inspect } : {}) });
  return { actor, fakes };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('navigation machine: generated paths replayed on real actors', () => {
  it('every path reaches the states the graph predicts', async () => {
    for (const navigationModel of models) {
      expect(
        await replayAll(navigationModel, coverage, (inspect) => start(navigationModel.input as NavigationInput, undefined, inspect)),
      ).toBeGreaterThan(0);
    }
  });
});

type Started = ReturnType<typeof start>;

const navigatingIn = (actor: Started['actor'], state: 'readingAccess' | 'loadingUser' | 'addingRoutes') =>
  actor.getSnapshot().matches({ routing: { navigating: state } });
const finishingLoginIn = (actor: Started['actor'], state: 'awaitingUser' | 'addingRoutes') =>
  actor.getSnapshot().matches({ routing: { navigating: { finishingLogin: state } } });

/** Answers what the navigation under way asks, as the app would carry it: the session's `answer`, the user settled, the routes added. */
async function answerUntilCommitted(actor: Started['actor'], answer: SessionAccess) {
  for (let i = 0; i < 10 && !actor.getSnapshot().matches({ routing: 'idle' }); i++) {
    if (navigatingIn(actor, 'readingAccess')) actor.send(answer);
    else if (navigatingIn(actor, 'loadingUser') || finishingLoginIn(actor, 'awaitingUser')) actor.send({ type: 'USER.SETTLED' });
    else if (navigatingIn(actor, 'addingRoutes') || finishingLoginIn(actor, 'addingRoutes')) actor.send({ type: 'ROUTES.ADDED' });
    await settle();
  }
}

/** Starts a navigation actor at `location` with bootstrap's menus known, and answers its first question with `answer`. */
async function navigateWith(location: string, answer: SessionAccess, record = vi.fn(), pwaAppId?: string) {
  const { actor, fakes } = start({ location, ...(pwaAppId ? { pwaAppId } : {}) }, record);
  actor.start();
  actor.send(MENUS);
  actor.send(answer);
  await settle();
  return { actor, fakes, record };
}

/** The same, answering every question until the location is committed (a signed-in user's routes are added on the way). */
async function openWith(location: string, answer: SessionAccess, record = vi.fn()) {
  const started = await navigateWith(location, answer, record);
  await answerUntilCommitted(started.actor, answer);
  return started;
}

describe('navigation machine: the route guards of spec §2, in order', () => {
  it('without a token sends the user to login with the wanted path in the redirect query', async () => {
    const { actor, record } = await openWith('/site?page=2', VISITOR);
    expect(actor.getSnapshot().context.location).toBe('/login?redirect=%2Fsite%3Fpage%3D2');
    expect(record).toHaveBeenCalledWith('history', { to: '/login?redirect=%2Fsite%3Fpage%3D2', replace: true });
    // Only where the guards let the user go is announced (the tabs follow it), never the wanted path.
    expect(record.mock.calls.filter(([name]) => name === 'locationCommitted')).toEqual([
      ['locationCommitted', '/login?redirect=%2Fsite%3Fpage%3D2'],
    ]);
  });

  it('lets anyone open login, the docs and the exception pages', async () => {
    for (const location of ['/login', '/apiDoc', '/exception/404']) {
      const { actor } = await navigateWith(location, VISITOR);
      expect(actor.getSnapshot().context.location).toBe(location);
    }
  });

  it('asks the session who the user is before each navigation’s guards', async () => {
    const { actor, record } = await openWith('/site', SIGNED_IN);
    record.mockClear();
    actor.send({ type: 'NAVIGATE', to: '/article' });
    expect(record).toHaveBeenCalledWith('askAccess');
    expect(navigatingIn(actor, 'readingAccess')).toBe(true);
    actor.send(SIGNED_IN);
    expect(actor.getSnapshot().context.location).toBe('/article');
  });

  it('with a token, the docs opened by their address load the user and build the menu routes first, as any page does', async () => {
    const { actor } = await navigateWith('/apiDoc', FRESH_LOGIN);
    expect(navigatingIn(actor, 'loadingUser')).toBe(true);
    actor.send({ type: 'USER.SETTLED' });
    expect(navigatingIn(actor, 'addingRoutes')).toBe(true);
    actor.send({ type: 'ROUTES.ADDED' });
    await answerUntilCommitted(actor, SIGNED_IN);
    expect(actor.getSnapshot().context).toMatchObject({ location: '/apiDoc', title: 'routes.basic.apiDoc' });
  });

  it('opening login with a token runs the after-login action, then goes to the redirect query target', async () => {
    const { actor, record } = await navigateWith('/login?redirect=%2Farticle', FRESH_LOGIN);
    expect(finishingLoginIn(actor, 'awaitingUser')).toBe(true);
    expect(record).not.toHaveBeenCalledWith('askRoutes');
    actor.send({ type: 'USER.SETTLED' });
    expect(record).toHaveBeenCalledWith('askRoutes');
    actor.send({ type: 'ROUTES.ADDED' });
    await answerUntilCommitted(actor, SIGNED_IN);
    expect(actor.getSnapshot().context.location).toBe('/article');
  });

  it('while it waits for the menu routes, names where it will land (that page’s data is asked for meanwhile)', async () => {
    const cases: [location: string, answer: SessionAccess, lands: string][] = [
      ['/login?redirect=%2Farticle%3Fpage%3D2', SIGNED_IN, '/article?page=2'],
      ['/login', SIGNED_IN, '/dashboard/analysis'],
      ['/login?redirect=%2F', FRESH_LOGIN, '/site'],
      // A reload with a stored session: the page asked for.
      ['/account', FRESH_LOGIN, '/account'],
    ];
    for (const [location, answer, lands] of cases) {
      const { actor } = await navigateWith(location, answer);
      if (!navigatingIn(actor, 'addingRoutes') && !finishingLoginIn(actor, 'addingRoutes')) actor.send({ type: 'USER.SETTLED' });
      expect(navigatingIn(actor, 'addingRoutes') || finishingLoginIn(actor, 'addingRoutes')).toBe(true);
      expect(awaitedTargetOf(actor.getSnapshot())).toBe(lands);
      await answerUntilCommitted(actor, answer);
      expect(actor.getSnapshot().context.location).toBe(lands);
      expect(awaitedTargetOf(actor.getSnapshot())).toBeNull();
    }
  });

  it('after a timeout the login page stays (no redirect), and stays when the routes cannot be built', async () => {
    const { actor } = await navigateWith('/login?redirect=%2Farticle', TIMED_OUT);
    expect(finishingLoginIn(actor, 'addingRoutes')).toBe(true);
    actor.send({ type: 'ROUTES.ADDED' });
    expect(actor.getSnapshot().context.location).toBe('/login?redirect=%2Farticle');

    const failed = await navigateWith('/login?redirect=%2Farticle', SIGNED_IN);
    failed.actor.send({ type: 'ROUTES.FAILED' });
    expect(failed.actor.getSnapshot().context.location).toBe('/login?redirect=%2Farticle');
  });

  it('leaving login for the root goes to the user’s own home path', async () => {
    const { actor } = await navigateWith('/login', VISITOR);
    actor.send({ type: 'NAVIGATE', to: '/' });
    await answerUntilCommitted(actor, WITH_HOME);
    expect(actor.getSnapshot().context.location).toBe('/site');
  });

  it('on a reload with a token waits for the user, builds the routes once, then opens the page', async () => {
    const { actor, record } = await navigateWith('/site', FRESH_LOGIN);
    expect(navigatingIn(actor, 'loadingUser')).toBe(true);
    // The user could not be loaded: navigation goes on (spec §2 guard 5).
    actor.send({ type: 'USER.SETTLED' });
    expect(navigatingIn(actor, 'addingRoutes')).toBe(true);
    actor.send({ type: 'ROUTES.ADDED' });
    await answerUntilCommitted(actor, USER_UNAVAILABLE);
    expect(actor.getSnapshot().context).toMatchObject({ location: '/site', title: 'routes.site.list' });
    actor.send({ type: 'NAVIGATE', to: '/article' });
    await answerUntilCommitted(actor, SIGNED_IN);
    expect(actor.getSnapshot().context.location).toBe('/article');
    expect(record.mock.calls.filter(([name]) => name === 'askRoutes')).toHaveLength(1);
  });

  it('when the menu routes cannot be built the page opens without them', async () => {
    const { actor } = await navigateWith('/site', SIGNED_IN);
    actor.send({ type: 'ROUTES.FAILED' });
    expect(actor.getSnapshot().context.location).toBe('/site');
  });

  it('a page of a menu route with a parameter takes that menu’s title', async () => {
    const { actor } = start({ location: '/article/detail/7' });
    actor.start();
    actor.send(menusChanged([page('/article/detail/:id', 'routes.article.detail')]));
    await answerUntilCommitted(actor, SIGNED_IN);
    expect(actor.getSnapshot().context).toMatchObject({ location: '/article/detail/7', title: 'routes.article.detail' });
  });

  it('a static route kept for other roles is not found for this user and names nothing; its menu names it', async () => {
    const { actor } = await openWith('/systems/log/admin', SIGNED_IN);
    expect(actor.getSnapshot().context).toMatchObject({ location: '/systems/log/admin', title: '' });

    const operator = start({ location: '/systems/log/admin' });
    operator.actor.start();
    operator.actor.send(menusChanged([page('/systems/log/admin', 'routes.systems.adminLog')]));
    await answerUntilCommitted(operator.actor, SIGNED_IN);
    expect(operator.actor.getSnapshot().context).toMatchObject({ location: '/systems/log/admin', title: 'routes.systems.adminLog' });
  });

  it('the root and the section paths redirect: / to the home path, /dashboard to its analysis page', async () => {
    const root = await openWith('/', SIGNED_IN);
    expect(root.actor.getSnapshot().context).toMatchObject({ location: '/dashboard/analysis', title: 'routes.dashboard.analysis' });

    const section = await openWith('/dashboard', SIGNED_IN);
    expect(section.actor.getSnapshot().context.location).toBe('/dashboard/analysis');
  });

  it('a menu group’s own path opens its first page, on a reload as in the app', async () => {
    // Reload: the groups are known only once the menu routes are added.
    const reload = start({ location: '/site-manage' }, vi.fn());
    reload.actor.start();
    reload.actor.send(FRESH_LOGIN);
    reload.actor.send({ type: 'USER.SETTLED' });
    reload.actor.send(MENUS);
    reload.actor.send({ type: 'ROUTES.ADDED' });
    await answerUntilCommitted(reload.actor, SIGNED_IN);
    expect(reload.actor.getSnapshot().context).toMatchObject({ location: '/site', title: 'routes.site.list' });

    // In the app: a link to the group lands on its page; a path that is no group stays not found.
    const { actor } = await openWith('/dashboard/analysis', SIGNED_IN);
    actor.send({ type: 'NAVIGATE', to: '/site-manage' });
    await answerUntilCommitted(actor, SIGNED_IN);
    expect(actor.getSnapshot().context.location).toBe('/site');
    actor.send({ type: 'NAVIGATE', to: '/article-manage' });
    await answerUntilCommitted(actor, SIGNED_IN);
    expect(actor.getSnapshot().context).toMatchObject({ location: '/article-manage', title: '' });
  });

  it('a session that expired with redirect handling goes to login, remembering where the user was', async () => {
    const { actor } = await openWith('/site', SIGNED_IN);
    actor.send({ type: 'SESSION.SIGNED_OUT', reason: 'expired' });
    await answerUntilCommitted(actor, VISITOR);
    expect(actor.getSnapshot().context.location).toBe('/login?redirect=%2Fsite');
  });

  it('opening the analysis page in the PWA master mode remembers it with the app id', async () => {
    const { record } = await openWith('/dashboard/analysis?pwa_master=1&app_id=app-7', SIGNED_IN);
    expect(record).toHaveBeenCalledWith('pwaLaunch', { appId: 'app-7' });
    const plain = await openWith('/dashboard/analysis', SIGNED_IN);
    expect(plain.record).not.toHaveBeenCalledWith('pwaLaunch', expect.anything());
  });

  it('the PWA master mode’s app is read with get_app, at launch or from the id stored earlier; its icon and name are kept', async () => {
    const launched = await openWith('/dashboard/analysis?pwa_master=1&app_id=app-7', SIGNED_IN);
    expect(launched.fakes.inputOf('fetchApp')).toEqual({ app_id: 'app-7' });
    launched.fakes.resolve('fetchApp', PWA_APP);
    await settle();
    expect(launched.actor.getSnapshot().context.pwaApp).toEqual({ appId: 'app-7', info: PWA_APP });

    const reloaded = await navigateWith('/site', SIGNED_IN, vi.fn(), 'app-7');
    expect(reloaded.fakes.inputOf('fetchApp')).toEqual({ app_id: 'app-7' });
    reloaded.fakes.resolve('fetchApp', PWA_APP);
    await settle();
    expect(reloaded.actor.getSnapshot().context.pwaApp.info).toEqual(PWA_APP);

    // Without a PWA app nothing is asked; an app that cannot be read leaves the product's brand.
    const plain = await openWith('/dashboard/analysis', SIGNED_IN);
    expect(plain.fakes.started('fetchApp')).toBe(0);
    const unreadable = await navigateWith('/site', SIGNED_IN, vi.fn(), 'app-8');
    unreadable.fakes.reject('fetchApp', failure(-1, 'network'));
    await settle();
    expect(unreadable.actor.getSnapshot().context.pwaApp).toEqual({ appId: 'app-8', info: null });
  });

  it('a stored token the server refuses on reload sends the user to login, keeping the wanted page', async () => {
    const { actor } = await navigateWith('/site', FRESH_LOGIN);
    actor.send({ type: 'SESSION.SIGNED_OUT', reason: 'refused' });
    await answerUntilCommitted(actor, VISITOR);
    expect(actor.getSnapshot().context.location).toBe('/login?redirect=%2Fsite');
  });

  it('after a logout the login page has no redirect, and the next session builds its routes again', async () => {
    const { actor, record } = await openWith('/site', SIGNED_IN);
    actor.send({ type: 'SESSION.SIGNED_OUT', reason: 'logout' });
    await answerUntilCommitted(actor, VISITOR);
    expect(actor.getSnapshot().context.location).toBe('/login');
    expect(actor.getSnapshot().context.access.routesAdded).toBe(false);
    actor.send({ type: 'SESSION.SIGNED_IN', user: USER_ADA });
    await answerUntilCommitted(actor, SIGNED_IN);
    expect(record.mock.calls.filter(([name]) => name === 'askRoutes')).toHaveLength(2);
  });

  it('applies the menu params of the committed route in BACK mode', async () => {
    const { record } = await openWith('/site', SIGNED_IN);
    expect(record).toHaveBeenCalledWith('menuParams', '/site');
  });
});

describe('navigation machine: indicators and route-change effects', () => {
  it('shows the page-loading indicator only when loading lasts over 50 ms, and hides it 220 ms after the change', async () => {
    const { actor } = start({ location: '/site' });
    actor.start();
    await vi.advanceTimersByTimeAsync(49);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(true);
    await answerUntilCommitted(actor, SIGNED_IN);
    expect(actor.getSnapshot().context.location).toBe('/site');
    await vi.advanceTimersByTimeAsync(219);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(false);
  });

  it('never shows it for a fast change, nor on a second visit', async () => {
    const { actor } = await openWith('/site', SIGNED_IN);
    await vi.advanceTimersByTimeAsync(300);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(false);

    actor.send({ type: 'NAVIGATE', to: '/article' });
    await vi.advanceTimersByTimeAsync(60);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(true);
    await answerUntilCommitted(actor, SIGNED_IN);
    await vi.advanceTimersByTimeAsync(220);

    actor.send({ type: 'NAVIGATE', to: '/site' });
    await vi.advanceTimersByTimeAsync(60);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(false);
  });

  it('shows the progress bar while a navigation is under way', async () => {
    const { actor } = start({ location: '/site' });
    actor.start();
    expect(actor.getSnapshot().hasTag('progress')).toBe(true);
    await answerUntilCommitted(actor, SIGNED_IN);
    expect(actor.getSnapshot().hasTag('progress')).toBe(false);
  });

  it('cancels pending requests and closes messages on a route change, as configured', async () => {
    const { actor, record } = await openWith('/site', SIGNED_IN);
    expect(record).toHaveBeenLastCalledWith('menuParams', '/site');
    expect(record).toHaveBeenCalledWith('leaveRoute', { cancelPendingRequests: false, closeMessages: true });
    actor.send(quietSettings);
    record.mockClear();
    actor.send({ type: 'NAVIGATE', to: '/article' });
    // The route is left before the navigation asks who the user is.
    expect(record.mock.calls).toEqual([['leaveRoute', { cancelPendingRequests: true, closeMessages: true }], ['askAccess']]);
    expect(actor.getSnapshot().hasTag('progress')).toBe(false);
    await answerUntilCommitted(actor, SIGNED_IN);
    expect(record).not.toHaveBeenCalledWith('menuParams', '/article');
  });

  it('ignores a navigation to where the user already is, and pushes a new page onto the history', async () => {
    const { actor, record } = await openWith('/site', SIGNED_IN);
    record.mockClear();
    actor.send({ type: 'NAVIGATE', to: '/site' });
    expect(actor.getSnapshot().matches({ routing: 'idle' })).toBe(true);
    actor.send({ type: 'NAVIGATE', to: '/article' });
    await answerUntilCommitted(actor, SIGNED_IN);
    expect(record).toHaveBeenCalledWith('history', { to: '/article', replace: false });
    expect(record).toHaveBeenCalledWith('scrollToTop');
  });
});

afterAll(() => {
  coverage.report();
});

it('navigation machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
