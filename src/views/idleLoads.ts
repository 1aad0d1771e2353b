import { lazyPageLoads } from '../components/feedback/lazyPage';
import { loadEveryLocale, loadPagePacks } from '../i18n';

/**
 * Runs `loads` one after another when the browser is idle, from half a second on; a failed one is
 * passed over (its chunk is loaded again, and its failure shown, where it renders). Returns the stop.
 */
export function loadWhenIdle(loads: (() => Promise<unknown>)[]): () => void {
  const pending = [...loads];
  let stopped = false;
  const whenIdle = (next: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(next, { timeout: 2000 }) : setTimeout(next, 50);
  const step = () => {
    const load = pending.shift();
    if (stopped || !load) return;
    load().then(
      () => whenIdle(step),
      () => whenIdle(step),
    );
  };
  const timer = setTimeout(() => whenIdle(step), 500);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * After sign-in, when the browser is idle (from half a second on): every locale's packs (the menu
 * search matches titles in all of them, and indexes them again when they arrive), then, in
 * production builds, the current locale's page packs and every lazy page's module, so that a menu
 * page's first visit waits only for its data (≤ 300 ms after the click) and renders
 * without suspending (see lazyPage). The pages stay lazy chunks; this only loads them before the
 * click (the dev server compiles on demand; tests render what they open). The other
 * locale's packs were asked for as the shell mounted, and their arrival (~16 ms of i18next's and
 * the menu search's work) came before the dashboard was drawn.
 */
export function loadAfterSignIn(): () => void {
  return loadWhenIdle(import.meta.env.PROD ? [loadEveryLocale, () => loadPagePacks(), ...lazyPageLoads()] : [loadEveryLocale]);
}
