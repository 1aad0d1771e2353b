import { STALE_STORAGE_CLEANUP_DELAY_MS } from '../../config/constants';
import { storageKeys } from './webStorage';

/**
 * Spec §4 Storage: 16 ms after start, keys that start with the app's storage prefix but not the
 * current version's prefix are removed. Returns a function that cancels the pending cleanup.
 */
export function scheduleStaleKeyCleanup(storages: readonly Storage[], commonPrefix: string, currentPrefix: string): () => void {
  const timer = setTimeout(() => {
    for (const storage of storages) {
      for (const key of storageKeys(storage)) {
        if (key.startsWith(commonPrefix) && !key.startsWith(currentPrefix)) storage.removeItem(key);
      }
    }
  }, STALE_STORAGE_CLEANUP_DELAY_MS);
  return () => clearTimeout(timer);
}
