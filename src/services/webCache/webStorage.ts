import type { Cipher } from './cipher';

export interface WebStorageOptions {
  storage: Storage;
  /** Put before every key (see storagePrefix.ts). */
  prefix: string;
  /**
   * Values are encrypted when given: the cipher, or how to get it once its code has loaded
   * (undefined until then: see `writeHeld`).
   */
  cipher?: Cipher | (() => Cipher | undefined);
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

/**
 * A Storage with prefixed keys, encrypted values and expiry: an expired value is removed on read.
 * While the cipher's code is still loading, what is written is held here, readable, and written
 * encrypted once it has loaded (`writeHeld`); what is stored encrypted reads as nothing until then,
 * and stays stored.
 */
export function createWebStorage({ storage, prefix, cipher, timeoutSeconds, now = Date.now }: WebStorageOptions) {
  const keyOf = (key: string) => `${prefix}${key}`.toUpperCase();
  const cipherNow = typeof cipher === 'function' ? cipher : () => cipher;
  /** Values written while the cipher was loading, by key, as JSON text. */
  const held = new Map<string, string>();

  function read<T>(key: string): StoredItem<T> | null {
    const heldText = held.get(key);
    const raw = heldText ?? storage.getItem(keyOf(key));
    if (raw === null) return null;
    const current = cipherNow();
    if (heldText === undefined && cipher && !current) return null;
    try {
      const item = JSON.parse(heldText ?? (current ? current.decrypt(raw) : raw)) as StoredItem<T>;
      if (item.expire !== null && item.expire <= now()) {
        remove(key);
        return null;
      }
      return item;
    } catch {
      remove(key);
      return null;
    }
  }

  function remove(key: string): void {
    held.delete(key);
    storage.removeItem(keyOf(key));
  }

  return {
    prefix,
    keyOf,
    /** Stores `value` for `expireSeconds` (the default timeout unless given; null: forever). */
    set<T>(key: string, value: T, expireSeconds: number | null = timeoutSeconds): void {
      const time = now();
      const item: StoredItem<T> = { value, time, expire: expireSeconds === null ? null : time + expireSeconds * 1000 };
      const text = JSON.stringify(item);
      const current = cipherNow();
      if (cipher && !current) held.set(key, text);
      else storage.setItem(keyOf(key), current ? current.encrypt(text) : text);
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
    remove,
    /** Removes every key with this prefix. */
    clear(): void {
      held.clear();
      for (const name of storageKeys(storage)) {
        if (name.startsWith(prefix.toUpperCase())) storage.removeItem(name);
      }
    },
    /** Writes what was held while the cipher loaded, encrypted: its code has loaded. */
    writeHeld(): void {
      const current = cipherNow();
      if (!current) return;
      for (const [key, text] of held) storage.setItem(keyOf(key), current.encrypt(text));
      held.clear();
    },
  };
}

export type WebStorage = ReturnType<typeof createWebStorage>;

/** Every key of a Storage. */
export function storageKeys(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => key !== null);
}
