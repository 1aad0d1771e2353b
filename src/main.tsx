import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppActorProvider } from './app/AppActorProvider';
import { createAppActor } from './app/createAppActor';
import { i18next, LOCALES, setupI18n } from './i18n';
import { App } from './views/App';
import { pageOf } from './views/pageRegistry';

/** Starts the root actor, loads the language pack of the saved locale, then mounts the console. */
async function start() {
  // Menu search matches titles in every locale: both language packs load, the current one first.
  const actor = createAppActor({ translate: (key, locale) => i18next.getFixedT(locale)(key), hasPage: (component) => pageOf(component) !== null });
  const settings = actor.system.get('settings');
  await setupI18n(settings?.getSnapshot().context.locale);
  void i18next.loadLanguages([...LOCALES]);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppActorProvider actor={actor}>
        <App />
      </AppActorProvider>
    </StrictMode>,
  );
}

void start();
