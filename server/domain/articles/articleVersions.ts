import type { ArticleVersionDetail, ArticleVersionList, ArticleVersionListQuery } from '../../../contract/schemas/articleVersion';
import type { ArticleVersionSource } from '../../../contract/statuses';
import { dateTime } from '../../../contract/dateTime';
import type { Ctx } from '../context';
import type { DbOrTx } from '../../db/connection';
import type { ArticleRow } from '../../db/articles';
import * as q from '../../db/articles';
import * as v from '../../db/articleVersions';
import { notFound } from '../errors';
import { inTextThread } from '../../textThread/client';
import { articleOf } from './articleOf';
import { pageWindow } from '../pageWindow';

/** The text an article's versions keep. */
const textOf = (row: Pick<ArticleRow, 'title' | 'body' | 'metaTitle' | 'metaDescription'>): v.KeptText => ({
  title: row.title,
  body: row.body,
  metaTitle: row.metaTitle,
  metaDescription: row.metaDescription,
});

const sameText = (a: v.KeptText, b: v.KeptText) =>
  a.title === b.title && a.body === b.body && a.metaTitle === b.metaTitle && a.metaDescription === b.metaDescription;

/**
 * Changes an article's row in `tx`, first keeping its text as a version when the change replaces it
 * (a change of its site or status alone keeps none): nothing an article said is ever lost.
 */
export async function changeArticle(
  tx: DbOrTx,
  row: ArticleRow,
  values: Partial<ArticleRow>,
  source: ArticleVersionSource,
  by: number | null,
) {
  const next = { ...textOf(row), ...pickText(values) };
  if (!sameText(textOf(row), next)) await v.insertVersion(tx, row.id, textOf(row), source, by);
  return q.updateArticle(tx, row.id, values);
}

const pickText = (values: Partial<ArticleRow>) =>
  Object.fromEntries(
    (['title', 'body', 'metaTitle', 'metaDescription'] as const).filter((k) => values[k] !== undefined).map((k) => [k, values[k]]),
  ) as Partial<v.KeptText>;

export async function listVersions(ctx: Pick<Ctx, 'db'>, accountId: number, query: ArticleVersionListQuery): Promise<ArticleVersionList> {
  const article = await articleOf(ctx, accountId, query.article_id);
  const { rows, total } = await v.listVersions(ctx.db, article.id, { ...pageWindow(query) });
  return {
    list: rows.map((r) => ({
      number: r.number,
      title: r.title,
      source: r.source,
      created_at: dateTime(r.createdAt),
      created_by: r.createdBy ?? '',
    })),
    total,
  };
}

async function versionOf(ctx: Pick<Ctx, 'db'>, accountId: number, articleId: number, number: number) {
  const article = await articleOf(ctx, accountId, articleId);
  const found = await v.findVersion(ctx.db, article.id, number);
  if (!found) throw notFound('articleVersion.notFound', { id: articleId, number });
  return { article, ...found };
}

/** A kept version, with what changed between it (before) and the article's current text (after). */
export async function versionDetail(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  articleId: number,
  number: number,
): Promise<ArticleVersionDetail> {
  const { article, version, createdBy } = await versionOf(ctx, accountId, articleId, number);
  return {
    number: version.number,
    title: version.title,
    source: version.source,
    created_at: dateTime(version.createdAt),
    created_by: createdBy ?? '',
    meta_title: version.metaTitle,
    meta_description: version.metaDescription,
    body: version.body,
    diff: await inTextThread('versionDiff', textOf(version), textOf(article)),
  };
}

/** Brings a kept text back: the text it replaces is kept in turn, as a version made by the restore. */
export async function restoreVersion(ctx: Pick<Ctx, 'db'>, accountId: number, articleId: number, number: number, by: number | null) {
  const { article, version } = await versionOf(ctx, accountId, articleId, number);
  const text = textOf(version);
  const scores = await inTextThread('articleScores', { ...article, ...text });
  const restored = await ctx.db.transaction((tx) => changeArticle(tx, article, { ...text, ...scores }, 'restore', by));
  return q.toArticleDetail(restored);
}
