import { topicTokens } from './topicTokens';

/*
 * Which articles of a site are related: a score anyone can check by hand — how many terms two
 * texts share (the site context's topic tokens: words, and for Chinese or Japanese each pair of
 * neighbouring characters, so "有机堆肥" and "堆肥方法" share "堆肥" without a dictionary).
 */

/** The section headings of an article's HTML, as text. */
export const headingsOf = (html: string) =>
  [...html.matchAll(/<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]>/gi)].map((m) => m[1].replace(/<[^>]+>/g, ' ')).join(' ');

export interface LinkSubject {
  keyword: string;
  title: string;
}

/**
 * How related a candidate is to an article: the terms of the candidate's keyword and title found
 * among the article's keyword, title and section headings, a shared keyword term counting twice.
 */
export function relevance(article: LinkSubject & { headings: string }, candidate: LinkSubject): number {
  const mine = topicTokens(`${article.keyword} ${article.title} ${article.headings}`);
  const myKeyword = topicTokens(article.keyword);
  const theirKeyword = topicTokens(candidate.keyword);
  let score = 0;
  for (const term of topicTokens(`${candidate.keyword} ${candidate.title}`)) {
    if (!mine.has(term)) continue;
    score += myKeyword.has(term) && theirKeyword.has(term) ? 2 : 1;
  }
  return score;
}

/**
 * The candidates to link, best first: every related one (score above 0) up to `most`, topped up to
 * `least` with the most recent others (a site with few articles still links them); ties go to the
 * most recent. Candidates come most recent first.
 */
export function chooseRelated<T extends LinkSubject>(
  article: LinkSubject & { headings: string },
  candidates: T[],
  least: number,
  most: number,
): T[] {
  const scored = candidates.map((c, order) => ({ c, order, score: relevance(article, c) }));
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const related = scored.filter((s) => s.score > 0).slice(0, most);
  const others = scored.filter((s) => s.score === 0).slice(0, Math.max(0, least - related.length));
  return [...related, ...others].map((s) => s.c);
}
