import { StrictMode, type ReactElement } from 'react';
import { AppActorProvider, type AppActor } from './app/AppActorProvider';
import { createAppActor, type ShellModule } from './app/createAppActor';
import { i18next, setupI18n } from './i18n';
import { App } from './views/App';
import { LoginPage, loadShellWith } from './views/firstScreen';
import { StorageKey, webCache } from './services/webCache';

/**
 * Starts the root actor, then resolves with the console to render once the saved locale's
 * first-screen packs and the first screen's page are there (src/main.tsx has started fetching them,
 *). A page that suspends on the first render is revealed at the earliest 300 ms after its
 * fallback (React throttles Suspense reveals), even when its chunk arrives at once; loaded before,
 * it renders without suspending (components/feedback/lazyPage). A failed load shows where the page
 * renders. The browser mounts it (src/start.tsx); the build renders the login page with it to HTML
 * (src/prerenderLogin.tsx).
 */
/** The shell's code: its actors, and the page registry (the pages its menus may name), both signed-in only. */
const loadShell = (): Promise<ShellModule> =>
  Promise.all([import('./app/shellActors'), import('./views/pageRegistry')]).then(([{ shellLogic }, { pageOf }]) => ({
    shellLogic,
    hasPage: (component) => pageOf(component) !== null,
  }));

export async function prepareConsole(signedIn: boolean): Promise<{ actor: AppActor; element: ReactElement }> {
  // Signed in: the shell with the page most likely at the address, read before the navigation may
  // change it (a reload of the dashboard, 572 → 314 ms).
  const { pathname } = window.location;
  const firstScreen = signedIn ? loadShellWith((registry) => registry.likelyPageAt(pathname)) : LoginPage.preload();
  // A stored session's shell actors start with the root (main.tsx has started loading their code);
  // should it fail to load, the root loads it again.
  let shell: ShellModule | undefined;
  if (webCache.getLocal<string>(StorageKey.TOKEN)) shell = await loadShell().catch(() => undefined);
  // Menu search matches titles in every locale: the signed-in shell loads the other locale's packs.
  const actor = createAppActor({
    ...(shell ? { shell } : {}),
    loadShell,
    translate: (key, locale) => i18next.getFixedT(locale)(key),
    onTranslationsLoaded: (listener) => {
      i18next.on('loaded', listener);
      return () => i18next.off('loaded', listener);
    },
  });
  const settings = actor.system.get('settings');
  await Promise.all([setupI18n(settings?.getSnapshot().context.locale), firstScreen.catch(() => {})]);
  const element = (
    <StrictMode>
      <AppActorProvider actor={actor}>
        <App />
      </AppActorProvider>
    </StrictMode>
  );
  return { actor, element };
}
