import { countWords } from '../articles/articleHtml';
import { message, render } from '../../i18n/messages';
import { placeLinks, type LinkToPlace } from '../links/linkPlacement';
import { GarbageAnswer, parseBody, sectionCount } from './generationParse';

/*
 * A body well short of the length it was asked for is sent back once to be lengthened; still short,
 * it fails (and is refunded) rather than being stored shorter than asked. The lengthened answer is
 * used only when it keeps the draft's structure: every section heading the draft had (the outline a
 * reader and the table of contents follow), and every link to the site the draft carried (put back
 * where its words are, as the internal-link step places links). Generation and refresh share it.
 */

/** The share of the asked words a body must reach; below it the model is asked once to lengthen it, then the body fails. */
export const LENGTH_SHARE_MIN = 0.7;

/** What a body was asked for. */
export interface AskedBody {
  keyword: string;
  title: string;
  siteName: string;
  language: string;
  /** The words asked for. */
  words: number;
  /** The site's address: a link of the draft to it is one the lengthened body must keep. */
  siteUrl: string;
  /** The site's live pages: when given, a lost link to another page of the site is a guessed one, not put back. */
  liveUrls?: string[];
}

/** A body at its asked length (Markdown), and the draft's links to the site the lengthening lost, to be put back once it is HTML. */
export interface BodyAtLength {
  markdown: string;
  lostLinks: LinkToPlace[];
}

const zh = (language: string) => language.toLowerCase().startsWith('zh');

export const minimumWords = (asked: number) => Math.ceil(asked * LENGTH_SHARE_MIN);

/** What the model is asked when its body came out short: the draft, how long it is and how long it should be. */
export const lengthenPrompt = (asked: AskedBody, draft: string) =>
  `The draft below of the article about "${asked.keyword}" titled "${asked.title}" for ${asked.siteName} has ${countWords(draft)} words${
    zh(asked.language) ? ' (Chinese characters)' : ''
  }; it should have about ${asked.words} words. Lengthen it to about ${asked.words} words in ${asked.language}: ` +
  'keep the introduction and every heading in its order, keep every link exactly as it is, and give each section more substance ' +
  '(concrete examples, steps, facts) for readers searching for the keyword; no padding, filler or repetition.\n\n' +
  `Draft:\n\n${draft}`;

/** A heading as a reader sees it: without emphasis, closing colon or case. */
const headingKey = (text: string) =>
  text
    .replace(/[*_`]/g, '')
    .replace(/[\s:：]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The "## " and "### " headings of a Markdown body, as written. */
export const markdownHeadings = (markdown: string) => [...markdown.matchAll(/^#{2,3}[ \t]+(.+?)[ \t#]*$/gm)].map((m) => m[1].trim());

/** The section headings of `before` that `after` does not have. */
export function lostHeadings(before: string, after: string): string[] {
  const kept = new Set(markdownHeadings(after).map(headingKey));
  return markdownHeadings(before).filter((h) => !kept.has(headingKey(h)));
}

const MD_LINK = /(?<!!)\[([^\]]+)\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** An address in one form (no fragment or trailing slash), or null when it is not one of the site's. */
function onSite(href: string, site: URL | null): string | null {
  if (!site || !URL.canParse(href, site)) return null;
  const url = new URL(href, site);
  if (url.host.toLowerCase() !== site.host.toLowerCase()) return null;
  return `${url.host}${url.pathname.replace(/\/+$/, '')}${url.search}`.toLowerCase();
}

/** The links of `before` to the site (`siteUrl`) that `after` does not have, each once, with the words it had. */
export function lostSiteLinks(before: string, after: string, siteUrl: string, liveUrls?: string[]): LinkToPlace[] {
  const site = URL.canParse(siteUrl) ? new URL(siteUrl) : null;
  const live = liveUrls && new Set(liveUrls.map((u) => onSite(u, site)));
  const kept = new Set([...after.matchAll(MD_LINK)].map((m) => onSite(m[2], site)));
  const lost = new Map<string, LinkToPlace>();
  for (const [, text, href] of before.matchAll(MD_LINK)) {
    const address = onSite(href, site);
    if (address === null || kept.has(address) || lost.has(address) || (live && !live.has(address))) continue;
    const words = text.replace(/[*_`]/g, '').trim();
    lost.set(address, { url: href, phrases: [words], title: words });
  }
  return [...lost.values()];
}

/**
 * `markdown` at its asked length: as it is when long enough, else the model's lengthened body
 * (`lengthen` asks for it once with the prompt given). The lengthened body is refused — the item or
 * refresh fails with the reason — when it is still short or lost a heading of the draft.
 */
export async function atAskedLength(
  markdown: string,
  asked: AskedBody,
  lengthen: (prompt: string) => Promise<string>,
): Promise<BodyAtLength> {
  const minimum = minimumWords(asked.words);
  if (countWords(markdown) >= minimum) return { markdown, lostLinks: [] };
  const longer = parseBody(await lengthen(lengthenPrompt(asked, markdown)), 0, asked.title, Math.min(2, sectionCount(markdown)));
  const words = countWords(longer);
  if (words < minimum) throw new GarbageAnswer(message('modelAnswer.bodyTooShort', { words, asked: asked.words, minimum }));
  const lost = lostHeadings(markdown, longer);
  if (lost.length) {
    const headings = lost.map((h) => `“${h}”`).join(', ');
    throw new GarbageAnswer(message('modelAnswer.headingsLost', { headings, count: lost.length }));
  }
  return { markdown: longer, lostLinks: lostSiteLinks(markdown, longer, asked.siteUrl, asked.liveUrls) };
}

/** `html` with the links the lengthening lost put back on their words (else in a sentence of their own closing a section). */
export const putBackLinks = (html: string, links: LinkToPlace[], language: string) =>
  links.length ? placeLinks(html, links, render(zh(language) ? 'zh_CN' : 'en', message('internalLinks.related'))).html : html;
