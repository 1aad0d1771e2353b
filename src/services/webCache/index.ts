import { CACHE_TIMEOUT_SECONDS, STORAGE_CIPHER } from '../../config/constants';
import { readRuntimeConfig } from '../../config/runtime';
import { createAesCipher } from './cipher';
import { scheduleStaleKeyCleanup } from './staleKeys';
import { commonStoragePrefix, versionedStoragePrefix } from './storagePrefix';
import { createWebCache } from './webCache';
import { createWebStorage } from './webStorage';

export { StorageKey, SESSION_KEYS } from './storageKeys';
export { createWebCache, type WebCache } from './webCache';
export { createWebStorage, type WebStorage } from './webStorage';
export { createAesCipher } from './cipher';

const runtime = readRuntimeConfig();
const commonPrefix = commonStoragePrefix(runtime.shortName, runtime.env);
const currentPrefix = versionedStoragePrefix(runtime.shortName, runtime.env, runtime.version);
/** Stored values are encrypted in production builds, readable while developing. */
const cipher = import.meta.env.PROD ? createAesCipher(STORAGE_CIPHER.key, STORAGE_CIPHER.iv) : undefined;

const storageOptions = { prefix: currentPrefix, timeoutSeconds: CACHE_TIMEOUT_SECONDS, ...(cipher ? { cipher } : {}) };

/** The console's web cache over window.localStorage and window.sessionStorage. */
export const webCache = createWebCache({
  local: createWebStorage({ storage: window.localStorage, ...storageOptions }),
  session: createWebStorage({ storage: window.sessionStorage, ...storageOptions }),
});

/**
 * Starts the cache's life in the page: another tab's changes, the write-back on unload and the
 * stale-key cleanup. Returns a function that stops it.
 */
export function startWebCache(): () => void {
  const areas = { local: window.localStorage, session: window.sessionStorage };
  const onStorage = (event: StorageEvent) => webCache.handleStorageEvent(event, areas);
  const onUnload = () => webCache.flush();
  window.addEventListener('storage', onStorage);
  window.addEventListener('pagehide', onUnload);
  const cancelCleanup = scheduleStaleKeyCleanup([areas.local, areas.session], commonPrefix, currentPrefix);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('pagehide', onUnload);
    cancelCleanup();
  };
}
