import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../contract/paths';
import { ResultCode } from '../../contract/codes';
import type {
  AppActor,
  LockActor,
  MenuSearchActor,
  NavigationActor,
  SessionActor,
  SettingsActor,
  TabsActor,
} from '../../src/app/AppActorProvider';
import type { AppActorOptions } from '../../src/app/createAppActor';
import { LOGIN_ADA, USER_ADA } from '../machines/fixtures/accounts';
import { SERVER_MENUS } from '../machines/fixtures/menus';
import { consoleAgainst } from './consoleAgainst';
import { ok, sendJson, startTestServer } from './testServer';
import { until } from './until';

/**
 * The shell's wiring in createAppActor against a small fake API: tabs follow the navigation and are
 * restored after a reload, the lock goes through the server and survives a reload, the menu search
 * follows the menus and their translations, and errors are reported to the server in batches.
 */

let locked = false;
const server = await startTestServer((request, response) => {
  const signedIn = request.headers.authorization === `Bearer ${LOGIN_ADA.token}`;
  if (!signedIn && request.path !== ApiPath.login) return sendJson(response, { code: 401, msg: 'Not logged in', data: null }, 401);
  switch (request.path) {
    case ApiPath.login:
      return sendJson(response, ok(LOGIN_ADA));
    case ApiPath.userDetails:
      return sendJson(response, ok({ ...USER_ADA, locked }));
    case ApiPath.permCode:
      return sendJson(response, ok(['site:add']));
    case ApiPath.menuList:
      return sendJson(response, ok({ list: SERVER_MENUS, total: SERVER_MENUS.length }));
    case ApiPath.lock:
      locked = true;
      return sendJson(response, ok(null));
    case ApiPath.unlock: {
      const { password } = JSON.parse(request.body) as { password: string };
      if (password !== 'secret-pw') return sendJson(response, { code: ResultCode.ERROR, msg: 'Wrong password', data: null });
      locked = false;
      return sendJson(response, ok(null));
    }
    case ApiPath.userLanguage:
      return sendJson(response, ok(null));
    case ApiPath.errorLogAdd:
      return sendJson(response, ok({ added: (JSON.parse(request.body) as { entries: unknown[] }).entries.length }));
    case '/api/v1/site/list':
      if (locked) return sendJson(response, { code: ResultCode.SESSION_LOCKED, msg: 'The screen is locked', data: null }, 403);
      return sendJson(response, ok({ list: [], total: 0 }));
    default:
      return sendJson(response, { code: 404, msg: 'Not found', data: null }, 404);
  }
});
afterAll(() => server.close());

const [{ createAppActor }, { errorLog }, { http }, shell, { StorageKey, webCache }] = await consoleAgainst(server.url, () =>
  Promise.all([
    import('../../src/app/createAppActor'),
    import('../../src/services/errorLog/errorLog'),
    import('../../src/services/http'),
    import('../../src/app/shellActors'),
    import('../../src/services/webCache'),
  ]),
);

const running: AppActor[] = [];
function open(path: string, options: AppActorOptions = {}) {
  window.history.replaceState(null, '', path);
  // As src/prepareConsole starts it: with the shell's code when a session is stored.
  const stored = Boolean(webCache.getLocal<string>(StorageKey.TOKEN));
  const actor = createAppActor({ copyText: () => {}, ...(stored ? { shell } : {}), ...options });
  running.push(actor);
  const get = <T>(id: string) => actor.system.get(id) as T;
  return {
    session: get<SessionActor>('session'),
    navigation: get<NavigationActor>('navigation'),
    settings: get<SettingsActor>('settings'),
    // The shell's actors start on signing in, or with a stored session (their code loads: createAppActor).
    get tabs() {
      return get<TabsActor>('tabs');
    },
    get lock() {
      return get<LockActor>('lock');
    },
    get menuSearch() {
      return get<MenuSearchActor>('menuSearch');
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  window.localStorage.clear();
  server.received.length = 0;
  locked = false;
});
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
  errorLog.clear();
  vi.useRealTimers();
});

async function signedInAt(path: string, options: AppActorOptions = {}) {
  const console = open(path, options);
  await until(() => console.navigation.getSnapshot().context.location !== '', 'the first navigation');
  console.session.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw' });
  await until(
    () => console.session.getSnapshot().matches('ready') && console.navigation.getSnapshot().context.location === path,
    'the page',
  );
  return console;
}

