import fs from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import type {
  ArticleAddBody,
  ArticleDetail,
  ArticleEditBody,
  ArticleList,
  ArticleListQuery,
  ArticleWordPress,
} from '../../../contract/schemas/article';
import type { Ctx } from '../context';
import * as q from '../../db/articles';
import { findCategory, findSite } from '../../db/sites';
import { findUploadOf } from '../../db/uploads';
import { label } from '../../i18n/messages';
import { invalid, notFound } from '../errors';
import { inTextThread } from '../../textThread/client';
import { slugify } from './slug';
import { articleJsonLd, faqJsonLd, jsonLdScript } from './jsonLd';
import { absoluteUrl, withAbsoluteImages } from './absoluteImages';
import { changeArticle } from './articleVersions';
import { articleOf } from './articleOf';
import { pageWindow } from '../pageWindow';

/** The site and category an article may be filed under: the account's own. */
async function checkPlacement(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  siteId: number | null | undefined,
  categoryId: number | null | undefined,
) {
  if (siteId && !(await findSite(ctx.db, accountId, siteId))) throw notFound('site.notFound', { id: siteId });
  if (categoryId) {
    if (!siteId) throw invalid('articleRefusal.categoryNeedsSite');
    if (!(await findCategory(ctx.db, siteId, categoryId)))
      throw invalid('articleRefusal.noCategoryInSite', { category: categoryId, site: siteId });
  }
}

/** A meta description from the text (its lead) when none is given: its first 155 characters, at a word. */
const descriptionFrom = (text: string) => (text.length <= 155 ? text : `${text.slice(0, 155).replace(/\s+\S*$/, '')}…`);

/** `YYYY-MM-DD` means the whole day (from its start, to its end). */
function dateBound(value: string | undefined, field: string, end: boolean): Date | undefined {
  if (!value) return undefined;
  const at = dayjs(value.length === 10 ? `${value} ${end ? '23:59:59.999' : '00:00:00'}` : value);
  if (!at.isValid()) throw invalid('articleRefusal.notADate', { field: label(field), value });
  return at.toDate();
}

/** The account's articles, filtered, by page or after a keyset cursor (the id of the last one seen). */
export async function listArticles(ctx: Pick<Ctx, 'db'>, accountId: number, query: ArticleListQuery): Promise<ArticleList> {
  const { cursor, title, keyword, site_id, task_id, status, date_from, date_to } = query;
  const filter = {
    title,
    keyword,
    siteId: site_id,
    taskId: task_id,
    status,
    from: dateBound(date_from, 'date_from', false),
    to: dateBound(date_to, 'date_to', true),
  };
  const window = pageWindow(query);
  const { rows, total } = await q.listArticles(ctx.db, accountId, filter, { ...window, afterId: cursor ? Number(cursor) : undefined });
  const last = rows.at(-1);
  return { list: rows.map(q.toArticleSummary), total, next_cursor: rows.length === window.limit && last ? String(last.id) : null };
}

export async function articleDetail(ctx: Pick<Ctx, 'db'>, accountId: number, id: number): Promise<ArticleDetail> {
  return q.toArticleDetail(await articleOf(ctx, accountId, id));
}

export async function addArticle(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  body: ArticleAddBody,
  source: 'manual' | 'imported' = 'manual',
): Promise<ArticleDetail> {
  await checkPlacement(ctx, accountId, body.site_id, body.category_id);
  return storeArticle(ctx, accountId, body, await inTextThread('readBody', body.body, body.format ?? 'html'), source);
}

/** A new article of `body`'s fields with its body already read (readBody): stored, scored. */
async function storeArticle(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  body: Omit<ArticleAddBody, 'body' | 'format'>,
  { html, lead }: { html: string; lead: string },
  source: 'manual' | 'imported',
): Promise<ArticleDetail> {
  if (!lead) throw invalid('articleRefusal.nothingLeft');
  const base = {
    title: body.title.trim(),
    body: html,
    slug: body.slug ?? slugify(body.title),
    metaDescription: body.meta_description ?? descriptionFrom(lead),
    keyword: body.keyword?.trim() ?? '',
    language: body.language ?? 'en',
    faq: [],
    coverUrl: '',
    images: [],
  };
  const row = await q.insertArticle(ctx.db, {
    ...base,
    ...(await inTextThread('articleScores', base)),
    accountId,
    siteId: body.site_id ?? null,
    categoryId: body.category_id ?? null,
    metaTitle: body.meta_title ?? base.title.slice(0, 60),
    status: body.status ?? 'draft',
    source,
    wordpress: chosenForWordPress({}, body.wordpress),
  });
  return q.toArticleDetail(row);
}

