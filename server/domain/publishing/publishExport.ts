import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExportQuery } from '../../../contract/schemas/publishExport';
import { MAX_EXPORT_ARTICLES } from '../../../contract/schemas/publishExport';
import type { Ctx } from '../context';
import type { ArticleRow } from '../../db/articles';
import * as q from '../../db/publishExport';
import { articlesOfAccount, findTaskView, type PublishingTaskRow } from '../../db/publishingTasks';
import { invalid, notFound } from '../errors';

/** One article as an export writes it: the row, its category (if any) and the tags it carries. */
export interface ExportArticle {
  article: ArticleRow;
  category: { name: string; slug: string } | null;
  tags: string[];
  siteName: string;
  siteUrl: string;
}

/** What an export holds: the articles in order (read in small batches), and every category and tag among them. */
export interface ExportSelection {
  count: number;
  categories: { name: string; slug: string }[];
  tags: string[];
  articles(): AsyncIterable<ExportArticle>;
}

const BATCH = 25;

/** The ids asked for: the listed articles (all the account's), a publishing task's, or the filter's (newest first). */
async function idsOf(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  query: ExportQuery,
): Promise<{ ids: number[]; task: PublishingTaskRow | null }> {
  if (query.article_ids) {
    const ids = [...new Set(query.article_ids.split(',').map(Number))];
    if (ids.length > MAX_EXPORT_ARTICLES) throw invalid('export.tooMany', { max: MAX_EXPORT_ARTICLES });
    const rows = await articlesOfAccount(ctx.db, accountId, ids);
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw invalid('publishing.noArticles', { ids: missing.slice(0, 10).join(', ') });
    return { ids, task: null };
  }
  if (query.task_id) {
    const task = (await findTaskView(ctx.db, accountId, query.task_id))?.task;
    if (!task) throw notFound('publishing.notFound', { id: query.task_id });
    return { ids: await q.articleIdsOfTask(ctx.db, accountId, task.id, MAX_EXPORT_ARTICLES), task };
  }
  const filter = { siteId: query.site_id, status: query.status, title: query.title };
  return { ids: await q.filteredArticleIds(ctx.db, accountId, filter, MAX_EXPORT_ARTICLES), task: null };
}

/**
 * The articles an export request names, checked before anything is sent: another account's article
 * or an unknown task is refused, and an empty selection too. Categories: the task's, else the
 * article's own, else its site's default; tags: the task's.
 */
export async function exportSelection(ctx: Pick<Ctx, 'db'>, accountId: number, query: ExportQuery): Promise<ExportSelection> {
  const { ids, task } = await idsOf(ctx, accountId, query);
  if (ids.length === 0) throw invalid(query.task_id ? 'export.nothingLeft' : 'export.nothingMatches');

  const heads = await q.exportHeads(ctx.db, ids);
  const headOf = new Map(heads.map((h) => [h.id, h]));
  const categoryIds = new Set<number>();
  const categoryIdOf = new Map<number, number>();
  for (const h of heads) {
    const id = task?.categoryId ?? h.categoryId ?? h.defaultCategoryId;
    if (id) {
      categoryIds.add(id);
      categoryIdOf.set(h.id, id);
    }
  }
  const categoryRows = await q.categoriesByIds(ctx.db, [...categoryIds]);
  const categoryById = new Map(categoryRows.map((c) => [c.id, { name: c.name, slug: c.slug || slugOf(c.name) }]));
  const tags = task?.tags ?? [];
  const categories = [...new Map([...categoryById.values()].map((c) => [c.slug, c])).values()];

  return {
    count: ids.length,
    categories,
    tags,
    async *articles() {
      for (let i = 0; i < ids.length; i += BATCH) {
        const batch = ids.slice(i, i + BATCH);
        const rows = await q.wholeArticles(ctx.db, accountId, batch);
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const id of batch) {
          const article = byId.get(id);
          if (!article) continue; // deleted meanwhile
          const head = headOf.get(id);
          const categoryId = categoryIdOf.get(id);
          yield {
            article,
            category: (categoryId && categoryById.get(categoryId)) || null,
            tags,
            siteName: head?.siteName ?? '',
            siteUrl: head?.siteUrl ?? '',
          };
        }
      }
    },
  };
}

/** A URL slug of a name: lower-case letters, digits and dashes (other scripts kept). */
export function slugOf(name: string): string {
  return (
    name
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'item'
  );
}

/** This server's bytes of a local image (`/uploads/…` under DATA_DIR/uploads); null for any other URL or a file that is gone. */
export function localImages(uploadsDir: string) {
  const root = path.resolve(uploadsDir);
  return async (url: string): Promise<Buffer | null> => {
    if (!url.startsWith('/uploads/')) return null;
    let name: string;
    try {
      name = decodeURIComponent(url.slice('/uploads/'.length).split(/[?#]/)[0]);
    } catch {
      return null;
    }
    const file = path.resolve(root, name);
    if (!file.startsWith(root + path.sep)) return null;
    return fs.readFile(file).catch(() => null);
  };
}
