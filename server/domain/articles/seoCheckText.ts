import { textCatalog } from '../../i18n/catalog';
import type { Language } from '../../../contract/languages';
import type { ArticleDetail } from '../../../contract/schemas/article';
import en from '../../../contract/locales/en/seoChecks.json';
import zhCN from '../../../contract/locales/zh_CN/seoChecks.json';

/**
 * The SEO checks' words live in one catalog the console reads too (contract/locales, pack
 * `seoChecks`, keyed `<id>.<outcome>`): a stored score is worded by whoever reads it, and API
 * clients get the same explanation as `detail`.
 */
const catalog = textCatalog({ en: { translation: en }, zh_CN: { translation: zhCN } });

/** A check's explanation in `language`, or its stored detail when it was scored before outcomes were kept. */
export function seoCheckDetail(language: Language, check: ArticleDetail['seo_checks'][number]): string {
  const key = `${check.id}.${check.outcome}`;
  // With its values: an outcome worded by its count (`_one`, `_other`) exists only for a count.
  if (!check.outcome || !catalog.exists(key, { lng: 'en', ...check.values } as never)) return check.detail;
  return String(catalog.t(key, { lng: language, ...check.values } as never));
}

/** The article with each check's `detail` worded in the reader's language. */
export const seoCheckTexts = (article: ArticleDetail, language: Language): ArticleDetail => ({
  ...article,
  seo_checks: article.seo_checks.map((check) => ({ ...check, detail: seoCheckDetail(language, check) })),
});
