import { syllable } from 'syllable';
import { countWords, htmlText } from './articleHtml';
import { faqJsonLd, faqJsonLdProblem } from './jsonLd';
import { slugify } from './slug';
import { LANGUAGE_SHARE_MIN, languageShare } from '../generation/generationParse';

/**
 * One objective check, as numbers: `outcome` names which of its explanations applies and `values`
 * fill it in. The words are the console's catalog (`article.seo.checks.<id>`), so a stored score
 * reads in whichever language its reader uses.
 */
export interface SeoCheck {
  id: string;
  passed: boolean;
  weight: number;
  outcome: string;
  values: Record<string, string | number>;
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
  /** The site's address: links to it are internal, others outbound. */
  siteUrl?: string;
  /** HTML of the site's other articles, for duplicate content. */
  otherArticles?: string[];
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const occurrences = (text: string, phrase: string) => {
  if (!phrase) return 0;
  let count = 0;
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + phrase.length)) count++;
  return count;
};

/** Each tag's pattern, made once. */
const tagPatterns = new Map<string, RegExp>();

/** The elements `tag` of an HTML fragment, in order (an element inside another of its kind ends at the first end tag). */
function tagPattern(tag: string): RegExp {
  let pattern = tagPatterns.get(tag);
  if (!pattern) tagPatterns.set(tag, (pattern = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'gi')));
  pattern.lastIndex = 0;
  return pattern;
}

/** The texts of an HTML fragment's `tag` elements. */
function tagTexts(html: string, tag: string): string[] {
  const pattern = tagPattern(tag);
  const texts: string[] = [];
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) texts.push(htmlText(m[1]));
  return texts;
}

/** Whether the text of one of an HTML fragment's `tag` elements passes `test`: read up to the first that does. */
function someTagText(html: string, tag: string, test: (text: string) => boolean): boolean {
  const pattern = tagPattern(tag);
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) if (test(htmlText(m[1]))) return true;
  return false;
}

/** How many of the pieces of `text` between the matches of the global `separator` have a letter in them. */
function piecesWithLetters(text: string, separator: RegExp): number {
  let pieces = 0;
  let from = 0;
  separator.lastIndex = 0;
  for (let m = separator.exec(text); m; m = separator.exec(text)) {
    if (LETTER.test(text.slice(from, m.index))) pieces++;
    from = separator.lastIndex;
  }
  return LETTER.test(text.slice(from)) ? pieces + 1 : pieces;
}

/**
 * The longest word of an English dictionary has 45 letters. A longer token (a URL, a run of one
 * letter) is no word a reader sounds out: its syllables are its vowel groups, counted in one pass
 * (the syllable counter's rules take time that grows with the square of a word's length).
 */
const LONGEST_WORD = 45;
const syllablesOf = (word: string) => (word.length <= LONGEST_WORD ? syllable(word) : (word.match(/[aeiouy]+/g)?.length ?? 0));

const LETTER = /\p{L}/u;
const SENTENCE_END = /[.!?]+(?:\s|$)/g;
const NOT_BLANK = /\S+/g;

/** English reading ease (Flesch): 206.835 − 1.015 × words per sentence − 84.6 × syllables per word. */
export function fleschReadingEase(text: string): number {
  // Sentences are the pieces between sentence ends, words the runs between blanks, each with a
  // letter in it: counted as they are found, without an array of them (a long text has 100,000s).
  const sentences = piecesWithLetters(text, SENTENCE_END) || 1;
  const known = new Map<string, number>();
  let words = 0;
  let syllables = 0;
  NOT_BLANK.lastIndex = 0;
  for (let m = NOT_BLANK.exec(text); m; m = NOT_BLANK.exec(text)) {
    if (!LETTER.test(m[0])) continue;
    const key = m[0].toLowerCase();
    let n = known.get(key);
    if (n === undefined) known.set(key, (n = Math.max(1, syllablesOf(key))));
    words++;
    syllables += n;
  }
  if (words === 0) return 0;
  return 206.835 - 1.015 * (words / sentences) - 84.6 * (syllables / words);
}

/**
 * The objective checks behind an article's SEO score; the score is the share of the weights of
 * the checks that pass, 0 to 100.
 */
export const seoChecks = (a: SeoInput): SeoCheck[] => seoReport(a).checks;

