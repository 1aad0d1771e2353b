import { preloadHttp } from '../app/preloadHttp';
import { lazyPage, lazyPageLoads } from '../components/feedback/lazyPage';
import { withConsoleTheme } from '../components/theme/withConsoleTheme';
import { loadEveryLocale, loadPagePacks, loadSignedInPacks } from '../i18n';
import { withPacks } from '../i18n/withPacks';
import { PageTransition } from './layout/AnimatedPage';
import { preloadOtherForms } from './login/otherForms';

/**
 * The two screens a page load can open with, rendered lazily by AppRoutes (index.html
 * preloads the login page's chunk; src/main.tsx asks for the shell's when a session is stored).
 */
export const LoginPage = lazyPage(() => import('./login/LoginPage'));

/**
 * The signed-in shell's code with its packs (the dashboard's strings) and the rest of Chakra's
 * recipes (components/theme/consoleTheme): never fetched before the login form shows, and loaded
 * ahead once it has (prefetchSignedIn).
 */
export const SignedInShell = lazyPage(
  withConsoleTheme(() => Promise.all([import('./SignedInShell'), loadSignedInPacks()]).then(([shell]) => shell)),
);

/**
 * Runs `loads` one after another when the browser is idle, from half a second on; a failed one is
 * passed over (its chunk is loaded again, and its failure shown, where it renders). Returns the stop.
 */
function loadWhenIdle(loads: (() => Promise<unknown>)[]): () => void {
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
 * The page signing in leads to unless a redirect says otherwise (PagePath.BASE_HOME: the dashboard),
 * drawn in the shell (LayoutPages); here so that it loads beside the shell, not after it. Its packs
 * come with it: opened from the address bar, it was drawn before them, and kept its keys.
 */
export const HomePage = lazyPage(withPacks(['dashboard', 'model'], () => import('./dashboard/analysis/AnalysisPage')));

/**
 * The shell and what its first render draws: the page transition around `page`. Each one missing
 * suspends the page, which React reveals some 300 ms later.
 */
export const loadShellWith = (page: { preload(): Promise<unknown> } | null) =>
  Promise.all([SignedInShell.preload(), PageTransition.preload(), page?.preload()]);

/**
 * What signing in needs, at once: the HTTP client's transport (axios, which the login call would
 * otherwise wait for), and the shell with the home page.
 */
const loadSignedIn = () => Promise.all([preloadHttp(), loadShellWith(HomePage)]);

/** What a person does on the login page before signing in: the signed-in console is wanted soon. */
const REACHING_FOR_THE_FORM = ['pointerdown', 'keydown', 'input', 'submit'] as const;

/**
 * On the login page, once the form is drawn: its other forms, then the signed-in console's first
 * screen, so that signing in waits for the server only, not for its chunks (submit to
 * dashboard drawn ≤ 1.5× the time to the login form), when the browser is idle from half a second
 * on, or at once when the person first presses, types or submits (a password manager's fill and
 * a click can come before that half second: the sign-in then waited ~0.4 s for the chunks).
 * Production builds only.
 */
export function prefetchSignedIn(): () => void {
  if (!import.meta.env.PROD) return () => {};
  const stopWhenIdle = loadWhenIdle([preloadOtherForms, loadSignedIn]);
  const stopListening = () => REACHING_FOR_THE_FORM.forEach((type) => window.removeEventListener(type, loadNow, true));
  // A failed load is passed over here: the shell's own render loads it again and shows its failure.
  const loadNow = () => {
    stopListening();
    loadSignedIn().catch(() => {});
  };
  REACHING_FOR_THE_FORM.forEach((type) => window.addEventListener(type, loadNow, { capture: true, passive: true }));
  return () => {
    stopWhenIdle();
    stopListening();
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
