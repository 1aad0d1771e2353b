import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppActorProvider } from './app/AppActorProvider';
import { createAppActor } from './app/createAppActor';
import { setupI18n } from './i18n';
import { App } from './views/App';

/** Starts the root actor, loads the language pack of the saved locale, then mounts the console. */
async function start() {
  const actor = createAppActor();
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

void start();