describe('the shell, wired as in the browser', () => {
  it("tells the server the console's locale on every call, not the browser's, and remembers a switch for the account", async () => {
    const console = await signedInAt('/dashboard/analysis');
    const sent = () =>
      server.received.filter((request) => request.path !== ApiPath.userLanguage).map((request) => request.headers['accept-language']);
    expect(sent().length).toBeGreaterThan(2);
    expect(new Set(sent())).toEqual(new Set(['zh-CN']));

    server.received.length = 0;
    console.settings.send({ type: 'LOCALE.CHANGE', locale: 'en' });
    await until(() => server.received.some((request) => request.path === ApiPath.userLanguage), 'the language saved');
    expect(JSON.parse(server.received.find((request) => request.path === ApiPath.userLanguage)!.body)).toEqual({ language: 'en' });
    await http.get('/api/v1/site/list');
    expect(new Set(sent())).toEqual(new Set(['en']));
  });

  it('tabs follow the navigation once switched on, persist with cache on, and come back after a reload', async () => {
    const first = await signedInAt('/dashboard/analysis');
    first.settings.send({ type: 'CONFIG.CHANGE', patch: { multiTabsSetting: { show: true, cache: true } } });
    expect(first.tabs.getSnapshot().value).toBe('enabled');
    first.navigation.send({ type: 'NAVIGATE', to: '/article' });
    await until(() => first.tabs.getSnapshot().context.current === '/article', 'the article tab');
    expect(first.tabs.getSnapshot().context.tabs.map((tab) => tab.fullPath)).toEqual(['/dashboard/analysis', '/article']);

    // Closing the current tab goes to the previous one.
    first.tabs.send({ type: 'TABS.CLOSE', which: 'tab', fullPath: '/article' });
    await until(() => first.navigation.getSnapshot().context.location === '/dashboard/analysis', 'the previous tab');
    running.splice(0).forEach((actor) => actor.stop());

    const again = open('/dashboard/analysis');
    expect(again.tabs.getSnapshot().value).toBe('enabled');
    expect(again.tabs.getSnapshot().context.tabs.map((tab) => tab.fullPath)).toEqual(['/dashboard/analysis']);
  });

  it('locks through the server, stays locked after a reload, and unlocks with the right password only', async () => {
    const first = await signedInAt('/dashboard/analysis');
    first.lock.send({ type: 'LOCK' });
    await until(() => first.lock.getSnapshot().matches('locked'), 'the lock');
    expect(locked).toBe(true);
    running.splice(0).forEach((actor) => actor.stop());

    const again = open('/dashboard/analysis');
    expect(again.lock.getSnapshot().value).toBe('locked');
    again.lock.send({ type: 'UNLOCK.SUBMIT', password: 'nope' });
    await until(() => again.lock.getSnapshot().context.error !== null, 'the refusal');
    expect(again.lock.getSnapshot().context.error).toEqual({ code: ResultCode.ERROR, msg: 'Wrong password' });
    again.lock.send({ type: 'UNLOCK.SUBMIT', password: 'secret-pw' });
    await until(() => again.lock.getSnapshot().matches('unlocked'), 'the unlock');
    expect(locked).toBe(false);
    expect(Object.keys(window.localStorage).some((key) => key.endsWith('LOCK__INFO__KEY__'))).toBe(false);
  });

  it('a call refused because another window locked the session shows the lock screen', async () => {
    const { lock } = await signedInAt('/dashboard/analysis');
    locked = true;
    await expect(http.get('/api/v1/site/list')).rejects.toMatchObject({ code: ResultCode.SESSION_LOCKED });
    expect(lock.getSnapshot().value).toBe('locked');
  });

  it('the menu search knows each menu page by its titles in every locale, and again when more translations arrive', async () => {
    const english: Record<string, string> = {};
    const translations: { loaded: (() => void) | null } = { loaded: null };
    const { menuSearch } = await signedInAt('/dashboard/analysis', {
      translate: (key, locale) => (locale === 'en' ? (english[key] ?? key) : key),
      onTranslationsLoaded: (listener) => {
        translations.loaded = listener;
        return () => {
          translations.loaded = null;
        };
      },
    });
    const namesOf = (path: string) => menuSearch.getSnapshot().context.items.find((item) => item.path === path)?.names;
    expect(namesOf('/article')).toEqual(['routes.article']);

    english['routes.article'] = 'Articles';
    translations.loaded?.();
    expect(namesOf('/article')).toEqual(['routes.article', 'Articles']);
    running.splice(0).forEach((actor) => actor.stop());
    expect(translations.loaded).toBeNull();
  });

  it('reports window errors and rejected promises to the server in one batch; ignores the bare cross-origin "Script error."', async () => {
    await signedInAt('/dashboard/analysis');
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'x is not a function',
        filename: 'https://console.example/a.js',
        lineno: 3,
        colno: 7,
        error: new TypeError('x is not a function'),
      }),
    );
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new Error('nobody caught me');
    window.dispatchEvent(rejection);
    const image = document.createElement('img');
    image.setAttribute('src', '/missing.png');
    document.body.append(image);
    image.dispatchEvent(new Event('error'));
    image.remove();

    await until(() => server.received.some((request) => request.path === ApiPath.errorLogAdd), 'the upload');
    const uploads = server.received.filter((request) => request.path === ApiPath.errorLogAdd);
    expect(uploads).toHaveLength(1);
    const { entries } = JSON.parse(uploads[0].body) as { entries: { type: string; message: string; file: string }[] };
    expect(entries.map(({ type, message }) => [type, message])).toEqual([
      ['script', 'x is not a function'],
      ['promise', 'nobody caught me'],
      ['resource', 'Failed to load img: /missing.png'],
    ]);
    expect(entries[0].file).toBe('https://console.example/a.js:3:7');
    expect(errorLog.list()).toHaveLength(3);
  });
});
