import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { DEFAULT_LOCALE, LOCALES, type Locale } from '../config/constants';

export { DEFAULT_LOCALE, LOCALES, type Locale };

// The startup namespaces (apart, for src/main.tsx).
import { FIRST_SCREEN_NAMESPACES, NAMESPACES } from './namespaces';

export { FIRST_SCREEN_NAMESPACES, NAMESPACES };

/** Namespaces of the content pages: not loaded at start, but when a page asks for them (`useTranslation('site')`). */
export const PAGE_NAMESPACES = [
  'site',
  'prompt',
  'article',
  'generation',
  'account',
  'errorLog',
  'publishing',
  'tasks',
  'notice',
  'workorder',
  'accessKey',
  'invite',
  // System pages
  'systems',
  // Words shared with the server (contract/locales): one source for both.
  'seoChecks',
  'ledger',
  'adminLog',
  'orders',
  'accounts',
] as const;

type LanguagePack = { default: Record<string, unknown> };
/** Each JSON file becomes its own chunk, fetched when its locale is first used. */
const packLoaders = import.meta.glob<LanguagePack>('./locales/*/*.json');
/** Packs the server words its answers with too (contract/locales). */
const sharedPackLoaders = import.meta.glob<LanguagePack>('../../contract/locales/*/*.json');

const lazyLanguagePacks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load =
      packLoaders[`./locales/${language}/${namespace}.json`] ?? sharedPackLoaders[`../../contract/locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No language pack ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (pack) => callback(null, pack.default),
      (error: Error) => callback(error, false),
    );
  },
};

export { isLanguage as isLocale } from '../../contract/languages';

/**
 * Resolves once i18next has started: it ignores a pack asked for before (`loadNamespaces` then
 * resolves at once, loading nothing), and a start with a stored session asks for the page's packs
 * while i18next is still starting.
 */
function started(): Promise<void> {
  if (i18next.isInitialized) return Promise.resolve();
  return new Promise((resolve) => {
    const resolveOnce = () => {
      i18next.off('initialized', resolveOnce);
      resolve();
    };
    i18next.on('initialized', resolveOnce);
  });
}

/** Starts i18next with the packs of `locale` loaded; resolves once they are. */
export async function setupI18n(locale: Locale = DEFAULT_LOCALE): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next
      .use(lazyLanguagePacks)
      .use(initReactI18next)
      .init({
        lng: locale,
        // No fallback language: i18next would fetch its packs too, the other locale's on an English
        // page. Both locales have every key (tests/views/i18n.test.ts).
        fallbackLng: false,
        supportedLngs: [...LOCALES],
        load: 'currentOnly',
        ns: [...FIRST_SCREEN_NAMESPACES],
        // Every key names its namespace; the default is only what `useTranslation()` waits for, so it
        // is one the first screen has (a `common` default would fetch that pack on the login page).
        defaultNS: 'sys',
        nsSeparator: '.',
        keySeparator: '.',
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      });
  } else if (i18next.language !== locale) {
    await i18next.changeLanguage(locale);
  }
  return i18next;
}

/**
 * The current locale's `namespaces`, once i18next has started (asked for before, they wait for it):
 * what a page reads, loaded with its code, so that its first render finds its words.
 */
export async function loadPacks(namespaces: readonly string[]): Promise<void> {
  await started();
  await i18next.loadNamespaces([...namespaces]);
}

/** The signed-in shell's packs (the dashboard's), loaded with its code. */
export async function loadSignedInPacks(): Promise<void> {
  await loadPacks(NAMESPACES.filter((ns) => !(FIRST_SCREEN_NAMESPACES as readonly string[]).includes(ns)));
}

/**
 * Every locale's packs: menu search matches titles in all of them. Asked for by the signed-in
 * shell once it shows, never by the login page (it fetches its own locale only, also
 * while it loads the shell ahead).
 */
export async function loadEveryLocale(): Promise<void> {
  await i18next.loadLanguages([...LOCALES]);
}

/** Every page's pack of the current locale (fetched ahead, when the signed-in console is idle). */
export async function loadPagePacks(): Promise<void> {
  await i18next.loadNamespaces([...PAGE_NAMESPACES]);
}

/** Loads the packs of `locale` (if not yet loaded), then switches every translated view to it. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
}

export { i18next };
