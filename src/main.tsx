import { DEFAULT_LOCALE, LOCALES, type Locale } from './config/constants';
import { FIRST_SCREEN_NAMESPACES, NAMESPACES } from './i18n/namespaces';
import { hasStoredValues, loadStorageCipher, StorageKey, webCache } from './services/webCache';

/**
 * The console's entry: small on purpose. It runs as soon as it and the stored-state
 * reader are loaded, while the rest of the first load (./start: React, Chakra, the machines, and the
 * login page; index.html preloads them) is still arriving, and asks for what only the stored state
 * can tell: the saved locale's packs for the first screen, and the signed-in shell (with the rest of
 * Chakra's recipes, components/theme/consoleTheme) when a session is stored. i18next's own loads
 * later find them under way. On /login, the page itself has the form drawn already.
 */
const packs = import.meta.glob('./i18n/locales/*/*.json');
// What is stored is encrypted: a start that finds values stored reads them once the cipher's code is
// there (a stored session was stored by this build's console, whose chunks the browser has cached); a
// first visit's login page draws without it.
const cipherReady = hasStoredValues() ? loadStorageCipher().catch(() => {}) : Promise.resolve();
void cipherReady.then(() => {
  const stored = webCache.getLocal<{ locale?: Locale }>(StorageKey.LOCALE)?.locale;
  const locale: Locale = LOCALES.includes(stored as Locale) ? (stored as Locale) : DEFAULT_LOCALE;
  const token = webCache.getLocal<string>(StorageKey.TOKEN);
  // The entry stays small: it does not import the console's addresses (contract/paths.ts) for this one.
  // eslint-disable-next-line no-restricted-syntax
  const signedIn = Boolean(token) && window.location.pathname !== '/login';
  // The server sends /login with the login page drawn in the saved locale (scripts/prerenderLogin.ts):
  // hydrated when it is the page this browser shows (a stored session may show another).
  const hydrate = !token && document.getElementById('root')?.dataset.prerendered === locale;
  for (const namespace of signedIn ? NAMESPACES : FIRST_SCREEN_NAMESPACES)
    void packs[`./i18n/locales/${locale}/${namespace}.json`]?.().catch(() => {});
  // A failed chunk shows (and is retried) where it renders.
  // A stored session's shell actors start with the console (src/prepareConsole waits for their code).
  if (token) void import('./app/shellActors').catch(() => {});
  if (signedIn) {
    void import('./views/SignedInShell').catch(() => {});
    void import('./components/theme/consoleRecipes').catch(() => {});
  }
  void import('./start').then(({ start }) => start(signedIn, hydrate));
});
