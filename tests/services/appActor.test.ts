import { FIRST_SCREEN_COOKIE } from '../../contract/firstScreen';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../contract/paths';
import { ResultCode } from '../../contract/codes';
import type { AppActor, NavigationActor, SessionActor, SettingsActor, BootstrapActor } from '../../src/app/AppActorProvider';
import type { NotificationEvent } from '../../src/app/notifications';
import { LOGIN_ADA, USER_ADA } from '../machines/fixtures/accounts';
import { SERVER_MENUS } from '../machines/fixtures/menus';
import { consoleAgainst } from './consoleAgainst';
import { ok, sendJson, startTestServer } from './testServer';
import { until } from './until';

/**
 * The console's logic as main.tsx starts it (createAppActor: real machines, http client, web cache,
 * history), against a small fake of the API server on 127.0.0.1.
 */

const validTokens = new Set<string>();
const server = await startTestServer((request, response) => {
  const token = request.headers.authorization?.replace('Bearer ', '') ?? '';
  const signedIn = validTokens.has(token);
  switch (request.path) {
    case ApiPath.login: {
      const { password } = JSON.parse(request.body) as { password: string };
      if (password !== 'secret-pw') return sendJson(response, { code: ResultCode.ERROR, msg: 'Wrong username or password', data: null });
      validTokens.add(LOGIN_ADA.token);
      return sendJson(response, ok(LOGIN_ADA));
    }
    case ApiPath.outboxList:
      return sendJson(response, { code: ResultCode.REDIRECT_LOGIN, msg: 'Signed in elsewhere', data: null });
    case ApiPath.logout:
      validTokens.delete(token);
      return sendJson(response, ok(null));
    case ApiPath.userDetails:
    case ApiPath.permCode:
    case ApiPath.menuList:
    case '/api/v1/site/list': {
      if (!signedIn) return sendJson(response, { code: ResultCode.SESSION_EXPIRED, msg: 'Your session expired', data: null }, 401);
      const data = {
        [ApiPath.userDetails]: USER_ADA,
        [ApiPath.permCode]: ['site:add'],
        [ApiPath.menuList]: { list: SERVER_MENUS, total: 4 },
        '/api/v1/site/list': { list: [], total: 0 },
      }[request.path];
      return sendJson(response, ok(data));
    }
    default:
      return sendJson(response, { code: 404, msg: 'Not found', data: null }, 404);
  }
});
afterAll(() => server.close());

const [{ createAppActor }, { notifications }, { http }] = await consoleAgainst(server.url, () =>
  Promise.all([import('../../src/app/createAppActor'), import('../../src/app/notifications'), import('../../src/services/http')]),
);

function open(path: string) {
  window.history.replaceState(null, '', path);
  const actor: AppActor = createAppActor();
  const get = <T>(id: string) => actor.system.get(id) as T;
  return {
    actor,
    session: get<SessionActor>('session'),
    navigation: get<NavigationActor>('navigation'),
    // One of the shell's actors: there once their code has loaded (on signing in, or soon after a start with a stored session).
    bootstrap: () => get<BootstrapActor>('bootstrap'),
    settings: get<SettingsActor>('settings'),
  };
}

const shownLocation = () => `${window.location.pathname}${window.location.search}`;
const storedKeys = () => Object.keys(window.localStorage);

/** The toasts and dialogs the view would show. */
let shown: NotificationEvent[] = [];
let stopListening = () => {};
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  window.localStorage.clear();
  window.sessionStorage.clear();
  validTokens.clear();
  server.received.length = 0;
  shown = [];
  stopListening = notifications.subscribe((event) => {
    if (event.type === 'notice') shown.push(event);
  });
});
afterEach(() => {
  stopListening();
  vi.useRealTimers();
});

