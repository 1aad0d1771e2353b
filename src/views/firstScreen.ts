import type { ComponentType } from 'react';
import { loadPagePacks, loadSignedInPacks } from '../i18n';

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
 * Issue 17: the two screens a page load can open with, rendered lazily by AppRoutes (index.html
 * preloads the login page's chunk; src/main.tsx asks for the shell's when a session is stored).
 */
export const loadLoginPage = once(() => import('./login/LoginPage'));

/** The signed-in shell's code with its packs (the dashboard's strings), never fetched for the login page. */
export const loadSignedInShell = once(() => Promise.all([import('./SignedInShell'), loadSignedInPacks()]).then(([shell]) => shell));

/** Every page's chunk but the login page's (the same chunks the lazy pages load). */
const pageChunks = import.meta.glob<PageModule>(['./**/*Page.tsx', '!./login/**']);

/**
 * After sign-in, once the browser is idle: every page's chunk and the current locale's page packs,
 * one after another, so that a menu page's first visit waits only for its data (issue 17: ≤ 300 ms
 * after the click). The pages stay lazy chunks; this only fetches them before the click. Production
 * builds only (the dev server compiles on demand; tests render what they open).
 */
export function prefetchPages(): () => void {
  if (!import.meta.env.PROD) return () => {};
  const loads: (() => Promise<unknown>)[] = [() => loadPagePacks(), ...Object.values(pageChunks)];
  let stopped = false;
  const idle = (next: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(next, { timeout: 2000 }) : setTimeout(next, 50);
  const step = () => {
    const load = loads.shift();
    if (stopped || !load) return;
    load().then(
      () => idle(step),
      () => idle(step),
    );
  };
  const timer = setTimeout(() => idle(step), 500);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
