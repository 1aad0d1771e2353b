import { limitsFor } from '../articles/seo';

/*
 * What a search result shows whole: the title and the meta description within the lengths the SEO
 * panel checks (seo.ts's limitsFor). A model's answer often runs over or falls short; the pipeline
 * brings it within them — cut where the text allows (a subtitle's separator, a sentence's or a word's
 * end), a short description completed from the article's opening — rather than publish it outside.
 */

/** Where a title splits into its head and a subtitle: "Compost: a beginner's guide", "堆肥——入门指南". */
const SEPARATOR = /\s*(?:[:|–—]|\s-\s|：|｜|——)\s*/gu;
/** The shortest head that still says what the article is: a few words, or a few CJK characters. */
const [HEAD_LATIN, HEAD_DENSE] = [12, 4];
/** A sentence's end, in Latin and CJK scripts. */
const SENTENCE_END = /[.!?。！？]["'”’)）]?(?=\s|$)|[。！？]/gu;
/** What a cut must not leave at the end. */
const TRAILING = /[\s,;:、，；：—–\-|｜(（"'“‘]+$/u;

const length = (text: string) => [...text].length;
const head = (text: string, max: number) => [...text].slice(0, max).join('');

/** `text` cut to at most `max` characters at the last word's end (any character in a dense script). */
function cutAtWord(text: string, max: number, dense: boolean): string {
  const room = head(text, max);
  if (dense || length(text) <= max) return room.replace(TRAILING, '');
  const space = room.lastIndexOf(' ');
  return (space > 0 ? room.slice(0, space) : room).replace(TRAILING, '');
}

/**
 * A title within the SEO panel's length (less `room`, kept for a mark added after): its head when a
 * subtitle makes it long and the head says enough, else cut at a word.
 */
export function fitTitle(title: string, language: string, room = 0): string {
  const { dense } = limitsFor(language);
  const max = limitsFor(language).title - room;
  if (length(title) <= max) return title;
  for (const m of title.matchAll(SEPARATOR)) {
    const before = title.slice(0, m.index).trim();
    if (length(before) <= max && length(before) >= (dense ? HEAD_DENSE : HEAD_LATIN)) return before;
  }
  return cutAtWord(title, max, dense);
}

/** The sentences of `text`, each with its end mark. */
const sentences = (text: string) => {
  const out: string[] = [];
  let from = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    out.push(text.slice(from, m.index + m[0].length).trim());
    from = m.index + m[0].length;
  }
  if (text.slice(from).trim()) out.push(text.slice(from).trim());
  return out.filter(Boolean);
};

/**
 * A meta description within the SEO panel's range: a long one ends at the last whole sentence that
 * keeps it in range (else at a word, with an ellipsis); a short one is completed with the opening
 * paragraph's sentences (what search engines show when a page has none).
 */
export function fitDescription(description: string, opening: string, language: string): string {
  const { meta, dense } = limitsFor(language);
  const [min, max] = meta;
  let text = description.trim();
  if (length(text) < min) {
    const joiner = dense ? '' : ' ';
    for (const sentence of sentences(opening)) {
      if (length(text) >= min) break;
      if (text.includes(sentence)) continue;
      text = `${text}${text ? joiner : ''}${sentence}`;
    }
  }
  if (length(text) <= max) return text;
  let kept = '';
  for (const sentence of sentences(text)) {
    const next = kept ? `${kept}${dense ? '' : ' '}${sentence}` : sentence;
    if (length(next) > max) break;
    kept = next;
  }
  if (length(kept) >= min) return kept;
  return `${cutAtWord(text, max - 1, dense)}…`;
}