describe('the console, wired as in the browser', () => {
  it('login, a session that expires under a page, re-login on the overlay, logout', async () => {
    const { actor, session, navigation, bootstrap } = open('/site');
    await until(() => navigation.getSnapshot().context.location !== '', 'the first navigation');
    expect(navigation.getSnapshot().context.location).toBe('/login?redirect=%2Fsite');
    expect(shownLocation()).toBe('/login?redirect=%2Fsite');

    // A wrong password: the form shows the server's message, no toast.
    session.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'nope' });
    await until(() => session.getSnapshot().matches('loggedOut') && session.getSnapshot().context.error !== null, 'the refusal');
    expect(session.getSnapshot().context.error).toEqual({ code: ResultCode.ERROR, msg: 'Wrong username or password' });
    expect(shown).toEqual([]);

    session.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw' });
    await until(() => shownLocation() === '/site', 'the wanted page');
    expect(session.getSnapshot().matches('ready')).toBe(true);
    expect(bootstrap().getSnapshot().hasTag('routesAdded')).toBe(true);
    expect(bootstrap().getSnapshot().context).toMatchObject({ permCodes: ['site:add'] });
    const details = server.received.find((request) => request.path === ApiPath.userDetails);
    expect(details?.headers.authorization).toBe(`Bearer ${LOGIN_ADA.token}`);
    expect(storedKeys().some((key) => key.endsWith('TOKEN__'))).toBe(true);

    // The server ends the session under the page.
    validTokens.clear();
    const historyLength = window.history.length;
    await expect(http.get('/api/v1/site/list')).rejects.toMatchObject({ status: 401 });
    expect(session.getSnapshot().value).toBe('timedOut');
    expect(shown).toContainEqual({ type: 'notice', notice: { kind: 'message', text: 'Your session expired', translate: false } });

    // Re-login on the overlay: same page, no redirect, nothing rebuilt.
    const menus = bootstrap().getSnapshot().context.menus;
    session.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw' });
    await until(() => session.getSnapshot().matches('ready'), 're-login');
    await vi.advanceTimersByTimeAsync(500);
    expect(navigation.getSnapshot().context.location).toBe('/site');
    expect(shownLocation()).toBe('/site');
    expect(window.history.length).toBe(historyLength);
    expect(bootstrap().getSnapshot().context.menus).toBe(menus);
    expect(await http.get('/api/v1/site/list')).toEqual({ list: [], total: 0 });

    session.send({ type: 'LOGOUT' });
    await until(() => shownLocation() === '/login', 'the login page');
    expect(server.received.some((request) => request.path === ApiPath.logout)).toBe(true);
    expect(storedKeys().some((key) => key.endsWith('TOKEN__'))).toBe(false);
    expect(bootstrap().getSnapshot().hasTag('routesAdded')).toBe(false);
    actor.stop();
  });

  it('a reload with a stored token opens the page directly; the settings survive too', async () => {
    const first = open('/login');
    await until(() => first.navigation.getSnapshot().context.location === '/login', 'the login page');
    first.session.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw' });
    await until(() => first.session.getSnapshot().matches('ready') && first.navigation.getSnapshot().matches({ routing: 'idle' }), 'login');
    // The user's home path is /site (USER_ADA.homePath).
    expect(shownLocation()).toBe('/site');
    first.settings.send({ type: 'THEME.TOGGLE' });
    first.settings.send({ type: 'LOCALE.CHANGE', locale: 'en' });
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.lang).toBe('en');
    // The server's next /login is the login page prerendered in them (contract/firstScreen).
    expect(document.cookie).toContain(`${FIRST_SCREEN_COOKIE}=en.dark`);
    first.actor.stop();

    const second = open('/article');
    await until(() => second.navigation.getSnapshot().context.location === '/article', 'the page');
    expect(second.session.getSnapshot().matches('ready')).toBe(true);
    expect(second.settings.getSnapshot().context).toMatchObject({ theme: 'dark', locale: 'en' });
    expect(server.received.filter((request) => request.path === ApiPath.login)).toHaveLength(1);
    second.actor.stop();
  });

  it('code 2005 leads to the login page', async () => {
    const { actor, session, navigation } = open('/login');
    await until(() => navigation.getSnapshot().context.location === '/login', 'the login page');
    session.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw' });
    await until(() => shownLocation() === '/site', 'the home page');
    await expect(http.get(ApiPath.outboxList)).rejects.toMatchObject({ code: ResultCode.REDIRECT_LOGIN });
    await until(() => shownLocation() === '/login', 'the login page again');
    expect(session.getSnapshot().value).toBe('loggedOut');
    actor.stop();
  });

  it('the browser’s back button goes through the guards too', async () => {
    const { actor, navigation } = open('/login');
    await until(() => navigation.getSnapshot().context.location === '/login', 'the login page');
    window.history.pushState(null, '', '/article');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await until(
      () => navigation.getSnapshot().matches({ routing: 'idle' }) && navigation.getSnapshot().context.location !== '/login',
      'the guards',
    );
    expect(navigation.getSnapshot().context.location).toBe('/login?redirect=%2Farticle');
    expect(shownLocation()).toBe('/login?redirect=%2Farticle');
    actor.stop();
  });
});
