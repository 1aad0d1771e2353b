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
import { STEP_FORMAT, checkLanguage, parseBody } from '../generation/generationParse';
import { listRelated } from '../links/relatedList';
import { ensureAffordable, refund } from '../money/points';
import { providersOf } from '../system/providerSettings';
import { refreshPrompt } from './refreshPrompt';
import { priceOf, refreshLines } from '../money/quote';
import type { Writer } from '../../providers/llm/types';

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
  const { page = 1, page_size = 20 } = query;
  const { rows, total } = await q.refreshableArticles(
    ctx.db,
    accountId,
    {
      siteId: query.site_id,
      changedBefore: query.older_than_days ? dayjs(ctx.now()).subtract(query.older_than_days, 'day').toDate() : undefined,
      maxSeoScore: query.max_seo_score,
      refreshing: query.refreshing,
    },
    { limit: page_size, offset: (page - 1) * page_size },
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

/**
 * The model's refreshed body of `article` (Markdown), checked like a generated one: asked with the
 * account's article template, filled as generation fills it, and the refresh's instructions.
 */
export async function rewrite(ctx: Pick<Ctx, 'db'>, writer: Writer, article: q.ArticleRow, signal?: AbortSignal): Promise<string> {
  const topic = article.keyword || article.title;
  const [markdown, { prompt, values }] = await Promise.all([inTextThread('htmlToMarkdown', article.body), refreshPrompt(ctx, article)]);
  const answer = await writer.complete({
    step: 'article',
    system: `${STEP_FORMAT.article} Keep every link exactly as it is ([text](url)), keep the headings' order, and update only what is out of date. Write in the language "${article.language}".`,
    prompt: `${prompt}\n\nRefresh the article about "${topic}" titled ${JSON.stringify(article.title)}: bring its facts, figures and examples up to date, as of ${dayjs().format('YYYY-MM')}.\n\n${markdown}`,
    values,
    maxTokens: Math.min(16_000, Math.round(article.wordCount * 2.5) + 500),
    signal,
  });
  const body = parseBody(answer, Math.min(150, Math.round(article.wordCount / 4)), article.title);
  checkLanguage(`${article.title}\n${body}`, article.language);
  return body;
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
  let html: string;
  try {
    const { html: written } = await inTextThread('readBody', await rewrite(ctx, writer, article), 'markdown');
    html = keepLinks(article.body, written, article.language);
  } catch (error) {
    await ctx.db.transaction((tx) => refund(tx, accountId, cost, reference));
    throw refused(ResultCode.ERROR, 'articleRefresh.failed', { reason: reasonOf(error as Error) });
  }
  const scores = await inTextThread('articleScores', { ...article, body: html });
  const refreshed = await ctx.db.transaction(async (tx) => {
    // The text replaced is the one stored now: an edit made while the model wrote is kept as a version.
    const current = await q.lockArticle(tx, article.id);
    if (!current) {
      await refund(tx, accountId, cost, reference);
      return null;
    }
    return changeArticle(tx, current, { body: html, ...scores }, 'refresh', by);
  });
  if (!refreshed) throw notFound('articleRefusal.notFound', { id });
  return q.toArticleDetail(refreshed);
}
