import { renderToString } from 'react-dom/server';
import type { Locale } from './config/constants';
import { prepareConsole } from './prepareConsole';
import { StorageKey, webCache } from './services/webCache';

/**
 * The login page as HTML, rendered at build time in a window without layout (scripts/prerenderLogin.ts),
 * for a browser whose saved locale is `locale`.
 */
export async function prerenderLogin(locale: Locale): Promise<string> {
  webCache.setLocal(StorageKey.LOCALE, { locale });
  const { actor, element } = await prepareConsole(false);
  try {
    return renderToString(element);
  } finally {
    actor.stop();
  }
}
