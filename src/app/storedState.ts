import type { Role, UserDetails } from '../../contract/schemas/user';
import { DEFAULT_LOCALE, DEFAULT_THEME, FALLBACK_LOCALE, LOCALES, THEMES, type Locale, type Theme } from '../config/constants';
import {
  DEFAULT_PROJECT_CONFIG,
  diffProjectConfig,
  mergeProjectConfig,
  type ProjectConfig,
  type ProjectConfigPatch,
} from '../config/projectConfig';
import type { AppInput, ShellInput } from '../machines/app.machine';
import { navigationConfigOf } from '../machines/navigation.machine';
import type { SessionContext } from '../machines/session.machine';
import type { SettingsContext } from '../machines/settings.machine';
import type { TabEntry } from '../machines/tabs';
import type { Menu } from '../machines/menus';
import { HOME_PATH } from '../config/routes';
import { SESSION_KEYS, StorageKey, type WebCache } from '../services/webCache';

/** What the console keeps in storage between visits, read at start and written by the machines. */

/** Spec §3 "Locale info (stored)". */
interface StoredLocale {
  showPicker: boolean;
  locale: Locale;
  fallback: Locale;
  availableLocales: readonly Locale[];
  /** The account last signed in on this browser: the re-login overlay offers it. */
  userAccount?: string;
}

