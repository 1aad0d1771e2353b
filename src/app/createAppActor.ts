import { createActor, fromPromise } from 'xstate';
import { FirstScreenApiPath } from '../../contract/firstScreenPaths';
import { ResultCode } from '../../contract/codes';
import type { Locale } from '../config/constants';
import type { Translate } from '../machines/menuSearch';
import type { HasPage } from '../machines/tabs';

import type { LoginResult } from '../../contract/schemas/auth';
import type { UserDetails } from '../../contract/schemas/user';
import type { AppInfo, GetAppBody } from '../../contract/schemas/app';
import { getApp } from '../services/api/app';
import { appMachine, type ShellStart } from '../machines/app.machine';
import { navigationMachine } from '../machines/navigation.machine';
import { sessionMachine, type SignInInput } from '../machines/session.machine';
import { settingsMachine } from '../machines/settings.machine';
import { login, loginMobile, logout, userDetails } from '../services/api/auth';
import { saveLanguage } from '../services/api/language';
import { applyLocale, applyProjectConfig, applyTheme } from '../services/document/htmlAttributes';
import { currentLocation, writeHistory } from '../services/document/browserHistory';
import { rememberFirstScreen } from '../services/document/firstScreenCookie';
import { installGlobalErrorHandlers } from '../services/errorLog/globalHandlers';
import { errorLog as defaultErrorLog, type ErrorLog } from '../services/errorLog/errorLog';
import { http as defaultHttp, type HttpClient } from '../services/http';
import { StorageKey, startWebCache, webCache as defaultWebCache, type WebCache } from '../services/webCache';
import type { AppActor, NavigationActor, SessionActor, SettingsActor } from './AppActorProvider';
import { devInspector } from './inspector';
import { notifications } from './notifications';
import type { ShellApi, shellLogic } from './shellActors';
import { clearPersistedSession, persistSession, persistSettings, readAppInput, readShellInput } from './storedState';

/** The endpoint functions the session and the shell's actors call (src/services/api by default). */
export interface AppApi extends Partial<ShellApi> {
  login: (body: Extract<SignInInput, { method: 'password' }>['body']) => Promise<LoginResult>;
  loginMobile: (body: Extract<SignInInput, { method: 'mobile' }>['body']) => Promise<LoginResult>;
  logout: () => Promise<unknown>;
  userDetails: () => Promise<UserDetails>;
  /** Stores the locale the user chose as the account's language (the server speaks it to their access keys). */
  saveLanguage: (locale: Locale) => Promise<unknown>;
}

export interface AppActorOptions {
  window?: Window;
  http?: HttpClient;
  cache?: WebCache;
  api?: AppApi;
  errorLog?: ErrorLog;
  /** Translates an i18n key in a locale (menu search matches titles in every locale); the key itself by default. */
  translate?: Translate;
  /** Puts text on the clipboard (the settings' copy button). */
  copyText?: (text: string) => Promise<void> | void;
  /** Window error handlers (spec §8); on by default. */
  globalErrorHandling?: boolean;
  /** Whether the console has the page a menu names, when the shell's code does not say (see `ShellModule`). Every one by default. */
  hasPage?: HasPage;
  /** Calls `listener` whenever more translations arrive (the other locale loads after sign-in); the menu search indexes its titles again. Returns the unsubscribe. */
  onTranslationsLoaded?: (listener: () => void) => () => void;
  /** The shell's code already loaded (a stored session: src/prepareConsole): its actors start with the root. */
  shell?: ShellModule;
  /** Loads the shell's code (on signing in); src/app/shellActors by default. */
  loadShell?: () => Promise<ShellModule>;
}

/** The signed-in shell's code: its actors' (src/app/shellActors), and what comes with it. */
export interface ShellModule {
  shellLogic: typeof shellLogic;
  /** Whether the console has the page a menu names (the view layer's page registry, which comes with the shell): a menu without one is not found and never a tab. */
  hasPage?: HasPage;
}

const defaultApi: AppApi = { login, loginMobile, logout, userDetails, saveLanguage };

/**
 * Creates and starts the console's root actor with the real services provided by name: storage,
 * the document, the browser history, the http client and the endpoint functions. What the
 * services learn (an expired or locked session, more translations, an error logged) is sent to
 * the root, whose machine routes it (src/machines/app.machine.ts).
 */
