import type { Ctx } from '../context';
import type { ArticleRow } from '../../db/articles';
import { findTask } from '../../db/generationTasks';
import { builtInPrompts } from '../../db/prompts';
import { findSite } from '../../db/sites';
import { renderTemplate, type PromptValues } from '../generation/promptTemplates';

/*
 * A refresh is written with the account's own voice: the article template the article was
 * generated with (its task's), or, for an article not generated or whose task is gone, the
 * default article template, filled like generation fills it; the refresh's instructions follow.
 */

const h2s = (html: string) => [...html.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/gi)].map((m) => m[1].replace(/<[^>]+>/g, '').trim());

/** What a refresh asks: the template filled, the words the article was asked for (its task's, else what it has) and its site's address. */
export interface RefreshAsk {
  prompt: string;
  values: PromptValues;
  words: number;
  siteUrl: string;
}

/** The article template of `article`'s refresh, filled with the article's values. */
export async function refreshPrompt(ctx: Pick<Ctx, 'db'>, article: ArticleRow): Promise<RefreshAsk> {
  const [task, site] = await Promise.all([
    article.taskId ? findTask(ctx.db, article.accountId, article.taskId) : null,
    article.siteId ? findSite(ctx.db, article.accountId, article.siteId) : null,
  ]);
  const template = task?.prompts.article?.content ?? (await builtInPrompts(ctx.db)).find((p) => p.kind === 'article')?.content ?? '';
  // A refreshed article meets the length its task asked for, as a new one does; one written by hand, the length it has.
  const words = task?.wordCount ?? article.wordCount;
  const sections = article.outline.length ? article.outline : h2s(article.body);
  const values: PromptValues = {
    keyword: article.keyword || article.title,
    title: article.title,
    language: article.language,
    site: site?.name ?? '',
    word_count: String(words),
    outline: sections.map((s) => `- ${s}`).join('\n'),
  };
  return { prompt: renderTemplate(template, values), values, words, siteUrl: site?.url ?? '' };
}