/** Spec §3 "Lock-screen info". */
interface StoredLock {
  isLock: boolean;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

const storedProjectConfig = (cache: WebCache): ProjectConfig => {
  const storedConfig = cache.getLocal<ProjectConfigPatch>(StorageKey.PROJ_CFG);
  return storedConfig ? mergeProjectConfig(DEFAULT_PROJECT_CONFIG, storedConfig) : DEFAULT_PROJECT_CONFIG;
};

/** The shell's actors' input: the stored tabs and lock, with the settings as now stored. */
export function readShellInput(cache: WebCache): ShellInput {
  const projectConfig = storedProjectConfig(cache);
  const token = cache.getLocal<string>(StorageKey.TOKEN);
  const user = cache.getLocal<UserDetails>(StorageKey.USER_INFO);
  const { show, cache: keepTabs } = projectConfig.multiTabsSetting;
  const storedTabs = keepTabs ? cache.getLocal<TabEntry[]>(StorageKey.MULTIPLE_TABS) : null;
  return {
    bootstrap: { permissionMode: projectConfig.permissionMode, roles: user?.roles.map((role) => role.value) ?? [] },
    tabs: {
      enabled: show,
      persist: keepTabs,
      tabs: Array.isArray(storedTabs) ? storedTabs : [],
      home: user?.homePath || HOME_PATH,
    },
    // A stored lock counts only with the session it locked.
    lock: { locked: Boolean(token && cache.getLocal<StoredLock>(StorageKey.LOCK_INFO)?.isLock), lockTime: projectConfig.lockTime },
    errorLog: {},
  };
}

/** The root actor's input: the stored session and settings, and the browser's location. */
export function readAppInput(cache: WebCache, location: string): AppInput {
  const projectConfig = storedProjectConfig(cache);
  const theme = oneOf<Theme>(THEMES, cache.getLocal(StorageKey.APP_DARK_MODE), DEFAULT_THEME);
  const locale = oneOf<Locale>(LOCALES, cache.getLocal<StoredLocale>(StorageKey.LOCALE)?.locale, DEFAULT_LOCALE);
  const token = cache.getLocal<string>(StorageKey.TOKEN);
  const user = cache.getLocal<UserDetails>(StorageKey.USER_INFO);
  const userAccount = cache.getLocal<StoredLocale>(StorageKey.LOCALE)?.userAccount;
  const roleRoleList = cache.getLocal<Role[]>(StorageKey.ROLE_ROLES);
  const lastUpdateTime = cache.getLocal<number>(StorageKey.USER_UPDATE_TIME);
  return {
    settings: { theme, locale, projectConfig },
    session: {
      token,
      user,
      timeoutProcessing: projectConfig.sessionTimeoutProcessing,
      ...(typeof userAccount === 'string' ? { username: userAccount } : {}),
      ...(Array.isArray(roleRoleList) ? { roleRoleList } : {}),
      ...(typeof lastUpdateTime === 'number' ? { lastUpdateTime } : {}),
    },
    navigation: {
      location,
      config: navigationConfigOf(projectConfig),
      pwaAppId: cache.getSession<{ master: boolean; appId: string }>(StorageKey.PWA_MASTER)?.appId ?? null,
    },
  };
}

export function persistSession(
  cache: WebCache,
  {
    token,
    user,
    username,
    roleRoleList,
    lastUpdateTime,
  }: Pick<SessionContext, 'token' | 'user' | 'username' | 'roleRoleList' | 'lastUpdateTime'>,
): void {
  if (token) cache.setLocal(StorageKey.TOKEN, token);
  else cache.removeLocal(StorageKey.TOKEN);
  if (user) {
    cache.setLocal(StorageKey.USER_INFO, user);
    cache.setLocal(
      StorageKey.ROLES,
      user.roles.map((role) => role.value),
    );
    cache.setLocal(StorageKey.IS_BIND_GOOGLE, user.isBindGoogle);
    cache.setLocal(StorageKey.ROLE_ROLES, roleRoleList);
    if (lastUpdateTime !== null) cache.setLocal(StorageKey.USER_UPDATE_TIME, lastUpdateTime);
  }
  if (username) rememberUserAccount(cache, username);
}

/**
 * The permission codes and the authorised routes of the session (spec §6 "Permission cache is in
 * local storage", §3 storage keys), encrypted like every stored value; a logout clears them.
 */
export function persistPermissions(cache: WebCache, { permCodes, menus }: { permCodes: readonly string[]; menus: readonly Menu[] }): void {
  cache.setLocal(StorageKey.PERM_CODES, permCodes);
  cache.setLocal(StorageKey.MENUS, menus);
}

/** The locale info keeps the last account signed in (spec §3), beside the locale it was stored with. */
function rememberUserAccount(cache: WebCache, userAccount: string): void {
  const stored = cache.getLocal<StoredLocale>(StorageKey.LOCALE);
  const locale: StoredLocale = stored ?? { showPicker: true, locale: DEFAULT_LOCALE, fallback: FALLBACK_LOCALE, availableLocales: LOCALES };
  cache.setLocal(StorageKey.LOCALE, { ...locale, userAccount });
}

/** Logout clears the token and the user's storage (spec §4 Session); settings stay. */
export function clearPersistedSession(cache: WebCache): void {
  for (const key of SESSION_KEYS) {
    cache.removeLocal(key);
    cache.removeSession(key);
  }
}

export function persistSettings(cache: WebCache, { theme, locale, projectConfig }: SettingsContext): void {
  cache.setLocal(StorageKey.APP_DARK_MODE, theme);
  const { userAccount } = cache.getLocal<StoredLocale>(StorageKey.LOCALE) ?? {};
  const storedLocale: StoredLocale = {
    showPicker: true,
    locale,
    fallback: FALLBACK_LOCALE,
    availableLocales: LOCALES,
    ...(userAccount ? { userAccount } : {}),
  };
  cache.setLocal(StorageKey.LOCALE, storedLocale);
  // Only what the user changed: a default changed in a later version still reaches them.
  cache.setLocal(StorageKey.PROJ_CFG, diffProjectConfig(projectConfig));
}

/** The lock survives a reload (spec §4); webCache never writes it back on unload. */
export function persistLock(cache: WebCache, locked: boolean): void {
  if (locked) cache.setLocal(StorageKey.LOCK_INFO, { isLock: true } satisfies StoredLock);
  else cache.removeLocal(StorageKey.LOCK_INFO);
}

export function persistTabs(cache: WebCache, tabs: readonly TabEntry[] | null): void {
  if (tabs) cache.setLocal(StorageKey.MULTIPLE_TABS, tabs);
  else cache.removeLocal(StorageKey.MULTIPLE_TABS);
}
