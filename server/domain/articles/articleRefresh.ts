import dayjs from 'dayjs';
import type { ArticleDetail } from '../../../contract/schemas/article';
import type { ArticleRefreshList, ArticleRefreshListQuery } from '../../../contract/schemas/articleRefresh';
import { ResultCode } from '../../../contract/codes';
import type { Ctx } from '../context';
import * as q from '../../db/articles';
import { addPoints } from '../../db/accounts';
import { message } from '../../i18n/messages';
import { reasonOf } from '../../i18n/wordedError';
import { inTextThread } from '../../textThread/client';
import { articleOf } from './articleOf';
import { changeArticle } from './articleVersions';
import { invalid, notFound, refused } from '../errors';
import { GarbageAnswer, STEP_FORMAT, checkLanguage, parseBody, sectionCount } from '../generation/generationParse';
import { atAskedLength, lostHeadings, putBackLinks } from '../generation/lengthen';
import { fitDescription, fitTitle } from '../generation/fitLimits';
import { readableText } from './articleHtml';
import { listRelated, relatedHeading } from '../links/relatedList';
import { ensureAffordable, refund } from '../money/points';
import { providersOf } from '../system/providerSettings';
import { refreshPrompt } from './refreshPrompt';
import { priceOf, refreshLines } from '../money/quote';
import type { Writer } from '../../providers/llm/types';
import { pageWindow } from '../pageWindow';

/**
 * A refresh: the model brings a published article's text and facts up to date in place. Its slug
 * stays (its address does not move), every link it had stays (its internal links above all), the
 * text it replaces is kept as a version, and the caller sends it to the article's posts: the
 * publishing path that sends them links a post with too few internal links to pages the site
 * gained since, as on its first publish.
 */

export async function refreshableArticles(
  ctx: Pick<Ctx, 'db' | 'now'>,
  accountId: number,
  query: ArticleRefreshListQuery,
): Promise<ArticleRefreshList> {
  const { rows, total } = await q.refreshableArticles(
    ctx.db,
    accountId,
    {
      siteId: query.site_id,
      changedBefore: query.older_than_days ? dayjs(ctx.now()).subtract(query.older_than_days, 'day').toDate() : undefined,
      maxSeoScore: query.max_seo_score,
      refreshing: query.refreshing,
    },
    { ...pageWindow(query) },
  );
  return { list: rows.map(q.toArticleSummary), total };
}

const LINK = /<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi;

/**
 * `html` with every link of `before` it lost put back: a model may drop one, and an internal link
 * dropped is a page of the site no longer linked. The lost ones are listed under the related heading.
 */
export function keepLinks(before: string, html: string, language: string): string {
  const kept = new Set([...html.matchAll(LINK)].map((m) => m[1]));
  const lost = new Map<string, string>();
  for (const [, href, text] of before.matchAll(LINK)) if (!kept.has(href) && !lost.has(href)) lost.set(href, text);
  return listRelated(
    html,
    [...lost].map(([href, text]) => ({ href, text })),
    language,
  );
}

/** What a refresh stores: the refreshed body (HTML) with the title and meta it keeps, brought within the SEO limits. */
export type RefreshedText = Pick<q.ArticleRow, 'body' | 'title' | 'metaTitle' | 'metaDescription'>;

/**
 * The model's refreshed text of `article`, held to what a new article is held to: asked with the
 * account's article template, filled as generation fills it, and the refresh's instructions; every
 * section heading the article had kept (else it fails, saying which); at its asked length (a short
 * answer lengthened once, as generation does, else it fails); every link it had kept; its title and
 * meta within the SEO panel's lengths. A failure leaves the article as it was.
 */
