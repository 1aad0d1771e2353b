import { createActor, fromPromise } from 'xstate';
import type { LoginResult } from '../../contract/schemas/auth';
import type { UserDetails } from '../../contract/schemas/user';
import type { MenuItem } from '../../contract/schemas/menu';
import { appMachine } from '../machines/app.machine';
import { bootstrapMachine } from '../machines/bootstrap.machine';
import { navigationMachine } from '../machines/navigation.machine';
import { sessionMachine, type SignInInput } from '../machines/session.machine';
import { settingsMachine } from '../machines/settings.machine';
import * as authApi from '../services/api/auth';
import { menuList } from '../services/api/menus';
import { applyLocale, applyTheme } from '../services/document/htmlAttributes';
import { currentLocation, writeHistory } from '../services/document/browserHistory';
import { errorLog as defaultErrorLog, type ErrorLog } from '../services/errorLog/errorLog';
import { http as defaultHttp, type HttpClient } from '../services/http';
import { StorageKey, startWebCache, webCache as defaultWebCache, type WebCache } from '../services/webCache';
import type { AppActor, NavigationActor, SessionActor, SettingsActor } from './AppActorProvider';
import { devInspector } from './inspector';
import { navigationActors } from './navigationActors';
import { notifications } from './notifications';
import { clearPersistedSession, persistSession, persistSettings, readAppInput } from './storedState';

/** The endpoint functions the session and bootstrap call (src/services/api by default). */
export interface AppApi {
  login: (body: Extract<SignInInput, { method: 'password' }>['body']) => Promise<LoginResult>;
  loginMobile: (body: Extract<SignInInput, { method: 'mobile' }>['body']) => Promise<LoginResult>;
  logout: () => Promise<unknown>;
  userDetails: () => Promise<UserDetails>;
  permCode: () => Promise<string[]>;
  menuList: () => Promise<MenuItem[]>;
}

export interface AppActorOptions {
  window?: Window;
  http?: HttpClient;
  cache?: WebCache;
  api?: AppApi;
  errorLog?: ErrorLog;
}

const defaultApi: AppApi = { ...authApi, menuList };

/**
 * Creates and starts the console's root actor with the real services provided by name: storage,
 * the document, the browser history, the http client and the endpoint functions.
 */
export function createAppActor(options: AppActorOptions = {}): AppActor {
  const {
    window: browser = window,
    http = defaultHttp,
    cache = defaultWebCache,
    api = defaultApi,
    errorLog = defaultErrorLog,
  } = options;
  const root = browser.document.documentElement;

  const machine = appMachine.provide({
    actors: {
      settings: settingsMachine.provide({
        actions: {
          applyTheme: (_, theme) => applyTheme(root, theme),
          applyLocale: (_, locale) => applyLocale(root, locale),
          persistSettings: (_, settings) => persistSettings(cache, settings),
        },
      }),
      session: sessionMachine.provide({
        actors: {
          signIn: fromPromise<LoginResult, SignInInput>(({ input }) =>
            input.method === 'mobile' ? api.loginMobile(input.body) : api.login(input.body),
          ),
          fetchUser: fromPromise<UserDetails, { token: string }>(() => api.userDetails()),
          logout: fromPromise<void, { token: string | null }>(async () => {
            await api.logout();
          }),
        },
        actions: {
          persistSession: ({ context }) => persistSession(cache, context),
          clearPersistedSession: () => clearPersistedSession(cache),
        },
      }),
      bootstrap: bootstrapMachine.provide({
        actors: {
          fetchPermCodes: fromPromise<string[]>(() => api.permCode()),
          fetchMenus: fromPromise<MenuItem[]>(() => api.menuList()),
        },
        actions: {
          reload: () => browser.location.reload(),
        },
      }),
      navigation: navigationMachine.provide({
        actors: navigationActors,
        actions: {
          writeHistory: (_, target) => writeHistory(browser, target),
          scrollToTop: () => browser.scrollTo(0, 0),
          rememberPwaLaunch: (_, launch) => {
            if (launch) cache.setSession(StorageKey.PWA_MASTER, { master: true, appId: launch.appId });
          },
          leaveRoute: (_, effects) => {
            if (effects.cancelPendingRequests) http.cancelAll();
            if (effects.closeMessages) notifications.closeAll();
          },
        },
      }),
    },
  });

  const inspect = devInspector();
  const actor = createActor(machine, {
    input: readAppInput(cache, currentLocation(browser.location)),
    ...(inspect ? { inspect } : {}),
  });
  const session = () => actor.system.get('session') as SessionActor;
  const settings = () => actor.system.get('settings') as SettingsActor;
  const navigation = () => actor.system.get('navigation') as NavigationActor;

  http.connect({
    getToken: () => session().getSnapshot().context.token,
    getSettings: () => {
      const { errorMessageMode, removeDuplicatePending } = settings().getSnapshot().context.projectConfig;
      return { errorMessageMode, removeDuplicatePending };
    },
    notify: (notice) => notifications.emit(notice),
    expireSession: () => session().send({ type: 'SESSION.EXPIRED' }),
    // Code 2005: the session is over on the server's word; logging out leads to the login page
    // (navigating there with the token still held would bounce back, spec §2 guard 1).
    redirectToLogin: () => session().send({ type: 'LOGOUT' }),
    logAjaxError: ({ url, method, failure }) =>
      errorLog.add({
        type: 'ajax',
        message: failure.msg || `${failure.kind} ${failure.code}`,
        url,
        name: `${method} ${failure.status ?? failure.kind}`,
        file: '',
        stack: '',
        detail: JSON.stringify(failure),
        time: new Date().toISOString(),
      }),
  });

  const onPopState = () => navigation().send({ type: 'LOCATION.POPPED', to: currentLocation(browser.location) });
  browser.addEventListener('popstate', onPopState);
  const stopWebCache = cache === defaultWebCache ? startWebCache() : () => {};
  actor.subscribe({
    complete: () => {
      browser.removeEventListener('popstate', onPopState);
      stopWebCache();
    },
  });

  actor.start();
  return actor;
}
