import type { Cipher } from './cipher';

export interface WebStorageOptions {
  storage: Storage;
  /** Put before every key (see storagePrefix.ts). */
  prefix: string;
  /** Values are encrypted when given. */
  cipher?: Cipher;
  /** The default lifetime of a value, in seconds; null: forever. */
  timeoutSeconds: number | null;
  now?: () => number;
}

interface StoredItem<T> {
  value: T;
  time: number;
  /** When the value expires (ms since the epoch); null: never. */
  expire: number | null;
}

/** A Storage with prefixed keys, encrypted values and expiry: an expired value is removed on read. */
export function createWebStorage({ storage, prefix, cipher, timeoutSeconds, now = Date.now }: WebStorageOptions) {
  const keyOf = (key: string) => `${prefix}${key}`.toUpperCase();

  function read<T>(key: string): StoredItem<T> | null {
    const raw = storage.getItem(keyOf(key));
    if (raw === null) return null;
    try {
      const item = JSON.parse(cipher ? cipher.decrypt(raw) : raw) as StoredItem<T>;
      if (item.expire !== null && item.expire <= now()) {
        storage.removeItem(keyOf(key));
        return null;
      }
      return item;
    } catch {
      storage.removeItem(keyOf(key));
      return null;
    }
  }

  return {
    prefix,
    keyOf,
    /** Stores `value` for `expireSeconds` (the default timeout unless given; null: forever). */
    set<T>(key: string, value: T, expireSeconds: number | null = timeoutSeconds): void {
      const time = now();
      const item: StoredItem<T> = { value, time, expire: expireSeconds === null ? null : time + expireSeconds * 1000 };
      const text = JSON.stringify(item);
      storage.setItem(keyOf(key), cipher ? cipher.encrypt(text) : text);
    },
    get<T>(key: string, fallback: T | null = null): T | null {
      const item = read<T>(key);
      return item ? item.value : fallback;
    },
    /** The value with its expiry, or null when missing or expired. */
    getItem<T>(key: string): { value: T; expire: number | null } | null {
      const item = read<T>(key);
      return item ? { value: item.value, expire: item.expire } : null;
    },
    remove(key: string): void {
      storage.removeItem(keyOf(key));
    },
    /** Removes every key with this prefix. */
    clear(): void {
      for (const name of storageKeys(storage)) {
        if (name.startsWith(prefix.toUpperCase())) storage.removeItem(name);
      }
    },
  };
}

export type WebStorage = ReturnType<typeof createWebStorage>;

/** Every key of a Storage. */
export function storageKeys(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => key !== null);
}
