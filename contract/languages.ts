/**
 * The languages the console and the server speak (spec §1): Chinese is the console's default;
 * English is what an API client gets when nothing else names a language.
 */
export const LANGUAGES = ['zh_CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The BCP 47 tag of a language, as it travels in `Accept-Language`. */
export const languageTag = (language: Language) => (language === 'zh_CN' ? 'zh-CN' : 'en');
