import type { ArticleSummary } from '../../../contract/schemas/article';

/** The dialogs of the article page, each by name with the article it is about. */
export type ArticleDialog =
  | { name: 'create' | 'import' | 'export' | 'refresh' }
  | { name: 'detail' | 'code' | 'edit'; row: ArticleSummary }
  /** Publishing: a row's article, or (from the header) articles chosen in the picker. */
  | { name: 'publish'; row?: ArticleSummary };
