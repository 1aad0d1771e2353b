import { StorageKey } from './storageKeys';
import type { WebStorage } from './webStorage';

interface MemoryItem {
  value: unknown;
  /** ms since the epoch; null: never. */
  expire: number | null;
}

/** One storage area (local or session) with its memory cache. */
function createArea(storage: WebStorage, now: () => number) {
  const memory = new Map<string, MemoryItem>();

  function get<T>(key: string): T | null {
    const cached = memory.get(key);
    if (cached) {
      if (cached.expire === null || cached.expire > now()) return cached.value as T;
      memory.delete(key);
      storage.remove(key);
      return null;
    }
    const stored = storage.getItem<T>(key);
    if (!stored) return null;
    memory.set(key, stored);
    return stored.value;
  }

  return {
    storage,
    get,
    set(key: string, value: unknown, expireSeconds?: number | null): void {
      storage.set(key, value, expireSeconds);
      const stored = storage.getItem(key);
      memory.set(key, { value, expire: stored?.expire ?? null });
    },
    remove(key: string): void {
      memory.delete(key);
      storage.remove(key);
    },
    clear(): void {
      memory.clear();
      storage.clear();
    },
    /** Forgets the memory of `storageKey` (a full storage key), or all of it when null. */
    forget(storageKey: string | null): void {
      if (storageKey === null) memory.clear();
      else for (const key of memory.keys()) if (storage.keyOf(key) === storageKey) memory.delete(key);
    },
    /** Writes the memory back to storage, except `skip`. */
    flush(skip: readonly string[]): void {
      for (const [key, item] of memory) {
        if (skip.includes(key)) continue;
        if (item.expire !== null && item.expire <= now()) continue;
        storage.set(key, item.value, item.expire === null ? null : (item.expire - now()) / 1000);
      }
    },
  };
}

/** Not written back on unload: another tab may have locked or unlocked meanwhile (spec §4 Storage). */
const NOT_WRITTEN_BACK = [StorageKey.LOCK_INFO];

/**
 * The console's cache of local and session storage (spec §4 Storage): reads come from memory,
 * writes go through to storage; another tab's change clears the matching memory; the memory is
 * written back on unload, except the lock info.
 */
export function createWebCache({ local, session, now = Date.now }: { local: WebStorage; session: WebStorage; now?: () => number }) {
  const localArea = createArea(local, now);
  const sessionArea = createArea(session, now);

  return {
    getLocal: <T>(key: string) => localArea.get<T>(key),
    setLocal: (key: string, value: unknown, expireSeconds?: number | null) => localArea.set(key, value, expireSeconds),
    removeLocal: (key: string) => localArea.remove(key),
    clearLocal: () => localArea.clear(),
    getSession: <T>(key: string) => sessionArea.get<T>(key),
    setSession: (key: string, value: unknown, expireSeconds?: number | null) => sessionArea.set(key, value, expireSeconds),
    removeSession: (key: string) => sessionArea.remove(key),
    clearSession: () => sessionArea.clear(),

    /** A `storage` event from another tab. */
    handleStorageEvent(event: Pick<StorageEvent, 'key' | 'storageArea'>, areas: { local: Storage; session: Storage }): void {
      if (event.key === null) {
        if (event.storageArea === areas.local || event.storageArea === null) localArea.forget(null);
        if (event.storageArea === areas.session || event.storageArea === null) sessionArea.forget(null);
        return;
      }
      if (event.storageArea === areas.session) sessionArea.forget(event.key);
      else localArea.forget(event.key);
    },
    /** Page unload: the memory goes back to storage, except the lock info. */
    flush(): void {
      localArea.flush(NOT_WRITTEN_BACK);
      sessionArea.flush(NOT_WRITTEN_BACK);
    },
  };
}

export type WebCache = ReturnType<typeof createWebCache>;
