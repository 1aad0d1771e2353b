import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_TIMEOUT_SECONDS, STORAGE_CIPHER } from '../../src/config/constants';
import { createWebCache, createWebStorage, StorageKey } from '../../src/services/webCache';
import { createAesCipher } from '../../src/services/webCache/cipher';
import { scheduleStaleKeyCleanup } from '../../src/services/webCache/staleKeys';
import { commonStoragePrefix, versionedStoragePrefix } from '../../src/services/webCache/storagePrefix';

const PREFIX = versionedStoragePrefix('inkpress', 'test', '1.0.2');
const cipher = createAesCipher(STORAGE_CIPHER.key, STORAGE_CIPHER.iv);

function storages() {
  const local = createWebStorage({ storage: window.localStorage, prefix: PREFIX, cipher, timeoutSeconds: CACHE_TIMEOUT_SECONDS });
  const session = createWebStorage({ storage: window.sessionStorage, prefix: PREFIX, cipher, timeoutSeconds: CACHE_TIMEOUT_SECONDS });
  return { local, session };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('storage keys and encryption', () => {
  it('keys start with the app short name, environment and version', () => {
    expect(commonStoragePrefix('inkpress', 'test')).toBe('INKPRESS__TEST');
    expect(PREFIX).toBe('INKPRESS__TEST__1.0.2__');
    storages().local.set(StorageKey.TOKEN, 'abc');
    expect(Object.keys(window.localStorage)).toEqual(['INKPRESS__TEST__1.0.2__TOKEN__']);
  });

  it('stores values encrypted with AES (ECB, PKCS7) and reads them back', () => {
    storages().local.set(StorageKey.USER_INFO, { username: 'ada' });
    const raw = window.localStorage.getItem(`${PREFIX}USER__INFO__`) ?? '';
    expect(raw).not.toContain('ada');
    expect(JSON.parse(cipher.decrypt(raw))).toMatchObject({ value: { username: 'ada' } });
    expect(storages().local.get(StorageKey.USER_INFO)).toEqual({ username: 'ada' });
  });

  /** A local storage whose cipher arrives when the test sets `loaded.cipher`. */
  const storageWhileCipherLoads = () => {
    const loaded: { cipher?: typeof cipher } = {};
    const local = createWebStorage({
      storage: window.localStorage,
      prefix: PREFIX,
      cipher: () => loaded.cipher,
      timeoutSeconds: CACHE_TIMEOUT_SECONDS,
    });
    return { local, loaded };
  };

  it('while the cipher loads, a written value reads back and is stored encrypted once it is there', () => {
    const { local, loaded } = storageWhileCipherLoads();
    local.set(StorageKey.LOCALE, 'en');
    expect(local.get(StorageKey.LOCALE)).toBe('en');
    expect(window.localStorage.length).toBe(0);
    loaded.cipher = cipher;
    local.writeHeld();
    const raw = window.localStorage.getItem(`${PREFIX}LOCALE__`) ?? '';
    expect(JSON.parse(cipher.decrypt(raw))).toMatchObject({ value: 'en' });
    expect(storages().local.get(StorageKey.LOCALE)).toBe('en');
  });

  it('a value stored encrypted reads as nothing while the cipher loads, and stays stored', () => {
    storages().local.set(StorageKey.TOKEN, 'abc');
    const { local, loaded } = storageWhileCipherLoads();
    expect(local.get(StorageKey.TOKEN)).toBeNull();
    expect(window.localStorage.length).toBe(1);
    loaded.cipher = cipher;
    expect(local.get(StorageKey.TOKEN)).toBe('abc');
  });

  it('refuses a key or iv that is not 16 characters', () => {
    expect(() => createAesCipher('short', STORAGE_CIPHER.iv)).toThrow('key or iv must be 16 bits');
    expect(() => createAesCipher(STORAGE_CIPHER.key, '0123456789abcdef0')).toThrow('key or iv must be 16 bits');
  });
});

describe('expiry', () => {
  it('keeps a value 7 days by default; once expired it is gone and removed from storage on read', () => {
    const { local } = storages();
    local.set(StorageKey.TOKEN, 'abc');
    vi.setSystemTime(Date.now() + (CACHE_TIMEOUT_SECONDS - 1) * 1000);
    expect(local.get(StorageKey.TOKEN)).toBe('abc');
    vi.setSystemTime(Date.now() + 1000);
    expect(local.get(StorageKey.TOKEN)).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('a value set to last forever never expires', () => {
    const { local } = storages();
    local.set(StorageKey.LOCALE, 'en', null);
    vi.setSystemTime(Date.now() + 365 * 24 * 3600 * 1000);
    expect(local.get(StorageKey.LOCALE)).toBe('en');
  });

  it('the memory cache expires too', () => {
    const cache = createWebCache(storages());
    cache.setLocal(StorageKey.TOKEN, 'abc', 60);
    expect(cache.getLocal(StorageKey.TOKEN)).toBe('abc');
    vi.setSystemTime(Date.now() + 61_000);
    expect(cache.getLocal(StorageKey.TOKEN)).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });
});

describe('web cache', () => {
  it('reads through memory: writes go to storage at once', () => {
    const cache = createWebCache(storages());
    cache.setLocal(StorageKey.TOKEN, 'abc');
    cache.setSession(StorageKey.PWA_MASTER, { appId: '7' });
    expect(storages().local.get(StorageKey.TOKEN)).toBe('abc');
    expect(storages().session.get(StorageKey.PWA_MASTER)).toEqual({ appId: '7' });
  });

  it('another tab’s change clears the matching memory, so the next read sees it', () => {
    const cache = createWebCache(storages());
    cache.setLocal(StorageKey.TOKEN, 'mine');
    cache.setLocal(StorageKey.LOCALE, 'en');
    // Another tab writes the token.
    storages().local.set(StorageKey.TOKEN, 'theirs');
    expect(cache.getLocal(StorageKey.TOKEN)).toBe('mine');
    cache.handleStorageEvent(
      { key: `${PREFIX}TOKEN__`, storageArea: window.localStorage },
      { local: window.localStorage, session: window.sessionStorage },
    );
    expect(cache.getLocal(StorageKey.TOKEN)).toBe('theirs');
    expect(cache.getLocal(StorageKey.LOCALE)).toBe('en');
  });

  it('another tab clearing storage clears the memory', () => {
    const cache = createWebCache(storages());
    cache.setLocal(StorageKey.TOKEN, 'mine');
    window.localStorage.clear();
    cache.handleStorageEvent(
      { key: null, storageArea: window.localStorage },
      { local: window.localStorage, session: window.sessionStorage },
    );
    expect(cache.getLocal(StorageKey.TOKEN)).toBeNull();
  });

  it('writes the memory back on unload, except the lock info', () => {
    const cache = createWebCache(storages());
    cache.setLocal(StorageKey.LOCALE, 'en');
    cache.setLocal(StorageKey.LOCK_INFO, { locked: true });
    // Another tab removed both meanwhile (no storage event reached this one).
    window.localStorage.clear();
    cache.flush();
    expect(storages().local.get(StorageKey.LOCALE)).toBe('en');
    expect(storages().local.get(StorageKey.LOCK_INFO)).toBeNull();
  });

  it('16 ms after start removes keys of other versions of the app, and nothing else', async () => {
    window.localStorage.setItem('INKPRESS__TEST__1.0.1__TOKEN__', 'old');
    window.localStorage.setItem(`${PREFIX}TOKEN__`, 'current');
    window.localStorage.setItem('SOMEONE_ELSE', 'keep');
    window.sessionStorage.setItem('INKPRESS__TEST__0.9__TABS__', 'old');
    scheduleStaleKeyCleanup([window.localStorage, window.sessionStorage], commonStoragePrefix('inkpress', 'test'), PREFIX);
    await vi.advanceTimersByTimeAsync(15);
    expect(window.localStorage.getItem('INKPRESS__TEST__1.0.1__TOKEN__')).toBe('old');
    await vi.advanceTimersByTimeAsync(1);
    expect(Object.keys(window.localStorage).sort()).toEqual([`${PREFIX}TOKEN__`, 'SOMEONE_ELSE']);
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('the console’s web cache in the page', () => {
  it('follows other tabs through storage events and writes back on pagehide', async () => {
    const { webCache, startWebCache } = await import('../../src/services/webCache');
    const stop = startWebCache();
    try {
      webCache.setLocal(StorageKey.LOCALE, 'en');
      const key = Object.keys(window.localStorage).find((name) => name.endsWith('LOCALE__')) ?? '';
      expect(key).toMatch(/^INKPRESS__TEST__1\.0\.2__/);

      // Another tab switches the locale.
      const theirs = window.localStorage.getItem(key)?.replace('"en"', '"zh_CN"') ?? '';
      window.localStorage.setItem(key, theirs);
      window.dispatchEvent(new StorageEvent('storage', { key, storageArea: window.localStorage }));
      expect(webCache.getLocal(StorageKey.LOCALE)).toBe('zh_CN');

      window.localStorage.removeItem(key);
      window.dispatchEvent(new Event('pagehide'));
      expect(window.localStorage.getItem(key)).toContain('zh_CN');
    } finally {
      stop();
    }
  });
});
