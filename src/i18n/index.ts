import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The console's locales (spec §1): Chinese by default, English. */
export const LOCALES = ['zh_CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh_CN';

/**
 * One file per namespace and locale; a key names its namespace first (`sys.api.errMsg401`), so the
 * namespace and key separators are both '.'.
 */
export const NAMESPACES = ['common', 'sys', 'layout', 'routes', 'dashboard'] as const;

/** Namespaces of the content pages: not loaded at start, but when a page asks for them (`useTranslation('site')`). */
export const PAGE_NAMESPACES = [
  'site',
  'prompt',
  'article',
  'articleTask',
  'account',
  'errorLog',
  'task',
  'notice',
  'workorder',
  'accessKey',
  'invite',
  'model',
] as const;

type LanguagePack = { default: Record<string, unknown> };
/** Each JSON file becomes its own chunk, fetched when its locale is first used. */
const packLoaders = import.meta.glob<LanguagePack>('./locales/*/*.json');

const lazyLanguagePacks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = packLoaders[`./locales/${language}/${namespace}.json`];
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

export function isLocale(value: unknown): value is Locale {
  return LOCALES.includes(value as Locale);
}

/** Starts i18next with the packs of `locale` loaded; resolves once they are. */
export async function setupI18n(locale: Locale = DEFAULT_LOCALE): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next
      .use(lazyLanguagePacks)
      .use(initReactI18next)
      .init({
        lng: locale,
        fallbackLng: DEFAULT_LOCALE,
        supportedLngs: [...LOCALES],
        load: 'currentOnly',
        ns: [...NAMESPACES],
        defaultNS: 'common',
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

/** Loads the packs of `locale` (if not yet loaded), then switches every translated view to it. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
}

export { i18next };
