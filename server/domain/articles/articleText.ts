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

/** The start of an HTML fragment's text: empty when it has none. */
const leadOf = (html: string) => htmlText(html).slice(0, 200);

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
