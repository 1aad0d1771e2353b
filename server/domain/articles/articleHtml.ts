import MarkdownIt from 'markdown-it';
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';
import { invalid } from '../errors';
import { HTML_MAX_DEPTH, htmlNestsDeeperThan } from './htmlNesting';

/**
 * Article HTML is always stored sanitised: what a model, an import or an edit sends is cut down to
 * the tags (these) and attributes an article needs; scripts, styles, event handlers and foreign URL
 * schemes never reach the database.
 */
const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'sup',
  'sub',
  'mark',
  'small',
  'span',
  'div',
];

const options = (sanitizeHtml: typeof SanitizeHtml): SanitizeHtml.IOptions => ({
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    '*': ['id'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }, true) },
});

/**
 * sanitize-html and its parsers (postcss, htmlparser2: some 80 modules) are loaded by the first
 * article or notice sanitised, not at the server's start; `require` keeps the call synchronous.
 */
let sanitizer: ((html: string) => string) | undefined;
function loadSanitizer() {
  const sanitizeHtml = createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
  const settings = options(sanitizeHtml);
  return (html: string) => sanitizeHtml(html, settings);
}

export function sanitizeArticleHtml(html: string): string {
  if (htmlNestsDeeperThan(html, HTML_MAX_DEPTH)) throw invalid('articleRefusal.nestedElements', { levels: HTML_MAX_DEPTH });
  return (sanitizer ??= loadSanitizer())(html).trim();
}

/**
 * CommonMark with GitHub's tables, strikethrough and bare links; HTML passes through to the
 * sanitiser. markdown-it reads any text in time linear in its length (marked took a time growing
 * with the square of a run of emphasis marks, and overflowed its stack on nested lists or quotes);
 * past 100 levels of nesting it stops reading deeper. Version 14: 15's build sets each field of
 * each token through a helper function, a third of its time on a long text.
 */
const markdown = new MarkdownIt({ html: true, linkify: true, xhtmlOut: true });

const KEPT_TAGS = new Set(ALLOWED_TAGS);

type Token = ReturnType<MarkdownIt['parse']>[number];

/**
 * Whether Markdown's tokens are its own markup only: no HTML of the writer's, no attribute (a link's
 * or an image's address, a list's start, a cell's alignment) nor a code block's language, and only
 * tags the sanitiser keeps. Rendered, such tokens are already what the sanitiser makes of them:
 * tags it keeps as they are, and text escaped.
 */
function ownMarkupOnly(tokens: Token[]): boolean {
  return tokens.every(
    (t) =>
      t.type !== 'html_block' &&
      t.type !== 'html_inline' &&
      !t.attrs &&
      !(t.type === 'fence' && t.info) &&
      (!t.tag || KEPT_TAGS.has(t.tag)) &&
      (!t.children || ownMarkupOnly(t.children)),
  );
}

/**
 * Markdown as stored HTML. Markdown of its own markup only (most articles, and every long run of
 * headings or emphasis) is stored as rendered, without a second parse by the sanitiser: the same
 * HTML but for the quotes in text, which the sanitiser leaves unescaped (no attribute is left to
 * quote); anything else is sanitised.
 */
export function markdownToHtml(text: string): string {
  const tokens = markdown.parse(text, {});
  const html = markdown.renderer.render(tokens, markdown.options, {});
  return ownMarkupOnly(tokens) ? html.replaceAll('&quot;', '"').trim() : sanitizeArticleHtml(html);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
export const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      // Past U+10FFFF is no character (fromCodePoint throws): the reference stays as written.
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** The text of an HTML fragment, tags removed, entities decoded, whitespace collapsed. */
export const htmlText = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** The text of an HTML fragment as read aloud: inline tags (strong, a) join their words, block tags part them. */
export const readableText = (html: string) =>
  htmlText(html.replace(/<\/?(?:p|div|li|ul|ol|h[1-6]|blockquote|br|tr|td|th)\b[^>]*>/gi, ' ').replace(/<[^>]*>/g, ''));

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/;
/** What countWords knows of a character: a word of its own (CJK), a blank, or a letter or digit. */
const CJK_CHARACTER = 1;
const BLANK = 2;
const WORD_CHARACTER = 4;

const kindOf = (c: string) => (CJK.test(c) ? CJK_CHARACTER : /\s/.test(c) ? BLANK : /[\p{L}\p{N}]/u.test(c) ? WORD_CHARACTER : 0);
/** The kinds of the ASCII characters, by code: most of a text, looked up without a string made of each. */
const ASCII_KINDS = Array.from({ length: 128 }, (_, code) => kindOf(String.fromCharCode(code)));

/**
 * Words of a text; each CJK character counts as a word. One pass over its characters, each kind of
 * character classified once (a text repeats few of them): a word is a run between blanks and CJK
 * characters with a letter or digit in it.
 */
export function countWords(text: string): number {
  const kinds = new Map<string, number>();
  let words = 0;
  let inWord = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    let kind: number | undefined;
    if (code < 128) kind = ASCII_KINDS[code];
    else {
      // A character outside the BMP is a pair of UTF-16 units, read as one.
      const c = String.fromCodePoint(text.codePointAt(at)!);
      at += c.length - 1;
      kind = kinds.get(c);
      if (kind === undefined) kinds.set(c, (kind = kindOf(c)));
    }
    if (kind === WORD_CHARACTER) inWord = true;
    else if (kind !== 0) {
      if (inWord) words++;
      if (kind === CJK_CHARACTER) words++;
      inWord = false;
    }
  }
  return inWord ? words + 1 : words;
}

/** The HTML from a title and body given as Markdown or HTML (import, add). */
export function toArticleHtml(content: string, format: 'markdown' | 'html'): string {
  return format === 'markdown' ? markdownToHtml(content) : sanitizeArticleHtml(content);
}