/** An edit by `by` (the signed-in user; null for an access key): the text it replaces is kept as a version. */
export async function editArticle(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  body: ArticleEditBody,
  by: number | null,
): Promise<ArticleDetail> {
  const row = await articleOf(ctx, accountId, body.id);
  const siteId = body.site_id === undefined ? row.siteId : body.site_id;
  const categoryId = body.category_id === undefined ? (body.site_id === undefined ? row.categoryId : null) : body.category_id;
  await checkPlacement(ctx, accountId, siteId, categoryId);
  if (body.status && row.status === 'published' && body.status !== 'draft') throw invalid('articleRefusal.publishedBackToDraft');
  const read = body.body === undefined ? null : await inTextThread('readBody', body.body, body.format ?? 'html');
  if (read && !read.lead) throw invalid('articleRefusal.nothingLeft');
  const html = read?.html ?? row.body;
  const next = {
    ...row,
    title: body.title?.trim() ?? row.title,
    body: html,
    slug: body.slug ?? row.slug,
    metaTitle: body.meta_title ?? row.metaTitle,
    metaDescription: body.meta_description ?? row.metaDescription,
    keyword: body.keyword?.trim() ?? row.keyword,
    language: body.language ?? row.language,
  };
  const scores = await inTextThread('articleScores', next);
  const values = {
    title: next.title,
    body: next.body,
    slug: next.slug,
    metaTitle: next.metaTitle,
    metaDescription: next.metaDescription,
    keyword: next.keyword,
    language: next.language,
    siteId,
    categoryId,
    status: body.status ?? row.status,
    wordpress: chosenForWordPress(row.wordpress, body.wordpress),
    ...scores,
  };
  const edited = await ctx.db.transaction((tx) => changeArticle(tx, row, values, 'edit', by));
  return q.toArticleDetail(edited);
}

/** The WordPress choices with those given replaced: names trimmed, each once (as WordPress compares them, ignoring case). */
function chosenForWordPress(stored: Partial<ArticleWordPress>, given: Partial<ArticleWordPress> | undefined): Partial<ArticleWordPress> {
  if (!given) return stored;
  const names = (list: string[]) =>
    list.map((n) => n.trim()).filter((n, i, all) => n && all.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i);
  return {
    ...stored,
    ...given,
    ...(given.categories ? { categories: names(given.categories) } : {}),
    ...(given.tags ? { tags: names(given.tags) } : {}),
    ...(given.author !== undefined ? { author: given.author.trim() } : {}),
    ...(given.excerpt !== undefined ? { excerpt: given.excerpt.trim() } : {}),
    ...canonicalChoice(stored.canonical_url, given.canonical_url),
  };
}

/**
 * An empty canonical clears the site's only once a canonical was chosen here: a form sending its empty
 * field with every save must not erase the canonical a site's editor set by hand.
 */
function canonicalChoice(stored: string | undefined, given: string | undefined): Pick<Partial<ArticleWordPress>, 'canonical_url'> {
  if (given === undefined) return stored === undefined ? {} : { canonical_url: stored };
  const url = given.trim();
  return url || stored !== undefined ? { canonical_url: url } : { canonical_url: undefined };
}

export async function deleteArticle(ctx: Pick<Ctx, 'db'>, accountId: number, id: number) {
  const row = await articleOf(ctx, accountId, id);
  await q.deleteArticle(ctx.db, row.id);
}

export async function importArticle(
  ctx: Pick<Ctx, 'db' | 'config'>,
  accountId: number,
  body: { content?: string; upload?: string; format?: 'html' | 'markdown'; keyword?: string; site_id?: number | null },
) {
  if ((body.content === undefined) === (body.upload === undefined)) throw invalid('articleRefusal.contentOrUpload');
  let content = body.content ?? '';
  let format = body.format;
  if (body.upload !== undefined) {
    const storedName = body.upload.split('/').pop() ?? '';
    const file = await findUploadOf(ctx.db, accountId, storedName);
    if (!file) throw notFound('upload.notYours', { name: body.upload });
    if (!['text/markdown', 'text/html', 'text/plain'].includes(file.mime))
      throw invalid('articleRefusal.notAnArticle', { mime: file.mime });
    content = await fs.promises.readFile(path.join(ctx.config.dataDir, 'uploads', file.storedName), 'utf8');
    format ??= file.mime === 'text/html' ? 'html' : 'markdown';
  }
  format ??= /^\s*</.test(content) ? 'html' : 'markdown';
  // The document is read once: its rest is stored as read, not sanitised a second time.
  const { title, body: rest } = await inTextThread('readDocument', content, format);
  if (!title) throw invalid('articleRefusal.noTitle');
  if (!rest.lead) throw invalid('articleRefusal.noText');
  const site_id = body.site_id ?? undefined;
  await checkPlacement(ctx, accountId, site_id, undefined);
  return storeArticle(ctx, accountId, { title, keyword: body.keyword, site_id }, rest, 'imported');
}

/** The HTML to paste, and its JSON-LD: Article, plus FAQPage when the article has questions. */
export async function articleCode(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number, id: number) {
  const a = await articleOf(ctx, accountId, id);
  const site = a.siteId ? await findSite(ctx.db, accountId, a.siteId) : null;
  // Copied, the page lives elsewhere: its images are this server's, at their absolute addresses.
  const coverUrl = absoluteUrl(a.coverUrl, ctx.config.publicUrl);
  const docs: object[] = [
    articleJsonLd({ ...a, coverUrl, siteUrl: site?.url ?? '', siteName: site?.name ?? '' }),
    ...(a.faq.length ? [faqJsonLd(a.faq)] : []),
  ];
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const cover = a.coverUrl
    ? `<img src="${escape(coverUrl)}" alt="${escape(a.images.find((i) => i.url === a.coverUrl)?.alt ?? a.title)}" />\n`
    : '';
  return {
    html: `<article>\n<h1>${escape(a.title)}</h1>\n${cover}${withAbsoluteImages(a.body, ctx.config.publicUrl)}\n</article>`,
    json_ld: docs.map(jsonLdScript).join('\n'),
    json_ld_objects: docs,
  };
}
