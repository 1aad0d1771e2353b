import { SESSION_KEYS, StorageKey, type WebCache } from '../webCache';

/**
 * The operator signed in as a user. The console runs on the user's session (a real one,
 * started by the server for the operator) and keeps the operator's own token, so "Return to my
 * account" needs no new login. Both switches load the console afresh on the other session: every
 * menu, permission and page state is the new session's.
 */
export interface OperatorReturn {
  /** The operator's own session token. */
  token: string;
  /** The operator's user name, and the user signed in as (the banner names both). */
  operator: string;
  user: string;
}

const forgetSession = (cache: WebCache) => {
  for (const key of SESSION_KEYS) {
    cache.removeLocal(key);
    cache.removeSession(key);
  }
};

/** The operator's session kept while signed in as a user; null otherwise. */
export const operatorReturnOf = (cache: WebCache) => cache.getLocal<OperatorReturn>(StorageKey.OPERATOR_RETURN);

/** Leaves the operator's console for the user's session `userToken`, keeping the operator's token. */
export function switchToUser(cache: WebCache, userToken: string, kept: OperatorReturn, go: (path: string) => void) {
  forgetSession(cache);
  cache.setLocal(StorageKey.TOKEN, userToken);
  cache.setLocal(StorageKey.OPERATOR_RETURN, kept);
  go('/');
}

/** Back to the operator's own session (the user's has been ended by the caller), on `path`. */
export function returnToOperator(cache: WebCache, path: string, go: (path: string) => void) {
  const kept = operatorReturnOf(cache);
  forgetSession(cache);
  if (kept) cache.setLocal(StorageKey.TOKEN, kept.token);
  go(kept ? path : '/');
}
