/*
 * Where an internal link goes in an article's HTML: on the first phrase (the target's keyword or
 * title) found in the text of a body paragraph or list item — never in a heading, never inside a
 * link already there — paragraphs before list items, those without a link first; when none says
 * it, a short sentence ("Related: <title>") closing a section (before a later heading), spread
 * through the body. The same body and links give the same HTML.
 */

export interface LinkToPlace {
  url: string;
  /** Tried in order: the first found in a paragraph's text becomes the anchor. */
  phrases: string[];
  /** The target's title, the anchor of the sentence when no phrase is found. */
  title: string;
}

export interface PlacedLinks {
  html: string;
  /** The anchor of each link, in order (null for a link not placed: its target is already linked). */
  anchors: (string | null)[];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PARAGRAPH = /<(p|li)\b[^>]*>[\s\S]*?<\/\1>/gi;
const SECTION = /<h2\b/gi;
/** A paragraph's parts: its links whole, other tags, and text between. */
const PARTS = /(<a\b[\s\S]*?<\/a>|<[^>]+>)/i;

const hrefOf = (url: string) => `href="${escapeHtml(url)}"`;

/** The phrase in a text, as a whole word (Latin) or anywhere (Chinese, Japanese): its index and the text matched. */
function findPhrase(text: string, phrase: string): { index: number; matched: string } | null {
  const wordy = /^[\p{Script=Latin}\p{N}]/u.test(phrase);
  const pattern = new RegExp(wordy ? `(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])` : escapeRegExp(phrase), 'iu');
  const m = pattern.exec(text);
  return m ? { index: m.index, matched: m[0] } : null;
}

/** The paragraph with the phrase linked at its first place in the text, or null. */
function linkInParagraph(paragraph: string, phrase: string, url: string): { html: string; anchor: string } | null {
  const open = /^<(?:p|li)\b[^>]*>/i.exec(paragraph)![0];
  const close = paragraph.slice(paragraph.lastIndexOf('</'));
  const inner = paragraph.slice(open.length, -close.length);
  const parts = inner.split(PARTS);
  for (let i = 0; i < parts.length; i += 2) {
    const found = findPhrase(parts[i], escapeHtml(phrase));
    if (!found) continue;
    const text = parts[i];
    parts[i] = `${text.slice(0, found.index)}<a ${hrefOf(url)}>${found.matched}</a>${text.slice(found.index + found.matched.length)}`;
    return { html: `${open}${parts.join('')}${close}`, anchor: found.matched };
  }
  return null;
}

/** Places each link once, in order; `related` is the sentence's lead-in in the article's language ("Related: "). */
export function placeLinks(html: string, links: LinkToPlace[], related: string): PlacedLinks {
  const anchors: (string | null)[] = [];
  let sentences = 0;
  for (const link of links) {
    if (!link.url || html.includes(hrefOf(link.url))) {
      anchors.push(null);
      continue;
    }
    const paragraphs = [...html.matchAll(PARAGRAPH)];
    const rank = (p: RegExpExecArray) => (p[1].toLowerCase() === 'p' ? 0 : 2) + (/<a\b/i.test(p[0]) ? 1 : 0);
    const order = [...paragraphs].sort((a, b) => rank(a) - rank(b));
    let placed: { at: number; before: string; after: string; anchor: string } | null = null;
    for (const phrase of link.phrases.filter((p) => p.trim())) {
      for (const p of order) {
        const linked = linkInParagraph(p[0], phrase.trim(), link.url);
        if (linked) {
          placed = { at: p.index, before: p[0], after: linked.html, anchor: linked.anchor };
          break;
        }
      }
      if (placed) break;
    }
    if (placed) {
      html = html.slice(0, placed.at) + placed.after + html.slice(placed.at + placed.before.length);
      anchors.push(placed.anchor);
      continue;
    }
    // No paragraph says it: a sentence of its own closing a section (the first sections first), else at the end.
    const sentence = `<p>${escapeHtml(related)}<a ${hrefOf(link.url)}>${escapeHtml(link.title)}</a></p>\n`;
    const sections = [...html.matchAll(SECTION)];
    const before = sections[1 + sentences];
    const at = before ? before.index : html.length;
    html = html.slice(0, at) + (before ? '' : '\n') + sentence + html.slice(at);
    sentences++;
    anchors.push(link.title);
  }
  return { html, anchors };
}
