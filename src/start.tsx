import { createRoot, hydrateRoot } from 'react-dom/client';
import { prepareConsole } from './prepareConsole';

/**
 * Mounts the console (src/prepareConsole.tsx) into the page: it hydrates the login page when the
 * server sent it prerendered (`hydrate`, src/main.tsx; scripts/prerenderLogin.ts), else draws it
 * in place of the splash. Should the prerendered page not match its first render, React draws it
 * anew and reports the mismatch as a recoverable error. The login form takes over what was typed
 * into the prerendered one (app/takeOverPrerendered).
 */
export async function start(signedIn: boolean, hydrate: boolean) {
  const root = document.getElementById('root') as HTMLElement;
  const { element } = await prepareConsole(signedIn);
  if (hydrate) hydrateRoot(root, element);
  else createRoot(root).render(element);
}
