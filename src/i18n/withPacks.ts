import { loadPacks } from './index';

/**
 * A lazy chunk's load that resolves once the packs it reads are there too (of the current locale):
 * a page drawn before its namespace has arrived shows its keys, and a page reading keys of another
 * namespace through `t('dashboard.…')` is not drawn again when that namespace arrives.
 */
export function withPacks<T>(namespaces: readonly string[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadPacks(namespaces)]).then(([module]) => module);
}