/** The SEO checks, and the body's word count they read (the body is read once for both). */
export function seoReport(a: SeoInput): { checks: SeoCheck[]; words: number } {
  const keyword = norm(a.keyword);
  const text = htmlText(a.body);
  const words = countWords(text);
  const keywordWords = Math.max(1, countWords(keyword));
  const paragraphTexts = tagTexts(a.body, 'p');
  const paragraphs = paragraphTexts.filter(Boolean);
  const checks: SeoCheck[] = [];
  const add = (id: string, weight: number, passed: boolean, outcome: string, values: SeoCheck['values'] = {}) =>
    checks.push({ id, passed, weight, outcome, values });
  const passFail = (passed: boolean) => (passed ? 'pass' : 'fail');

  if (!keyword) {
    add('keyword', 10, false, 'missing');
  } else {
    const inTitle = norm(a.title).includes(keyword);
    add('keyword_in_title', 10, inTitle, passFail(inTitle), { keyword: a.keyword });
    const inFirst = norm(paragraphs[0] ?? '').includes(keyword);
    add('keyword_in_first_paragraph', 8, inFirst, passFail(inFirst));
    // The subheadings' texts are read only for a keyword, up to the first that has it (a body of
    // 100,000 headings has as many).
    const inSub = [2, 3, 4, 5, 6].some((n) => someTagText(a.body, `h${n}`, (h) => norm(h).includes(keyword)));
    add('keyword_in_subheading', 6, inSub, passFail(inSub));
    const slugKey = slugify(a.keyword);
    const inSlug = slugKey !== '' && a.slug.includes(slugKey);
    add('keyword_in_slug', 6, inSlug, inSlug ? 'pass' : slugKey ? 'fail' : 'noLatin', { slug: a.slug, expected: slugKey });
    const count = occurrences(norm(text), keyword);
    const density = keyphraseDensity(count, keywordWords, words);
    const minCount = recommendedCount(keywordWords, 0.5, words, 'min');
    const good = (density >= 0.5 && density <= 3 && count >= 2) || (count === 2 && minCount <= 2);
    add('keyword_density', 10, good, 'measured', {
      density: Math.round(density * 100) / 100,
      count,
      words,
      keywordWords,
      min: 0.5,
      max: 3,
    });
  }

  const limits = limitsFor(a.language);
  const unit = limits.dense ? 'characters' : 'words';
  const len = [...a.metaDescription].length;
  add('meta_description_length', 8, len >= limits.meta[0] && len <= limits.meta[1], 'measured', {
    length: len,
    min: limits.meta[0],
    max: limits.meta[1],
  });
  const titleLength = [...a.title].length;
  add('title_length', 4, titleLength <= limits.title, 'measured', { length: titleLength, max: limits.title });
  add('word_count', 10, words >= limits.words, unit, { count: words, min: limits.words });
  const longest = Math.max(0, ...paragraphs.map(countWords));
  add('paragraph_length', 6, longest <= 150, paragraphs.length ? 'measured' : 'none', { count: longest, max: 150 });

  const levels: number[] = [];
  const heading = /<h([1-6])\b/gi;
  for (let m = heading.exec(a.body); m; m = heading.exec(a.body)) levels.push(Number(m[1]));
  const h1s = 1 + levels.filter((l) => l === 1).length;
  let skipped: { level: number; previous: number } | null = null;
  let previous = 1;
  for (const level of levels) {
    if (level > previous + 1) skipped = { level, previous };
    previous = level;
  }
  const headingsOk = h1s === 1 && !skipped && levels.length > 0;
  add(
    'heading_structure',
    8,
    headingsOk,
    h1s !== 1 ? 'manyH1' : skipped ? 'skipped' : levels.length === 0 ? 'none' : 'pass',
    h1s !== 1 ? { count: h1s } : (skipped ?? {}),
  );

  let images = 0;
  let imagesWithoutAlt = 0;
  const image = /<img\b[^>]*>/gi;
  for (let m = image.exec(a.body); m; m = image.exec(a.body)) {
    images++;
    if (!/\balt\s*=\s*"([^"]*)"/i.exec(m[0])?.[1].trim()) imagesWithoutAlt++;
  }
  const withoutAlt = imagesWithoutAlt + (a.coverUrl && !a.coverAlt.trim() ? 1 : 0);
  const imageCount = images + (a.coverUrl ? 1 : 0);
  add('image_alt', 6, imageCount > 0 && withoutAlt === 0, imageCount === 0 ? 'none' : withoutAlt === 0 ? 'pass' : 'fail', {
    count: imageCount,
    missing: withoutAlt,
  });

  if (a.language.toLowerCase().startsWith('en')) {
    const ease = Math.round(fleschReadingEase(text));
    add('readability', 8, ease >= 60, 'measured', { ease, min: 60 });
  }

  const shared = languageShare(text, a.language);
  add('language', 10, shared.share >= LANGUAGE_SHARE_MIN, 'measured', {
    share: Math.round(shared.share * 100),
    language: a.language,
    min: LANGUAGE_SHARE_MIN * 100,
  });

  const sentences = sentencesOfBlocks([...paragraphTexts, ...tagTexts(a.body, 'li')]);
  const repeated = repeatedSentences(sentences);
  const repeatedShare = sentences.length ? repeated / sentences.length : 0;
  add('repeated_sentences', 10, repeatedShare <= 0.05, 'measured', { repeated, sentences: sentences.length, max: 5 });
  const nearPairs = nearDuplicateParagraphs(paragraphs);
  add('duplicate_paragraphs', 6, nearPairs === 0, passFail(nearPairs === 0), { count: nearPairs });
  const others = a.otherArticles ?? [];
  const copied = copiedFromSite(sentences, a.body, others);
  add('duplicate_of_site', 10, copied.sentenceShare <= 0.2 && copied.overlap < 0.5, others.length === 0 ? 'none' : 'measured', {
    sentenceShare: Math.round(copied.sentenceShare * 100),
    overlap: Math.round(copied.overlap * 100),
    maxSentences: 20,
    maxOverlap: 50,
  });
  const links = linksOf(a.body, a.siteUrl ?? '');
  add('internal_links', 6, links.internal > 0, passFail(links.internal > 0), { count: links.internal });
  add('outbound_links', 4, links.outbound > 0, passFail(links.outbound > 0), { count: links.outbound });
  // Template content: a share of sentences repeated within the article or copied from the site's others.
  const templateShare = sentences.length ? (repeated + copied.copiedSentences) / sentences.length : 0;
  add('template_content', 0, templateShare <= 0.3, 'measured', { share: Math.round(templateShare * 100), max: 30, cap: TEMPLATE_CAP });

  const problem: { problem: string; question?: number } | null =
    a.faq.length === 0 ? { problem: 'none' } : faqJsonLdProblem(JSON.parse(JSON.stringify(faqJsonLd(a.faq))));
  add('faq_jsonld', 8, problem === null, problem === null ? 'pass' : problem.problem, {
    count: a.faq.length,
    question: problem?.question ?? 0,
  });
  return { checks, words };
}

