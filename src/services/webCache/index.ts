import { CACHE_TIMEOUT_SECONDS, STORAGE_CIPHER } from '../../config/constants';
import { readRuntimeConfig } from '../../config/runtime';
import type { Cipher } from './cipher';
import { scheduleStaleKeyCleanup } from './staleKeys';
import { commonStoragePrefix, versionedStoragePrefix } from './storagePrefix';
import { createWebCache } from './webCache';
import { createWebStorage, storageKeys } from './webStorage';

export { StorageKey, SESSION_KEYS } from './storageKeys';
export { createWebCache, type WebCache } from './webCache';
export { createWebStorage, type WebStorage } from './webStorage';

const runtime = readRuntimeConfig();
const commonPrefix = commonStoragePrefix(runtime.shortName, runtime.env);
const currentPrefix = versionedStoragePrefix(runtime.shortName, runtime.env, runtime.version);
/**
 * Stored values are encrypted in production builds, readable while developing. The cipher's code
 * (crypto-js) is a chunk of its own: a first visit's login page draws without it, and a start that
 * finds values stored waits for it (src/main.tsx, `loadStorageCipher`).
 */
let cipher: Cipher | undefined;
/** The cipher, or undefined while its code loads: asked for a value to write or read, it starts loading. */
function storageCipher(): Cipher | undefined {
  if (!cipher) void loadStorageCipher().catch(() => {});
  return cipher;
}

const storageOptions = {
  prefix: currentPrefix,
  timeoutSeconds: CACHE_TIMEOUT_SECONDS,
  ...(import.meta.env.PROD ? { cipher: storageCipher } : {}),
};
const local = createWebStorage({ storage: window.localStorage, ...storageOptions });
const session = createWebStorage({ storage: window.sessionStorage, ...storageOptions });

/** The console's web cache over window.localStorage and window.sessionStorage. */
export const webCache = createWebCache({ local, session });

let cipherLoading: Promise<void> | null = null;

/** Loads the storage cipher's code; what was written meanwhile is then stored, encrypted. A failed load is tried again when next asked. */
export function loadStorageCipher(): Promise<void> {
  if (!import.meta.env.PROD) return Promise.resolve();
  return (cipherLoading ??= import('./cipher').then(
    ({ createAesCipher }) => {
      cipher = createAesCipher(STORAGE_CIPHER.key, STORAGE_CIPHER.iv);
      local.writeHeld();
      session.writeHeld();
    },
    (error: unknown) => {
      cipherLoading = null;
      throw error;
    },
  ));
}

/** Whether this version of the console has stored anything in this browser (to be read, it needs the cipher). */
export function hasStoredValues(): boolean {
  const prefix = currentPrefix.toUpperCase();
  return [window.localStorage, window.sessionStorage].some((storage) => storageKeys(storage).some((key) => key.startsWith(prefix)));
}

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
