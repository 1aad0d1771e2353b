import { FIRST_SCREEN_COOKIE, firstScreenVariant } from '../../../contract/firstScreen';
import type { Locale, Theme } from '../../config/constants';

/** A year: the cookie outlives sessions; the console writes it again at every start. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Remembers the locale and theme the console shows, for the server: its next /login is the login
 * page prerendered in them (contract/firstScreen). Nothing secret: a locale and a theme.
 */
export function rememberFirstScreen(document: Document, { locale, theme }: { locale: Locale; theme: Theme }): void {
  const value = firstScreenVariant(locale, theme);
  document.cookie = `${FIRST_SCREEN_COOKIE}=${value}; path=/; max-age=${MAX_AGE_SECONDS}; samesite=lax`;
}