/** The highest score an article with template content, or in the wrong language, can have. */
export const TEMPLATE_CAP = 60;
const CAPS: Record<string, number> = { template_content: TEMPLATE_CAP, language: 40, duplicate_of_site: TEMPLATE_CAP };

export function seoScore(checks: SeoCheck[]): number {
  const total = checks.reduce((s, c) => s + c.weight, 0);
  const score = total === 0 ? 0 : Math.round((100 * checks.filter((c) => c.passed).reduce((s, c) => s + c.weight, 0)) / total);
  return Math.min(score, ...checks.filter((c) => !c.passed && CAPS[c.id] !== undefined).map((c) => CAPS[c.id]));
}

/** Yoast's keyphrase length factor: a longer keyphrase is expected less often. */
export const keyphraseLengthFactor = (keyphraseWords: number) => 0.7 + keyphraseWords / 3;

/** Yoast's keyphrase density: occurrences per 100 words, weighted by the keyphrase length factor. */
export const keyphraseDensity = (count: number, keyphraseWords: number, words: number) =>
  words > 0 ? (count / words) * 100 * keyphraseLengthFactor(keyphraseWords) : 0;

/** Yoast's recommended count for a density: at least 2; min rounds up, max rounds down. */
export function recommendedCount(keyphraseWords: number, density: number, words: number, bound: 'min' | 'max') {
  if (words === 0) return 0;
  const count = (density * words) / (100 * keyphraseLengthFactor(keyphraseWords));
  if (count < 2) return 2;
  return bound === 'min' ? Math.ceil(count) : Math.floor(count);
}

const DENSE_LANGUAGE = /^(?:zh|ja|ko)/i;

