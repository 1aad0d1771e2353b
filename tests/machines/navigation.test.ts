import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { navigationMachine, type Access, type NavigationInput } from '../../src/machines/navigation.machine';
import { pathnameOf } from '../../src/shared/location';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, settle, type Model } from './modelPaths';
import { USER_ADA, settingsChanged } from './fixtures/accounts';

const ACTORS = ['readAccess', 'finishLogin', 'loadUser', 'addRoutes'];

const access = (fields: Partial<Access>): Access => ({
  hasToken: true,
  userLoaded: true,
  homePath: '',
  sessionTimedOut: false,
  routesAdded: true,
  menuTitles: { '/site': 'routes.site.list' },
  groupTargets: { '/site-manage': '/site' },
  ...fields,
});
const VISITOR = access({ hasToken: false, userLoaded: false, routesAdded: false, menuTitles: {}, groupTargets: {} });
const SIGNED_IN = access({});
const FRESH_LOGIN = access({ userLoaded: false, routesAdded: false, homePath: '/site' });
const WITH_HOME = access({ homePath: '/site' });
const TIMED_OUT = access({ sessionTimedOut: true });

function navigationWith(record: (name: string, params?: unknown) => void = () => {}) {
  return navigationMachine.provide({
    actions: {
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
    // Raised by the machine itself, never sent from outside.
    'NAVIGATION.STARTED': [],
    'NAVIGATION.COMMITTED': [],
  },
  // Outside events while a navigation is under way: only while it reads access; settings once.
  filterEvents: (snapshot, event) => {
    if (event.type === 'SETTINGS.CHANGED') return snapshot.context.config.openPageLoading && snapshot.matches({ routing: 'idle' });
    const external = !event.type.startsWith('xstate.');
    return !external || snapshot.matches({ routing: 'idle' }) || snapshot.matches({ routing: { navigating: 'readingAccess' } });
  },
  outputs: { readAccess: [VISITOR, SIGNED_IN, FRESH_LOGIN, WITH_HOME, TIMED_OUT] },
  delays: { pageLoadingDelay: 50, pageLoadingLinger: 220 },
  label: (event) => {
    if (event.type === 'SETTINGS.CHANGED') return 'SETTINGS.CHANGED(quiet)';
    if (
      event.type.startsWith('xstate.done.actor.') &&
      'output' in event &&
      event.output &&
      typeof event.output === 'object' &&
      'hasToken' in event.output
    ) {
      const names = new Map<unknown, string>([
        [VISITOR, 'visitor'],
        [SIGNED_IN, 'signedIn'],
        [FRESH_LOGIN, 'freshLogin'],
        [WITH_HOME, 'withHome'],
        [TIMED_OUT, 'timedOut'],
      ]);
      return `done:readAccess(${names.get(event.output)})`;
    }
    return undefined;
  },
  serializeState: (snapshot: AnyMachineSnapshot) => {
    const { pending, location, access: known, config, visited } = snapshot.context;
    return JSON.stringify([
      snapshot.value,
      pathnameOf(pending.to),
      pending.to.includes('redirect='),
      pathnameOf(location) === '/login',
      known.hasToken,
      known.userLoaded,
      known.routesAdded,
      known.homePath,
      known.sessionTimedOut,
      config.openPageLoading,
      visited.includes(pathnameOf(pending.to)),
    ]);
  },
});

const models = [model({ location: '/site' })];
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
  }, 120_000);
});

/** Starts a navigation actor at `location` and answers its access reads with `answer`. */
async function navigateWith(location: string, answer: Access, record = vi.fn()) {
  const { actor, fakes } = start({ location }, record);
  actor.start();
  fakes.resolve('readAccess', answer);
  await settle();
  return { actor, fakes, record };
}

/** Answers every access read of the navigation under way until it is committed. */
async function answerUntilCommitted(actor: ReturnType<typeof start>['actor'], fakes: ReturnType<typeof start>['fakes'], answer: Access) {
  for (let i = 0; i < 10 && !actor.getSnapshot().matches({ routing: 'idle' }); i++) {
    if (actor.getSnapshot().matches({ routing: { navigating: 'readingAccess' } })) fakes.resolve('readAccess', answer);
    await settle();
  }
}

