import type { ComponentType } from 'react';
import { loadSignedInPacks } from '../i18n';

type PageModule = { default: ComponentType };

/** One load shared by every caller; a failed one is tried again by the next caller. */
function once(load: () => Promise<PageModule>): () => Promise<PageModule> {
  let loading: Promise<PageModule> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/**
 * Issue 17: the two screens a page load can open with. src/main.tsx starts the one it will show
 * beside the translations (one round trip, not two after each other); AppRoutes renders them lazily.
 */
export const loadLoginPage = once(() => import('./login/LoginPage'));

/** The signed-in shell's code with its packs (the dashboard's strings), never fetched for the login page. */
export const loadSignedInShell = once(() => Promise.all([import('./SignedInShell'), loadSignedInPacks()]).then(([shell]) => shell));
