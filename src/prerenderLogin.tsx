import { renderToString } from 'react-dom/server';
import { THEMES, type Locale, type Theme } from './config/constants';
import { prepareConsole } from './prepareConsole';
import { applyLocale, applyTheme } from './services/document/htmlAttributes';
import { StorageKey, webCache } from './services/webCache';

export interface PrerenderedLogin {
  /** What #root holds. */
  page: string;
  /** The page's <html> tag in each theme, as the console sets it. */
  htmlTags: Record<Theme, string>;
}

/** The opening <html> tag the console gives the page in `locale` and `theme`. */
function htmlTag(locale: Locale, theme: Theme): string {
  const html = window.document.createElement('html');
  applyLocale(html, locale);
  applyTheme(html, theme);
  return html.outerHTML.slice(0, html.outerHTML.indexOf('>') + 1);
}

/**
 * The login page as HTML, rendered at build time in a window without layout (scripts/prerenderLogin.ts),
 * for a browser whose saved locale is `locale`.
 */
export async function prerenderLogin(locale: Locale): Promise<PrerenderedLogin> {
  webCache.setLocal(StorageKey.LOCALE, { locale });
  const { actor, element } = await prepareConsole(false);
  try {
    const htmlTags = Object.fromEntries(THEMES.map((theme) => [theme, htmlTag(locale, theme)])) as Record<Theme, string>;
    return { page: renderToString(element), htmlTags };
  } finally {
    actor.stop();
  }
}
