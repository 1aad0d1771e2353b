import type { ArticleRow } from '../db/articles';
import { countWords, htmlText, sanitizeArticleHtml, toArticleHtml } from './articleHtml';
import { seoChecks, seoScore } from './seo';

/** The fields of an article its word count and SEO score are computed from. */
export type ScoredFields = Pick<
  ArticleRow,
  'title' | 'body' | 'slug' | 'metaDescription' | 'keyword' | 'language' | 'faq' | 'coverUrl' | 'images'
>;

/** Word count and SEO score, recomputed whenever the text changes. */
export function articleScores(a: ScoredFields) {
  const checks = seoChecks({
    title: a.title,
    body: a.body,
    slug: a.slug,
    metaDescription: a.metaDescription,
    keyword: a.keyword,
    language: a.language,
    faq: a.faq,
    coverUrl: a.coverUrl,
    coverAlt: a.images.find((i) => i.url === a.coverUrl)?.alt ?? '',
  });
  return { wordCount: countWords(htmlText(a.body)), seoScore: seoScore(checks), seoChecks: checks };
}

/** The stored HTML of a body given as Markdown or HTML, and the start of its text (empty: nothing safe was left). */
export function readBody(content: string, format: 'markdown' | 'html') {
  const html = toArticleHtml(content, format);
  return { html, lead: htmlText(html).slice(0, 200) };
}

/** An imported document: its title (its first H1, else its first line), the rest, and whether the rest has text. */
export function readDocument(content: string, format: 'markdown' | 'html') {
  const html = toArticleHtml(content, format);
  const h1 = html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/i);
  const first = h1 ? null : html.match(/<(p|h[2-6])\b[^>]*>([\s\S]*?)<\/\1>/i);
  const heading = h1 ?? first;
  const title = h1 ? htmlText(h1[1]) : htmlText(first?.[2] ?? '').slice(0, 300);
  const body = heading ? html.replace(heading[0], '').trim() : html;
  return { title, body, hasText: htmlText(body) !== '' };
}

/**
 * The work on a user's text that costs time in proportion to its length (sanitising, rendering
 * Markdown, scoring): run in the text thread (textThread/client.ts), not the server's own.
 */
export const textWork = { readBody, readDocument, sanitizeArticleHtml, articleScores };
export type TextWork = typeof textWork;
