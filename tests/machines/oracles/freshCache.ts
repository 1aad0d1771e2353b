import { createWebCache, createWebStorage, type WebCache } from '../../../src/services/webCache';

let caches = 0;

/** A web cache over the window's storage under a prefix of its own: one replayed path's storage. */
export function freshCache(name: string): WebCache {
  caches += 1;
  const area = (storage: Storage) => createWebStorage({ storage, prefix: `${name}-oracle-${caches}-`, timeoutSeconds: null });
  return createWebCache({ local: area(window.localStorage), session: area(window.sessionStorage) });
}