/**
 * Length limits per language. A CJK character is about twice as wide as a latin letter, so a search
 * result shows about half as many: a Chinese meta description of 120–160 characters is cut in half.
 */
export function limitsFor(language: string) {
  return DENSE_LANGUAGE.test(language)
    ? { dense: true, meta: [50, 80] as const, title: 30, words: 600 }
    : { dense: false, meta: [120, 160] as const, title: 65, words: 300 };
}

/** The sentences of the article's paragraphs and list items, normalised; short fragments left out. */
export const sentencesOf = (html: string): string[] => sentencesOfBlocks([...tagTexts(html, 'p'), ...tagTexts(html, 'li')]);

/** The sentences of the texts of paragraphs and list items (sentencesOf). */
function sentencesOfBlocks(blocks: string[]): string[] {
  const out: string[] = [];
  for (const block of blocks) {
    for (const raw of block.split(/(?<=[.!?。！？；;])\s*/)) {
      const s = raw
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
      if (countWords(s) >= 5) out.push(s);
    }
  }
  return out;
}

/** How many sentences are a second (third, …) copy of one before them. */
function repeatedSentences(sentences: string[]): number {
  const seen = new Set<string>();
  let repeated = 0;
  for (const s of sentences) {
    if (seen.has(s)) repeated++;
    else seen.add(s);
  }
  return repeated;
}

/** Overlapping 3-token pieces of a text (tokens are words, or CJK characters). */
function shingles(text: string): Set<string> {
  const tokens = text
    .toLowerCase()
    .replace(/([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu, ' $1 ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i + 2 < tokens.length; i++) out.add(`${tokens[i]} ${tokens[i + 1]} ${tokens[i + 2]}`);
  return out;
}

const overlap = (a: Set<string>, b: Set<string>) => {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const x of small) if (large.has(x)) shared++;
  return shared;
};

/**
 * How many paragraphs are compared pairwise for near-duplicates: an article has tens of them; every
 * pair of thousands would take seconds (the number of pairs grows with the square of their number).
 */
const NEAR_DUPLICATE_PARAGRAPHS = 200;

/** Pairs of paragraphs (of 12+ pieces) that share 70 % or more of their 3-token pieces (Jaccard). */
function nearDuplicateParagraphs(paragraphs: string[]): number {
  // One paragraph makes no pair: its pieces (a long one has 100,000s) are not cut.
  if (paragraphs.length < 2) return 0;
  const sets: Set<string>[] = [];
  for (const paragraph of paragraphs) {
    if (sets.length === NEAR_DUPLICATE_PARAGRAPHS) break;
    const pieces = shingles(paragraph);
    if (pieces.size >= 12) sets.push(pieces);
  }
  let pairs = 0;
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      const shared = overlap(sets[i], sets[j]);
      if (shared / (sets[i].size + sets[j].size - shared) >= 0.7) pairs++;
    }
  }
  return pairs;
}

/** Sentences also found in the site's other articles, and the largest share of this text one of them contains. */
function copiedFromSite(sentences: string[], html: string, others: string[]) {
  if (others.length === 0 || sentences.length === 0) return { sentenceShare: 0, copiedSentences: 0, overlap: 0 };
  const theirs = new Set(others.flatMap(sentencesOf));
  const copiedSentences = sentences.filter((s) => theirs.has(s)).length;
  const mine = shingles(htmlText(html));
  let most = 0;
  if (mine.size > 0) for (const other of others) most = Math.max(most, overlap(mine, shingles(htmlText(other))) / mine.size);
  return { sentenceShare: copiedSentences / sentences.length, copiedSentences, overlap: most };
}

/** Links to the site itself (relative, or its host) and to other sites. */
function linksOf(html: string, siteUrl: string) {
  let host = '';
  try {
    host = siteUrl ? new URL(siteUrl).host.replace(/^www\./, '') : '';
  } catch {
    host = '';
  }
  let internal = 0;
  let outbound = 0;
  for (const m of html.matchAll(/<a\b[^>]*\bhref\s*=\s*"([^"]+)"/gi)) {
    const href = m[1];
    if (href.startsWith('/') && !href.startsWith('//')) internal++;
    else if (/^https?:\/\//i.test(href)) {
      try {
        if (host && new URL(href).host.replace(/^www\./, '') === host) internal++;
        else outbound++;
      } catch {
        /* not a URL: neither */
      }
    }
  }
  return { internal, outbound };
}
