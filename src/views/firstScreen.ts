import { preloadHttp } from '../app/preloadHttp';
import { lazyComponent, lazyPage } from '../components/feedback/lazyPage';
import { withConsoleTheme } from '../components/theme/withConsoleTheme';
import { loadSignedInPacks } from '../i18n';
import { loadStorageCipher } from '../services/webCache';
import { loadWhenIdle } from './idleLoads';
import { PageTransition } from './layout/AnimatedPage';
import { preloadOtherForms } from './login/otherForms';

/**
 * The two screens a page load can open with, rendered lazily by AppRoutes (index.html
 * preloads the login page's chunk; src/main.tsx asks for the shell's when a session is stored).
 * The login page's code is here, not found by the page registry (./pageRegistry), which comes with
 * the signed-in shell.
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

/** The signed-in console's loads ahead, in the shell's chunk (./SignedInShell). */
export const LoadsAhead = lazyComponent(() => import('./SignedInShell').then((module) => ({ default: module.LoadsAhead })));

/** The page a signed-in screen opens on, chosen from the page registry once it has loaded (it comes with the shell). */
type FirstPage = (registry: typeof import('./pageRegistry')) => { preload(): Promise<unknown> } | null;

/**
 * The shell and what its first render draws: the page transition around the `page` chosen. Each
 * one missing suspends the page, which React reveals some 300 ms later.
 */
export const loadShellWith = (page: FirstPage) =>
  Promise.all([
    SignedInShell.preload(),
    LoadsAhead.preload(),
    PageTransition.preload(),
    import('./pageRegistry').then((registry) => page(registry)?.preload()),
  ]);

/**
 * What signing in needs, at once: the HTTP client's transport (axios, which the login call would
 * otherwise wait for), the storage cipher (the session is stored encrypted; a first visit's login
 * page starts without it), and the shell with the home page.
 */
const loadSignedIn = () => Promise.all([preloadHttp(), loadStorageCipher(), loadShellWith((registry) => registry.HomePage)]);

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
