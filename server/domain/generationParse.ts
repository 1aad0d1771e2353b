import { ProviderError } from '../providers/httpRetry';
import { slugify } from './slug';
import { countWords } from './articleHtml';

/**
 * Reading what a writer answered. A model may wrap JSON in a code fence or add a sentence around
 * it; anything that still does not have the expected shape fails the item with the reason.
 */
export class GarbageAnswer extends ProviderError {}

function jsonIn(text: string, open: '{' | '['): unknown {
  const unfenced = text.replace(/```(?:json)?/gi, '');
  const close = open === '{' ? '}' : ']';
  const start = unfenced.indexOf(open);
  const end = unfenced.lastIndexOf(close);
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(unfenced.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

const clip = (text: string) => JSON.stringify(text.trim().slice(0, 100));
const clean = (s: unknown) => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '');

export interface Outline {
  title: string;
  sections: string[];
}

export function parseOutline(text: string): Outline {
  const data = jsonIn(text, '{') as { title?: unknown; sections?: unknown } | undefined;
  const title = clean(data?.title).replace(/^#+\s*/, '');
  const sections = Array.isArray(data?.sections) ? data.sections.map(clean).map((s) => s.replace(/^#+\s*/, '')).filter(Boolean) : [];
  if (!title || sections.length < 2) {
    throw new GarbageAnswer(`The outline answer is not {"title", "sections": [at least 2 headings]}: ${clip(text)}`);
  }
  return { title: title.slice(0, 200), sections: sections.slice(0, 12).map((s) => s.slice(0, 200)) };
}

/** The body in Markdown: an introduction, then `## ` sections. A leading `# ` title is dropped. */
export function parseBody(text: string, minWords: number): string {
  const body = text
    .replace(/^```(?:markdown|md)?\s*\n/i, '')
    .replace(/\n```\s*$/, '')
    .replace(/^\s*#\s+[^\n]*\n/, '')
    .trim();
  const sections = (body.match(/^##\s+\S/gm) ?? []).length;
  const words = countWords(body);
  if (sections < 2 || words < minWords) {
    throw new GarbageAnswer(`The article answer has ${sections} section heading(s) and ${words} words; at least 2 "## " sections and ${minWords} words were expected: ${clip(text)}`);
  }
  return body;
}

export interface FaqItem {
  question: string;
  answer: string;
}

export function parseFaq(text: string): FaqItem[] {
  const data = jsonIn(text, '[');
  const items = Array.isArray(data)
    ? data.map((d: { question?: unknown; answer?: unknown }) => ({ question: clean(d?.question), answer: clean(d?.answer) })).filter((d) => d.question && d.answer)
    : [];
  if (items.length === 0) throw new GarbageAnswer(`The FAQ answer is not a JSON list of {"question", "answer"}: ${clip(text)}`);
  return items.slice(0, 10);
}

export interface Meta {
  metaTitle: string;
  metaDescription: string;
  slug: string;
}

export function parseMeta(text: string, fallbackSlug: string): Meta {
  const data = jsonIn(text, '{') as { meta_title?: unknown; meta_description?: unknown; slug?: unknown } | undefined;
  const metaTitle = clean(data?.meta_title);
  const metaDescription = clean(data?.meta_description);
  if (!metaTitle || !metaDescription) throw new GarbageAnswer(`The meta answer is not {"meta_title", "meta_description", "slug"}: ${clip(text)}`);
  return { metaTitle: metaTitle.slice(0, 120), metaDescription: metaDescription.slice(0, 320), slug: slugify(clean(data?.slug)) || fallbackSlug };
}

/** What each step must answer with; sent as the system message, so a user's template cannot break it. */
export const STEP_FORMAT = {
  outline: 'You are an expert SEO writer. Answer only with JSON: {"title": "the article title", "sections": ["H2 heading", ...]}. No other text.',
  article:
    'You are an expert SEO writer. Answer only with the article body in Markdown: an introduction paragraph, then one "## " heading per outline entry, in order, each followed by its paragraphs ("### " for sub-points). Do not repeat the title as a "# " heading. No other text.',
  faq: 'You are an expert SEO writer. Answer only with JSON: [{"question": "...", "answer": "..."}, ...]. No other text.',
  meta: 'You are an expert SEO writer. Answer only with JSON: {"meta_title": "...", "meta_description": "...", "slug": "..."}. No other text.',
} as const;