export function createAppActor(options: AppActorOptions = {}): AppActor {
  const {
    window: browser = window,
    http = defaultHttp,
    cache = defaultWebCache,
    api = defaultApi,
    errorLog = defaultErrorLog,
    translate = (key: string) => key,
    copyText = (text: string) => browser.navigator.clipboard.writeText(text),
    globalErrorHandling = true,
    onTranslationsLoaded,
    loadShell = () => import('./shellActors'),
  } = options;
  const root = browser.document.documentElement;
  // Asked only by the shell's tabs (a location becoming a tab), which come with the code that may bring the answer.
  const shellStart = (shell: ShellModule): ShellStart => ({
    logic: shell.shellLogic({
      browser,
      cache,
      translate,
      hasPage: shell.hasPage ?? options.hasPage ?? (() => true),
      ...(options.api ? { api: options.api } : {}),
    }),
    input: readShellInput(cache),
  });
  /** The shell's actors start once their code is there (when not given, it loads on signing in); a failed load is tried again at the next sign-in. */
  let shellLoading: Promise<void> | null = options.shell ? Promise.resolve() : null;
  const startShell = () =>
    (shellLoading ??= loadShell().then(
      (module) => actor.send({ type: 'SHELL.LOADED', shell: shellStart(module) }),
      () => {
        shellLoading = null;
      },
    ));

  const machine = appMachine.provide({
    actors: {
      settings: settingsMachine.provide({
        actions: {
          applyTheme: (_, theme) => applyTheme(root, theme),
          applyLocale: (_, locale) => applyLocale(root, locale),
          persistSettings: (_, settings) => persistSettings(cache, settings),
          rememberFirstScreen: (_, screen) => rememberFirstScreen(browser.document, screen),
          applyConfig: (_, config) => applyProjectConfig(root, config),
          copyConfig: (_, json) => {
            void Promise.resolve(copyText(json)).catch(() => {});
          },
        },
        actors: {
          // Signed out (the login page), there is no account to remember it for.
          saveLanguage: fromPromise<unknown, { locale: Locale }>(async ({ input }) => {
            if (session().getSnapshot().context.token) await api.saveLanguage(input.locale).catch(() => {});
          }),
        },
      }),
      session: sessionMachine.provide({
        actors: {
          signIn: fromPromise<LoginResult, SignInInput>(({ input }) =>
            input.method === 'mobile' ? api.loginMobile(input.body) : api.login(input.body),
          ),
          // Every way of signing in (a password, a code, a scanned QR code, a new account) loads the
          // user: the shell's actors are there before the sign-in is announced to them.
          fetchUser: fromPromise<UserDetails, { token: string }>(async () => {
            const [user] = await Promise.allSettled([api.userDetails(), startShell()]);
            if (user.status === 'rejected') throw user.reason;
            return user.value;
          }),
          logout: fromPromise<void, { token: string | null }>(async () => {
            await api.logout();
          }),
        },
        actions: {
          persistSession: ({ context }) => persistSession(cache, context),
          clearPersistedSession: () => clearPersistedSession(cache),
        },
      }),
      navigation: navigationMachine.provide({
        actors: {
          fetchApp: fromPromise<AppInfo, GetAppBody>(({ input }) => getApp(input)),
        },
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
    input: {
      ...readAppInput(cache, currentLocation(browser.location)),
      ...(options.shell ? { shell: shellStart(options.shell) } : {}),
    },
    ...(inspect ? { inspect } : {}),
  });
  const session = () => actor.system.get('session') as SessionActor;
  const settings = () => actor.system.get('settings') as SettingsActor;
  const navigation = () => actor.system.get('navigation') as NavigationActor;

  // A stopped console's session is gone: its calls must not ask it for a token.
  const disconnectHttp = http.connect({
    getToken: () => session().getSnapshot().context.token,
    getSettings: () => {
      const { projectConfig, locale } = settings().getSnapshot().context;
      return { errorMessageMode: projectConfig.errorMessageMode, removeDuplicatePending: projectConfig.removeDuplicatePending, locale };
    },
    notify: (notice) => notifications.emit(notice),
    expireSession: (replaced) => actor.send({ type: 'SESSION.EXPIRED', ...(replaced ? { replaced } : {}) }),
    // Code 2005: the session is over on the server's word; logging out leads to the login page
    // (navigating there with the token still held would bounce back, spec §2 guard 1).
    redirectToLogin: () => actor.send({ type: 'LOGOUT.REQUESTED' }),
    logAjaxError: ({ url, method, failure }) => {
      // The error log's own upload failing is not logged again (it would feed itself).
      if (url === FirstScreenApiPath.errorLogAdd) return;
      // The server refuses a locked session's calls (another window locked it): show the lock screen here too.
      if (failure.code === ResultCode.SESSION_LOCKED) actor.send({ type: 'LOCK.DETECTED' });
      errorLog.add({
        type: 'ajax',
        message: failure.msg || `${failure.kind} ${failure.code}`,
        url,
        name: `${method} ${failure.status ?? failure.kind}`,
        file: '',
        stack: '',
        detail: JSON.stringify(failure),
        time: new Date().toISOString(),
      });
    },
    reachedServer: (reached) => actor.send({ type: reached ? 'CONNECTION.FOUND' : 'CONNECTION.LOST' }),
    timedOut: () => actor.send({ type: 'CONNECTION.TIMED_OUT' }),
  });

  // Every error-log entry also goes to the server (the app hands it to the errorLog actor, which batches).
  const stopErrorUpload = errorLog.onAdded((entry) => actor.send({ type: 'ERROR.LOGGED', entry }));
  const stopGlobalHandlers = globalErrorHandling ? installGlobalErrorHandlers(browser, (entry) => errorLog.add(entry)) : () => {};

  // More translations (the other locale, after sign-in): the app has the menu search index the titles again.
  const stopTranslationsListener = onTranslationsLoaded?.(() => actor.send({ type: 'TRANSLATIONS.LOADED' })) ?? (() => {});

  const onPopState = () => navigation().send({ type: 'LOCATION.POPPED', to: currentLocation(browser.location) });
  browser.addEventListener('popstate', onPopState);
  // The browser's own word on the network: the offline banner shows (and goes) with it.
  const onOffline = () => actor.send({ type: 'CONNECTION.LOST' });
  const onOnline = () => actor.send({ type: 'CONNECTION.FOUND' });
  browser.addEventListener('offline', onOffline);
  browser.addEventListener('online', onOnline);
  const stopWebCache = cache === defaultWebCache ? startWebCache() : () => {};
  actor.subscribe({
    complete: () => {
      disconnectHttp();
      browser.removeEventListener('popstate', onPopState);
      browser.removeEventListener('offline', onOffline);
      browser.removeEventListener('online', onOnline);
      stopWebCache();
      stopErrorUpload();
      stopGlobalHandlers();
      stopTranslationsListener();
    },
  });

  actor.start();
  if (browser.navigator.onLine === false) actor.send({ type: 'CONNECTION.LOST' });
  // A stored session whose shell's code was not given: it starts as soon as it loads.
  if (!options.shell && session().getSnapshot().context.token) void startShell();
  return actor;
}
