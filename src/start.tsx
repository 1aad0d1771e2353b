import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppActorProvider } from './app/AppActorProvider';
import { createAppActor } from './app/createAppActor';
import { i18next, setupI18n } from './i18n';
import { App } from './views/App';
import { pageOf } from './views/pageRegistry';

/**
 * Starts the root actor, then mounts the console once the saved locale's first-screen packs are
 * there (src/main.tsx has started fetching them and the first screen, issue 17).
 */
export async function start() {
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
  await setupI18n(settings?.getSnapshot().context.locale);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppActorProvider actor={actor}>
        <App />
      </AppActorProvider>
    </StrictMode>,
  );
}
