import type { FetchLike } from './fetchLike';
import { createGuardedFetch } from './guardedFetch';

let guarded: FetchLike | null = null;

/**
 * The `fetch` for URLs an account owner gives: guarded against private networks, unless the
 * operator allows them (ALLOW_PRIVATE_TARGETS, e.g. to publish to a WordPress on their own LAN).
 * URLs from the operator's environment (LLM_BASE_URL, …) use the plain `fetch`. One guarded
 * dispatcher per process, so connections to a site are pooled like a plain fetch's.
 */
export function accountFetch(allowPrivateTargets: boolean): FetchLike {
  if (allowPrivateTargets) return fetch;
  guarded ??= createGuardedFetch();
  return guarded;
}