describe('navigation machine: the route guards of spec §2, in order', () => {
  it('without a token sends the user to login with the wanted path in the redirect query', async () => {
    const { actor, fakes, record } = await navigateWith('/site?page=2', VISITOR);
    await answerUntilCommitted(actor, fakes, VISITOR);
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

  it('with a token, the docs opened by their address load the user and build the menu routes first, as any page does', async () => {
    const { actor, fakes } = await navigateWith('/apiDoc', FRESH_LOGIN);
    expect(actor.getSnapshot().matches({ routing: { navigating: 'loadingUser' } })).toBe(true);
    fakes.resolve('loadUser', undefined);
    await settle();
    expect(actor.getSnapshot().matches({ routing: { navigating: 'addingRoutes' } })).toBe(true);
    fakes.resolve('addRoutes', undefined);
    await settle();
    await answerUntilCommitted(actor, fakes, SIGNED_IN);
    expect(actor.getSnapshot().context).toMatchObject({ location: '/apiDoc', title: 'routes.basic.apiDoc' });
  });

  it('opening login with a token runs the after-login action, then goes to the redirect query target', async () => {
    const { actor, fakes } = await navigateWith('/login?redirect=%2Farticle', SIGNED_IN);
    expect(actor.getSnapshot().matches({ routing: { navigating: 'finishingLogin' } })).toBe(true);
    fakes.resolve('finishLogin', undefined);
    await settle();
    await answerUntilCommitted(actor, fakes, SIGNED_IN);
    expect(actor.getSnapshot().context.location).toBe('/article');
  });

  it('after a timeout the login page stays (no redirect)', async () => {
    const { actor, fakes } = await navigateWith('/login?redirect=%2Farticle', TIMED_OUT);
    fakes.resolve('finishLogin', undefined);
    await settle();
    expect(actor.getSnapshot().context.location).toBe('/login?redirect=%2Farticle');
  });

  it('leaving login for the root goes to the user’s own home path', async () => {
    const { actor, fakes } = await navigateWith('/login', VISITOR);
    actor.send({ type: 'NAVIGATE', to: '/' });
    await answerUntilCommitted(actor, fakes, WITH_HOME);
    expect(actor.getSnapshot().context.location).toBe('/site');
  });

  it('on a reload with a token waits for the user, builds the routes once, then opens the page', async () => {
    const { actor, fakes } = await navigateWith('/site', FRESH_LOGIN);
    expect(actor.getSnapshot().matches({ routing: { navigating: 'loadingUser' } })).toBe(true);
    fakes.reject('loadUser', new Error('offline'));
    await settle();
    // The user could not be loaded: navigation goes on (spec §2 guard 5).
    expect(actor.getSnapshot().matches({ routing: { navigating: 'addingRoutes' } })).toBe(true);
    fakes.resolve('addRoutes', undefined);
    await settle();
    await answerUntilCommitted(actor, fakes, SIGNED_IN);
    expect(actor.getSnapshot().context).toMatchObject({ location: '/site', title: 'routes.site.list' });
    expect(fakes.started('addRoutes')).toBe(1);
  });

  it('a page of a menu route with a parameter takes that menu’s title', async () => {
    const withDetail = access({ menuTitles: { '/article/detail/:id': 'routes.article.detail' } });
    const { actor, fakes } = await navigateWith('/article/detail/7', withDetail);
    await answerUntilCommitted(actor, fakes, withDetail);
    expect(actor.getSnapshot().context).toMatchObject({ location: '/article/detail/7', title: 'routes.article.detail' });
  });

  it('a static route kept for other roles is not found for this user and names nothing; its menu names it (issue 14)', async () => {
    const { actor, fakes } = await navigateWith('/systems/log/admin', SIGNED_IN);
    await answerUntilCommitted(actor, fakes, SIGNED_IN);
    expect(actor.getSnapshot().context).toMatchObject({ location: '/systems/log/admin', title: '' });

    const operator = access({ menuTitles: { '/systems/log/admin': 'routes.systems.adminLog' } });
    const allowed = await navigateWith('/systems/log/admin', operator);
    await answerUntilCommitted(allowed.actor, allowed.fakes, operator);
    expect(allowed.actor.getSnapshot().context).toMatchObject({ location: '/systems/log/admin', title: 'routes.systems.adminLog' });
  });

  it('the root and the section paths redirect: / to the home path, /dashboard to its analysis page', async () => {
    const root = await navigateWith('/', SIGNED_IN);
    await answerUntilCommitted(root.actor, root.fakes, SIGNED_IN);
    expect(root.actor.getSnapshot().context).toMatchObject({ location: '/dashboard/analysis', title: 'routes.dashboard.analysis' });

    const section = await navigateWith('/dashboard', SIGNED_IN);
    await answerUntilCommitted(section.actor, section.fakes, SIGNED_IN);
    expect(section.actor.getSnapshot().context.location).toBe('/dashboard/analysis');
  });

  it('a menu group’s own path opens its first page, on a reload as in the app (issue 14)', async () => {
    // Reload: the groups are known only once the menu routes are added.
    const reload = await navigateWith('/site-manage', FRESH_LOGIN);
    reload.fakes.resolve('loadUser', undefined);
    await settle();
    reload.fakes.resolve('addRoutes', undefined);
    await settle();
    await answerUntilCommitted(reload.actor, reload.fakes, SIGNED_IN);
    expect(reload.actor.getSnapshot().context).toMatchObject({ location: '/site', title: 'routes.site.list' });
    expect(reload.record).toHaveBeenCalledWith('history', { to: '/site', replace: true });

    // In the app: a link to the group lands on its page; a path that is no group stays not found.
    const { actor, fakes } = await navigateWith('/dashboard/analysis', SIGNED_IN);
    actor.send({ type: 'NAVIGATE', to: '/site-manage' });
    await answerUntilCommitted(actor, fakes, SIGNED_IN);
    expect(actor.getSnapshot().context.location).toBe('/site');
    actor.send({ type: 'NAVIGATE', to: '/article-manage' });
    await answerUntilCommitted(actor, fakes, SIGNED_IN);
    expect(actor.getSnapshot().context).toMatchObject({ location: '/article-manage', title: '' });
  });

  it('a session that expired with redirect handling goes to login, remembering where the user was', async () => {
    const { actor, fakes } = await navigateWith('/site', SIGNED_IN);
    actor.send({ type: 'SESSION.SIGNED_OUT', reason: 'expired' });
    await answerUntilCommitted(actor, fakes, VISITOR);
    expect(actor.getSnapshot().context.location).toBe('/login?redirect=%2Fsite');
  });

  it('opening the analysis page in the PWA master mode remembers it with the app id', async () => {
    const { record } = await navigateWith('/dashboard/analysis?pwa_master=1&app_id=app-7', SIGNED_IN);
    expect(record).toHaveBeenCalledWith('pwaLaunch', { appId: 'app-7' });
    const plain = await navigateWith('/dashboard/analysis', SIGNED_IN);
    expect(plain.record).not.toHaveBeenCalledWith('pwaLaunch', expect.anything());
  });

  it('a stored token the server refuses on reload sends the user to login, keeping the wanted page', async () => {
    const { actor, fakes } = await navigateWith('/site', FRESH_LOGIN);
    actor.send({ type: 'SESSION.SIGNED_OUT', reason: 'refused' });
    await answerUntilCommitted(actor, fakes, VISITOR);
    expect(actor.getSnapshot().context.location).toBe('/login?redirect=%2Fsite');
  });

  it('after a logout the login page has no redirect', async () => {
    const { actor, fakes } = await navigateWith('/site', SIGNED_IN);
    actor.send({ type: 'SESSION.SIGNED_OUT', reason: 'logout' });
    await answerUntilCommitted(actor, fakes, VISITOR);
    expect(actor.getSnapshot().context.location).toBe('/login');
  });

  it('applies the menu params of the committed route in BACK mode', async () => {
    const { record } = await navigateWith('/site', SIGNED_IN);
    expect(record).toHaveBeenCalledWith('menuParams', '/site');
  });
});

describe('navigation machine: indicators and route-change effects', () => {
  it('shows the page-loading indicator only when loading lasts over 50 ms, and hides it 220 ms after the change', async () => {
    const { actor, fakes } = start({ location: '/site' });
    actor.start();
    await vi.advanceTimersByTimeAsync(49);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(true);
    fakes.resolve('readAccess', SIGNED_IN);
    await settle();
    expect(actor.getSnapshot().context.location).toBe('/site');
    await vi.advanceTimersByTimeAsync(219);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(false);
  });

  it('never shows it for a fast change, nor on a second visit', async () => {
    const { actor, fakes } = await navigateWith('/site', SIGNED_IN);
    await vi.advanceTimersByTimeAsync(300);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(false);

    actor.send({ type: 'NAVIGATE', to: '/article' });
    await vi.advanceTimersByTimeAsync(60);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(true);
    fakes.resolve('readAccess', SIGNED_IN);
    await settle();
    await vi.advanceTimersByTimeAsync(220);

    actor.send({ type: 'NAVIGATE', to: '/site' });
    await vi.advanceTimersByTimeAsync(60);
    expect(actor.getSnapshot().hasTag('pageLoading')).toBe(false);
  });

  it('shows the progress bar while a navigation is under way', async () => {
    const { actor, fakes } = start({ location: '/site' });
    actor.start();
    expect(actor.getSnapshot().hasTag('progress')).toBe(true);
    fakes.resolve('readAccess', SIGNED_IN);
    await settle();
    expect(actor.getSnapshot().hasTag('progress')).toBe(false);
  });

  it('cancels pending requests and closes messages on a route change, as configured', async () => {
    const { actor, fakes, record } = await navigateWith('/site', SIGNED_IN);
    expect(record).toHaveBeenLastCalledWith('menuParams', '/site');
    expect(record).toHaveBeenCalledWith('leaveRoute', { cancelPendingRequests: false, closeMessages: true });
    actor.send(quietSettings);
    actor.send({ type: 'NAVIGATE', to: '/article' });
    expect(record).toHaveBeenLastCalledWith('leaveRoute', { cancelPendingRequests: true, closeMessages: true });
    expect(actor.getSnapshot().hasTag('progress')).toBe(false);
    fakes.resolve('readAccess', SIGNED_IN);
    await settle();
    expect(record).not.toHaveBeenCalledWith('menuParams', '/article');
  });

  it('ignores a navigation to where the user already is, and pushes a new page onto the history', async () => {
    const { actor, fakes, record } = await navigateWith('/site', SIGNED_IN);
    record.mockClear();
    actor.send({ type: 'NAVIGATE', to: '/site' });
    expect(actor.getSnapshot().matches({ routing: 'idle' })).toBe(true);
    actor.send({ type: 'NAVIGATE', to: '/article' });
    fakes.resolve('readAccess', SIGNED_IN);
    await settle();
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