export async function refreshedText(
  ctx: Pick<Ctx, 'db'>,
  writer: Writer,
  article: q.ArticleRow,
  signal?: AbortSignal,
): Promise<RefreshedText> {
  const topic = article.keyword || article.title;
  const [markdown, ask] = await Promise.all([inTextThread('htmlToMarkdown', article.body), refreshPrompt(ctx, article)]);
  const complete = (step: 'article' | 'lengthen', prompt: string) =>
    writer.complete({
      step,
      system: `${STEP_FORMAT[step]} Keep every link exactly as it is ([text](url)), keep the headings' order, and update only what is out of date. Write in the language "${article.language}".`,
      prompt,
      values: ask.values,
      maxTokens: Math.min(16_000, Math.round(Math.max(ask.words, article.wordCount) * 2.5) + 500),
      signal,
    });
  const answer = await complete(
    'article',
    `${ask.prompt}\n\nRefresh the article about "${topic}" titled ${JSON.stringify(article.title)}: bring its facts, figures and examples up to date, as of ${dayjs().format('YYYY-MM')}.\n\n${markdown}`,
  );
  // The sections a new article must have, or those the article had when it had fewer.
  const draft = parseBody(answer, Math.min(150, Math.round(article.wordCount / 4)), article.title, Math.min(2, sectionCount(markdown)));
  // The related heading is not the article's own section: its links, when dropped, are listed under it again below.
  const related = relatedHeading(article.language).toLowerCase();
  const lost = lostHeadings(markdown, draft).filter((h) => h.toLowerCase() !== related);
  if (lost.length)
    throw new GarbageAnswer(message('articleRefresh.headingsLost', { count: lost.length, headings: lost.map((h) => `“${h}”`).join(', ') }));
  const asked = {
    keyword: topic,
    title: article.title,
    siteName: ask.values.site,
    language: article.language,
    words: ask.words,
    siteUrl: ask.siteUrl,
  };
  const body = await atAskedLength(draft, asked, (prompt) => complete('lengthen', prompt));
  checkLanguage(`${article.title}\n${body.markdown}`, article.language);
  const { html: written } = await inTextThread('readBody', body.markdown, 'markdown');
  // The links the lengthening lost go back on their words; any other link the article had, under its related heading.
  const html = keepLinks(article.body, putBackLinks(written, body.lostLinks, article.language), article.language);
  const opening = readableText(/<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '');
  return {
    body: html,
    title: fitTitle(article.title, article.language),
    metaTitle: fitTitle(article.metaTitle, article.language),
    metaDescription: fitDescription(article.metaDescription, opening, article.language),
  };
}

/**
 * Refreshes a published article, charged like a generated article (the refresh quote's lines):
 * debited before the model is asked, refunded when it fails.
 */
export async function refreshArticle(
  ctx: Pick<Ctx, 'db' | 'config'>,
  accountId: number,
  id: number,
  by: number | null,
): Promise<ArticleDetail> {
  const article = await articleOf(ctx, accountId, id);
  if (article.status !== 'published') throw invalid('articleRefresh.notPublished', { id });
  const { writer } = await providersOf(ctx, accountId);
  // The offline writer makes briefs, not prose: it has nothing to bring up to date.
  if (writer.offline) throw invalid('articleRefresh.needsModel');
  const cost = priceOf(refreshLines(ctx));
  const reference = `refresh:${id}`;
  if (cost > 0)
    await ctx.db.transaction(async (tx) => {
      await ensureAffordable(tx, accountId, cost, message('articleRefresh.forRefresh', { cost }));
      await addPoints(tx, accountId, -cost, 'article_generation', reference);
    });
  let changes: Partial<q.ArticleRow>;
  try {
    const text = await refreshedText(ctx, writer, article);
    changes = { ...text, ...(await inTextThread('articleScores', { ...article, ...text })) };
  } catch (error) {
    // Charged in one transaction, refunded in one: the ledger shows both, the balance is as it was.
    await ctx.db.transaction((tx) => refund(tx, accountId, cost, reference));
    throw refused(ResultCode.ERROR, 'articleRefresh.failed', { reason: reasonOf(error as Error) });
  }
  const refreshed = await ctx.db.transaction(async (tx) => {
    // The text replaced is the one stored now: an edit made while the model wrote is kept as a version.
    const current = await q.lockArticle(tx, article.id);
    if (!current) {
      await refund(tx, accountId, cost, reference);
      return null;
    }
    return changeArticle(tx, current, changes, 'refresh', by);
  });
  if (!refreshed) throw notFound('articleRefusal.notFound', { id });
  return q.toArticleDetail(refreshed);
}
