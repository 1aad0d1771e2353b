import { ProviderError } from '../../providers/httpRetry';
import { message } from '../../i18n/messages';
import { slugify } from '../articles/slug';
import { countWords } from '../articles/articleHtml';

/**
 * Reading what a writer answered. A model may wrap JSON in a code fence or add a sentence around
 * it; anything that still does not have the expected shape fails the item with the reason.
 */
export class GarbageAnswer extends ProviderError {}

function jsonIn(text: string, open: '{' | '['): unknown {
  const unfenced = stripReasoning(text).replace(/```(?:json)?/gi, '');
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
  const sections = Array.isArray(data?.sections)
    ? data.sections
        .map(clean)
        .map((s) => s.replace(/^#+\s*/, ''))
        .filter(Boolean)
    : [];
  if (!title || sections.length < 2) {
    throw new GarbageAnswer(message('modelAnswer.outlineNotJson', { preview: clip(text) }));
  }
  return { title: title.slice(0, 200), sections: sections.slice(0, 12).map((s) => s.slice(0, 200)) };
}

/**
 * The body in Markdown: an introduction, then `## ` sections. What a model wraps around it is
 * removed first (see cleanModelText); a leading title (`# Title`, or the outline's title again) is
 * dropped.
 */
/** The "## " sections of a Markdown body. */
export const sectionCount = (markdown: string) => (markdown.match(/^##\s+\S/gm) ?? []).length;

/** A body answer cleaned, with at least `minSections` "## " sections (2 for a new article; a refreshed one, those it had) and `minWords` words. */
export function parseBody(text: string, minWords: number, title = '', minSections = 2): string {
  const body = cleanModelText(text, title);
  const sections = sectionCount(body);
  const words = countWords(body);
  if (sections < minSections || words < minWords) {
    throw new GarbageAnswer(message('modelAnswer.bodyTooThin', { sections, words, minWords, minSections, preview: clip(text) }));
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
    ? data
        .map((d: { question?: unknown; answer?: unknown }) => ({ question: clean(d?.question), answer: clean(d?.answer) }))
        .filter((d) => d.question && d.answer)
    : [];
  if (items.length === 0) throw new GarbageAnswer(message('modelAnswer.faqNotList', { preview: clip(text) }));
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
  if (!metaTitle || !metaDescription) throw new GarbageAnswer(message('modelAnswer.metaNotJson', { preview: clip(text) }));
  return {
    metaTitle: metaTitle.slice(0, 120),
    metaDescription: metaDescription.slice(0, 320),
    slug: slugify(clean(data?.slug)) || fallbackSlug,
  };
}

/**
 * Reasoning blocks some models put before the answer: `<think>…</think>`, `<thinking>`,
 * `<reasoning>`, `<reflection>`, and a `<think>` left open (the answer then follows its last
 * closing tag, or there is none).
 */
export function stripReasoning(text: string): string {
  let out = text.replace(/<(think|thinking|reasoning|reflection|analysis)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  // A closing tag without its opening one (the service dropped it): everything before it is reasoning.
  const stray = /<\/(think|thinking|reasoning|reflection|analysis)\s*>/gi;
  let last = -1;
  for (const m of out.matchAll(stray)) last = (m.index ?? 0) + m[0].length;
  if (last >= 0) out = out.slice(last);
  // An opening tag never closed: the model was cut off while thinking; nothing after it is the answer.
  out = out.replace(/<(think|thinking|reasoning|reflection|analysis)\b[^>]*>[\s\S]*$/i, '');
  return out.replace(/^\s*◁think▷[\s\S]*?◁\/think▷/, '').trim();
}

/** A line that only introduces the answer: "Sure! Here's the article:", "好的，以下是文章：". */
const PREFACE = new RegExp(
  [
    String.raw`^(?:sure|certainly|of course|absolutely|okay|ok|alright|here you go)[!,.:]?(?:\s[^\n]{0,160})?$`,
    String.raw`^(?:here(?:'s| is| are)|below is|the following is|i(?:'ve| have) written)\b[^\n]{0,160}[:.]$`,
    String.raw`^(?:好的|当然|没问题)[，,！!。][^\n]{0,80}$`,
    String.raw`^(?:以下是|下面是|这是|根据您的要求|按照您的要求)[^\n]{0,80}[：:]$`,
  ].join('|'),
  'i',
);
/** A line that only signs off: "I hope this article helps!", "Let me know if…", "希望这篇文章对你有帮助". */
const SIGN_OFF = new RegExp(
  [
    String.raw`^(?:i hope (?:this|that|you)|hope (?:this|that) helps|let me know|feel free to|if you(?:'d| would)? (?:like|need|want)|would you like me|i can also|happy (?:writing|gardening|cooking|reading)|enjoy!?$|is there anything else)[^
]*$`,
    String.raw`^(?:希望(?:这篇|本文|以上|这些|这个)|如果您?(?:需要|还有|想要)|如需|请告诉我|如有任何)[^
]*$`,
  ].join('|'),
  'i',
);
/** Lines such as "---" or "***" left between a preface and the answer. */
const RULE = /^\s*(?:[-*_]\s*){3,}$/;

const plainLine = (line: string) =>
  line
    .replace(/^#+\s*/, '')
    .replace(/^\*\*(.+)\*\*$/, '$1')
    .replace(/^__(.+)__$/, '$1')
    .replace(/[*_`"“”]/g, '')
    .trim()
    .toLowerCase();

/**
 * What a model wraps around a Markdown answer, removed: reasoning blocks, a preface before and a
 * sign-off after it, a code fence around the whole answer (also when a preface stands before the
 * fence), a leading `# ` title or the title repeated as the first line. Lines that are only a bold
 * phrase (`**Why it matters**`) are headings the model did not mark: they become `## ` headings,
 * or `### ` ones when the answer already has `## ` sections.
 */
export function cleanModelText(text: string, title = ''): string {
  let body = stripReasoning(text.replace(/\r\n?/g, '\n'));
  // A fenced block holding most of the answer: what stands outside it is a preface or a sign-off.
  const fenced = body.match(/^([\s\S]*?)```(?:markdown|md|html|text)?[ \t]*\n([\s\S]*?)\n```[ \t]*(?:\n([\s\S]*))?$/i);
  const onlyWrapping = (outside: string) =>
    outside
      .split('\n')
      .map((l) =>
        l
          .trim()
          .replace(/^[*_]+|[*_]+$/g, '')
          .trim(),
      )
      .every((l) => l === '' || RULE.test(l) || PREFACE.test(l) || SIGN_OFF.test(l));
  if (
    fenced &&
    (onlyWrapping(`${fenced[1]}\n${fenced[3] ?? ''}`) ||
      fenced[2].trim().length > (fenced[1].trim().length + (fenced[3] ?? '').trim().length) * 4)
  )
    body = fenced[2];
  let lines = body.split('\n');
  const trimEdge = (fromStart: boolean) => {
    for (;;) {
      const index = fromStart ? lines.findIndex((l) => l.trim() !== '') : lines.findLastIndex((l) => l.trim() !== '');
      if (index < 0) return;
      const line = lines[index].trim();
      const bare = line.replace(/^[*_]+|[*_]+$/g, '').trim();
      if (RULE.test(line) || (fromStart ? PREFACE.test(bare) : SIGN_OFF.test(bare))) lines.splice(index, 1);
      else return;
    }
  };
  trimEdge(true);
  trimEdge(false);
  // A title at the top: a "# " heading, or the title repeated (bold, "## ", or plain).
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first >= 0 && (/^#\s+/.test(lines[first].trim()) || (title && plainLine(lines[first]) === plainLine(title)))) lines.splice(first, 1);
  const hasSections = lines.some((l) => /^##\s+\S/.test(l));
  lines = lines.map((l) => {
    const bold = l.trim().match(/^(?:\*\*|__)([^*_\n]{2,120}?)(?:\*\*|__)[:：]?$/);
    return bold ? `${hasSections ? '###' : '##'} ${bold[1].trim().replace(/[:：]$/, '')}` : l;
  });
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A script's name in the catalog (`script.…`). */
type ScriptName = 'han' | 'japanese' | 'hangul' | 'cyrillic' | 'arabic' | 'hebrew' | 'greek' | 'thai' | 'devanagari' | 'latin';

/** The scripts a language is written in, for checking that an answer is in the language asked for. */
const SCRIPTS: { test: RegExp; script: RegExp; name: ScriptName }[] = [
  { test: /^zh/i, script: /\p{Script=Han}/u, name: 'han' },
  { test: /^ja/i, script: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u, name: 'japanese' },
  { test: /^ko/i, script: /\p{Script=Hangul}/u, name: 'hangul' },
  { test: /^(?:ru|uk|be|bg|sr|mk|kk|ky|mn|tg)\b/i, script: /\p{Script=Cyrillic}/u, name: 'cyrillic' },
  { test: /^(?:ar|fa|ur|ps)\b/i, script: /\p{Script=Arabic}/u, name: 'arabic' },
  { test: /^(?:he|yi)\b/i, script: /\p{Script=Hebrew}/u, name: 'hebrew' },
  { test: /^el\b/i, script: /\p{Script=Greek}/u, name: 'greek' },
  { test: /^th\b/i, script: /\p{Script=Thai}/u, name: 'thai' },
  { test: /^(?:hi|mr|ne)\b/i, script: /\p{Script=Devanagari}/u, name: 'devanagari' },
];
const LATIN = { script: /\p{Script=Latin}/u, name: 'latin' as const };
const DENSE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
/** What languageShare knows of a character: a blank, or a letter, of a dense script, of the language's script. */
const SPACE = 1;
const LETTER = 2;
const DENSE_LETTER = 4;
const WANTED = 8;

/**
 * The share of a text written in the script of `language`, 0 to 1. Units are characters for
 * CJK and Thai (a character is about a word) and words for the rest, so "如何选择跑步鞋 Explained:
 * Tips and Best Practices" is mostly English, and an English text quoting one Chinese keyword is
 * mostly English too.
 */
export function languageShare(text: string, language: string): { share: number; script: ScriptName } {
  const want = SCRIPTS.find((s) => s.test.test(language)) ?? LATIN;
  const denseLanguage = /^(?:zh|ja|ko|th)/i.test(language);
  // One pass over the characters, each kind of character classified once: a long text repeats few of them.
  const kinds = new Map<string, number>();
  const kindOf = (c: string) => {
    let kind = kinds.get(c);
    if (kind === undefined) {
      kind = /\s/.test(c) ? SPACE : /\p{L}/u.test(c) ? LETTER | (DENSE.test(c) ? DENSE_LETTER : 0) | (want.script.test(c) ? WANTED : 0) : 0;
      kinds.set(c, kind);
    }
    return kind;
  };
  let match = 0;
  let total = 0;
  let dense = 0;
  let denseWanted = 0;
  let rest = 0;
  let restWanted = 0;
  // A word (a run between blanks) of letters of both kinds: for a dense-script language its dense
  // characters count one each, for the others a run of them is one word; its other letters are one word.
  const endWord = () => {
    if (denseLanguage) {
      total += dense;
      match += denseWanted;
    } else if (dense) total += 1;
    if (rest) {
      total += 1;
      if (restWanted * 2 > rest) match += 1;
    }
    dense = denseWanted = rest = restWanted = 0;
  };
  for (const c of text) {
    const kind = kindOf(c);
    if (kind === SPACE) endWord();
    else if (kind & DENSE_LETTER) {
      dense++;
      if (kind & WANTED) denseWanted++;
    } else if (kind & LETTER) {
      rest++;
      if (kind & WANTED) restWanted++;
    }
  }
  endWord();
  return { share: total === 0 ? 0 : match / total, script: want.name };
}

/** Share of the language's script an answer needs; the rest may be names, code and loanwords. */
export const LANGUAGE_SHARE_MIN = 0.6;

/** Fails the item when a text is not in the language asked for (the worker refunds it). */
export function checkLanguage(text: string, language: string) {
  const { share, script } = languageShare(text, language);
  if (share < LANGUAGE_SHARE_MIN) {
    throw new GarbageAnswer(
      message('modelAnswer.wrongLanguage', {
        language,
        percent: Math.round(share * 100),
        script: message(`script.${script}`),
        minimum: LANGUAGE_SHARE_MIN * 100,
        preview: clip(text),
      }),
    );
  }
}

/** What each step must answer with; sent as the system message, so a user's template cannot break it. */
export const STEP_FORMAT = {
  outline:
    'You are an expert SEO writer. Answer only with JSON: {"title": "the article title", "sections": ["H2 heading", ...]}. No other text.',
  article:
    'You are an expert SEO writer. Answer only with the article body in Markdown: an introduction paragraph, then one "## " heading per outline entry, in order, each followed by its paragraphs ("### " for sub-points). Do not repeat the title as a "# " heading. No other text.',
  lengthen:
    'You are an expert SEO editor. Answer only with the lengthened article body in Markdown: the same introduction and "## " headings, every heading kept in its order, every link kept exactly as it is, each section with more substance (examples, steps, facts, figures); never padding, filler or repetition. Do not repeat the title as a "# " heading. No other text.',
  faq: 'You are an expert SEO writer. Answer only with JSON: [{"question": "...", "answer": "..."}, ...]. No other text.',
  meta: 'You are an expert SEO writer. Answer only with JSON: {"meta_title": "...", "meta_description": "...", "slug": "..."}. No other text.',
} as const;
