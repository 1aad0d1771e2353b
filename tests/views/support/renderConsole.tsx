import { render } from '@testing-library/react';
import type { UserDetails } from '../../../contract/schemas/user';
import { AppActorProvider } from '../../../src/app/AppActorProvider';
import { createAppActor, type AppApi } from '../../../src/app/createAppActor';
import type { ProjectConfigPatch } from '../../../src/config/projectConfig';
import { i18next, LOCALES, setupI18n } from '../../../src/i18n';
import { StorageKey, createWebCache, createWebStorage } from '../../../src/services/webCache';
import { App } from '../../../src/views/App';
import { pageOf } from '../../../src/views/pageRegistry';

let consoles = 0;

/**
 * Renders the whole console (App) on a real app actor at `path`, as a page load would: a fresh
 * storage area (holding `token` when given, as after an earlier visit), the browser's location, the
 * Chinese language pack, and the project settings `config` changes (as the settings drawer stores
 * them). The actor's services are the real ones, or `api`'s endpoint functions; the http client goes
 * wherever support/realServer.ts points it.
 */
export async function renderConsole(
  path: string,
  { token, user, api, config }: { token?: string; user?: UserDetails; api?: AppApi; config?: ProjectConfigPatch } = {},
) {
  consoles += 1;
  const area = (storage: Storage) => createWebStorage({ storage, prefix: `view-test-${consoles}-`, timeoutSeconds: null });
  const cache = createWebCache({ local: area(window.localStorage), session: area(window.sessionStorage) });
  if (token) cache.setLocal(StorageKey.TOKEN, token);
  if (user) cache.setLocal(StorageKey.USER_INFO, user);
  if (config) cache.setLocal(StorageKey.PROJ_CFG, config);
  window.history.replaceState(null, '', path);
  await setupI18n('zh_CN');
  await i18next.loadLanguages([...LOCALES]);
  // As src/prepareConsole starts it: with the shell's code when a session is stored.
  const shell = token ? await import('../../../src/app/shellActors') : undefined;
  const actor = createAppActor({
    cache,
    ...(shell ? { shell } : {}),
    ...(api ? { api } : {}),
    translate: (key, locale) => i18next.getFixedT(locale)(key),
    hasPage: (component) => pageOf(component) !== null,
  });
  const view = render(
    <AppActorProvider actor={actor}>
      <App />
    </AppActorProvider>,
  );
  return {
    actor,
    close() {
      view.unmount();
      actor.stop();
    },
  };
}
