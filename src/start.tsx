import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppActorProvider } from './app/AppActorProvider';
import { createAppActor } from './app/createAppActor';
import { i18next, setupI18n } from './i18n';
import { App } from './views/App';
import { LoginPage, SignedInShell } from './views/firstScreen';
import { pageOf } from './views/pageRegistry';

/**
 * Starts the root actor, then mounts the console once the saved locale's first-screen packs and the
 * first screen's page are there (src/main.tsx has started fetching them, issue 17). A page that
 * suspends on the first render is revealed at the earliest 300 ms after its fallback (React
 * throttles Suspense reveals), even when its chunk arrives at once; loaded before, it renders
 * without suspending (components/feedback/lazyPage). A failed load shows where the page renders.
 */
export async function start(signedIn: boolean) {
  // Menu search matches titles in every locale: the signed-in shell loads the other locale's packs.
  const actor = createAppActor({
    translate: (key, locale) => i18next.getFixedT(locale)(key),
    hasPage: (component) => pageOf(component) !== null,
    onTranslationsLoaded: (listener) => {
      i18next.on('loaded', listener);
      return () => i18next.off('loaded', listener);
    },
  });
  const settings = actor.system.get('settings');
  const firstPage = signedIn ? SignedInShell : LoginPage;
  await Promise.all([setupI18n(settings?.getSnapshot().context.locale), firstPage.preload().catch(() => {})]);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppActorProvider actor={actor}>
        <App />
      </AppActorProvider>
    </StrictMode>,
  );
}
