import { syllable } from 'syllable';
import { countWords, htmlText } from './articleHtml';
import { faqJsonLd, faqJsonLdProblem } from './jsonLd';
import { slugify } from './slug';

export interface SeoCheck {
  id: string;
  passed: boolean;
  detail: string;
  weight: number;
}

export interface SeoInput {
  title: string;
  /** Sanitised HTML of the body (the title is the page's H1 and is not repeated in it). */
  body: string;
  slug: string;
  metaDescription: string;
  keyword: string;
  language: string;
  faq: { question: string; answer: string }[];
  coverUrl: string;
  coverAlt: string;
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const occurrences = (text: string, phrase: string) => {
  if (!phrase) return 0;
  let count = 0;
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + phrase.length)) count++;
  return count;
};

const tagTexts = (html: string, tag: string) => [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'gi'))].map((m) => htmlText(m[1]));

/** English reading ease (Flesch): 206.835 − 1.015 × words per sentence − 84.6 × syllables per word. */
export function fleschReadingEase(text: string): number {
  const sentences = text.split(/[.!?]+(?:\s|$)/).filter((s) => /\p{L}/u.test(s)).length || 1;
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length === 0) return 0;
  const known = new Map<string, number>();
  const count = (w: string) => {
    const key = w.toLowerCase();
    let n = known.get(key);
    if (n === undefined) known.set(key, (n = Math.max(1, syllable(key))));
    return n;
  };
  const syllables = words.reduce((sum, w) => sum + count(w), 0);
  return 206.835 - 1.015 * (words.length / sentences) - 84.6 * (syllables / words.length);
}

/**
 * The objective checks behind an article's SEO score; the score is the share of the weights of
 * the checks that pass, 0 to 100.
 */
export function seoChecks(a: SeoInput): SeoCheck[] {
  const keyword = norm(a.keyword);
  const text = htmlText(a.body);
  const lower = norm(text);
  const words = countWords(text);
  const keywordWords = Math.max(1, countWords(keyword));
  const paragraphs = tagTexts(a.body, 'p').filter(Boolean);
  const subheadings = [2, 3, 4, 5, 6].flatMap((n) => tagTexts(a.body, `h${n}`));
  const checks: SeoCheck[] = [];
  const add = (id: string, weight: number, passed: boolean, detail: string) => checks.push({ id, passed, detail, weight });

  if (!keyword) {
    add('keyword', 10, false, 'The article has no focus keyword, so keyword placement cannot be checked');
  } else {
    add('keyword_in_title', 10, norm(a.title).includes(keyword), norm(a.title).includes(keyword) ? 'The title contains the keyword' : `The title does not contain "${a.keyword}"`);
    const first = norm(paragraphs[0] ?? '');
    add('keyword_in_first_paragraph', 8, first.includes(keyword), first.includes(keyword) ? 'The first paragraph contains the keyword' : 'The first paragraph does not mention the keyword');
    const inSub = subheadings.some((h) => norm(h).includes(keyword));
    add('keyword_in_subheading', 6, inSub, inSub ? 'A subheading contains the keyword' : 'No subheading (H2–H6) contains the keyword');
    const slugKey = slugify(a.keyword);
    const inSlug = slugKey !== '' && a.slug.includes(slugKey);
    add('keyword_in_slug', 6, inSlug, inSlug ? 'The slug contains the keyword' : slugKey ? `The slug "${a.slug}" does not contain "${slugKey}"` : 'The keyword has no latin letters for a slug');
    const density = words > 0 ? (occurrences(lower, keyword) * keywordWords * 100) / words : 0;
    const rounded = Math.round(density * 100) / 100;
    add('keyword_density', 10, density >= 0.5 && density <= 3, `Keyword density ${rounded} % (keyword words / all words; 0.5–3 % is good)`);
  }

  const len = [...a.metaDescription].length;
  add('meta_description_length', 8, len >= 120 && len <= 160, `Meta description has ${len} characters (120–160 is good)`);
  add('word_count', 10, words >= 300, `${words} words (at least 300)`);
  const longest = Math.max(0, ...paragraphs.map(countWords));
  add('paragraph_length', 6, longest <= 150, paragraphs.length ? `The longest paragraph has ${longest} words (at most 150)` : 'No paragraphs');

  const levels = [...a.body.matchAll(/<h([1-6])\b/gi)].map((m) => Number(m[1]));
  const h1s = 1 + levels.filter((l) => l === 1).length;
  let skipped: string | null = null;
  let previous = 1;
  for (const level of levels) {
    if (level > previous + 1) skipped = `an H${level} follows an H${previous}`;
    previous = level;
  }
  const headingsOk = h1s === 1 && !skipped && levels.length > 0;
  add(
    'heading_structure',
    8,
    headingsOk,
    h1s !== 1 ? `${h1s} H1 headings (the title is the only H1)` : skipped ? `Headings skip a level: ${skipped}` : levels.length === 0 ? 'No subheadings' : 'One H1, headings in order',
  );

  const images = [...a.body.matchAll(/<img\b[^>]*>/gi)].map((m) => m[0]);
  const withoutAlt = images.filter((img) => !/\balt\s*=\s*"[^"]*\S[^"]*"/i.test(img)).length + (a.coverUrl && !a.coverAlt.trim() ? 1 : 0);
  const imageCount = images.length + (a.coverUrl ? 1 : 0);
  add(
    'image_alt',
    6,
    imageCount > 0 && withoutAlt === 0,
    imageCount === 0 ? 'No images' : withoutAlt === 0 ? `All ${imageCount} images have alt text` : `${withoutAlt} of ${imageCount} images lack alt text`,
  );

  if (a.language.toLowerCase().startsWith('en')) {
    const ease = Math.round(fleschReadingEase(text));
    add('readability', 8, ease >= 60, `Flesch reading ease ${ease} (60 or more reads easily)`);
  }

  const problem = a.faq.length === 0 ? 'no FAQ' : faqJsonLdProblem(JSON.parse(JSON.stringify(faqJsonLd(a.faq))));
  add('faq_jsonld', 8, problem === null, problem === null ? `FAQPage JSON-LD with ${a.faq.length} questions` : `FAQ JSON-LD is not valid: ${problem}`);
  return checks;
}

export function seoScore(checks: SeoCheck[]): number {
  const total = checks.reduce((s, c) => s + c.weight, 0);
  return total === 0 ? 0 : Math.round((100 * checks.filter((c) => c.passed).reduce((s, c) => s + c.weight, 0)) / total);
}
