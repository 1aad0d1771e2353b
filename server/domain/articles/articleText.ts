import type { ArticleRow } from '../../db/articles';
import { htmlText, sanitizeArticleHtml, toArticleHtml } from './articleHtml';
import { seoReport, seoScore, type SeoInput } from './seo';
import { versionDiff } from './versionDiff';
import { htmlToMarkdown } from './htmlMarkdown';

/** The fields of an article its word count and SEO score are computed from: the SEO checks' own, the cover's alt from its images. */
export type ScoredFields = Omit<SeoInput, 'coverAlt' | 'siteUrl' | 'otherArticles'> & Pick<ArticleRow, 'images'>;

/** Word count and SEO score, recomputed whenever the text changes. */
export function articleScores({ images, ...fields }: ScoredFields) {
  const { checks, words } = seoReport({ ...fields, coverAlt: images.find((i) => i.url === fields.coverUrl)?.alt ?? '' });
  return { wordCount: words, seoScore: seoScore(checks), seoChecks: checks };
}

const LEAD = 200;

/**
 * The start of an HTML fragment's text: empty when it has none. Read from the fragment up to the
 * end of a tag, a longer part each time, until that part's text is long enough: the text of such a
 * part is the start of the whole's (a tag, an entity or a run of blanks never spans its end), and
 * a long body's lead is read from its first kilobytes.
 */
function leadOf(html: string): string {
  const tag = /<[^>]*>/g;
  for (let m = tag.exec(html), wanted = 1000; m; m = tag.exec(html)) {
    if (tag.lastIndex < wanted) continue;
    const text = htmlText(html.slice(0, tag.lastIndex));
    if (text.length >= LEAD) return text.slice(0, LEAD);
    wanted = tag.lastIndex * 2;
  }
  return htmlText(html).slice(0, LEAD);
}

/** The stored HTML of a body given as Markdown or HTML, and the start of its text (empty: nothing safe was left). */
export function readBody(content: string, format: 'markdown' | 'html') {
  const html = toArticleHtml(content, format);
  return { html, lead: leadOf(html) };
}

/**
 * An imported document: its title (its first H1, else its first line), and the rest as readBody
 * reads a body (its stored HTML, the start of its text: empty when the rest has none).
 */
export function readDocument(content: string, format: 'markdown' | 'html') {
  const html = toArticleHtml(content, format);
  const h1 = html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/i);
  const first = h1 ? null : html.match(/<(p|h[2-6])\b[^>]*>([\s\S]*?)<\/\1>/i);
  const heading = h1 ?? first;
  const title = h1 ? htmlText(h1[1]) : htmlText(first?.[2] ?? '').slice(0, 300);
  const body = heading ? html.replace(heading[0], '').trim() : html;
  return { title, body: { html: body, lead: leadOf(body) } };
}

/**
 * The work on a user's text that costs time in proportion to its length (sanitising, rendering
 * Markdown, scoring, comparing versions): run in the text thread (textThread/client.ts), not the server's own.
 */
export const textWork = { readBody, readDocument, sanitizeArticleHtml, articleScores, versionDiff, htmlToMarkdown };
export type TextWork = typeof textWork;
