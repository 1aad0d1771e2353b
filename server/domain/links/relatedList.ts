/*
 * The related pages an article does not link in its text are listed under one "Related articles"
 * heading. A model often writes that heading and list itself, naming only some of the pages: the
 * others join its list, so a reader sees one heading, never two.
 */

const zh = (language: string) => language.toLowerCase().startsWith('zh');
export const relatedHeading = (language: string) => (zh(language) ? '相关文章' : 'Related articles');

/** A link as HTML: its address and its text already escaped. */
export interface RelatedLink {
  href: string;
  text: string;
}

const HEADING = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi;
const headingText = (inner: string) =>
  inner
    .replace(/<[^>]*>/g, '')
    .replace(/[\s:：]+$/, '')
    .trim()
    .toLowerCase();

/**
 * `html` with `links` listed under its related heading: appended to the list the text has under
 * that heading (the last one of its section), else in a list of their own under a new heading at the end.
 */
export function listRelated(html: string, links: RelatedLink[], language: string): string {
  if (links.length === 0) return html;
  const items = links.map((l) => `<li><a href="${l.href}">${l.text}</a></li>`).join('');
  const wanted = relatedHeading(language).toLowerCase();
  const headings = [...html.matchAll(HEADING)];
  const at = headings.findIndex((h) => headingText(h[2]) === wanted);
  if (at < 0) return `${html}\n<h2>${relatedHeading(language)}</h2>\n<ul>${items}</ul>`;
  const level = Number(headings[at][1]);
  const start = headings[at].index + headings[at][0].length;
  const next = headings.slice(at + 1).find((h) => Number(h[1]) <= level);
  const end = next ? next.index : html.length;
  const section = html.slice(start, end);
  const close = Math.max(section.lastIndexOf('</ul>'), section.lastIndexOf('</ol>'));
  const placed =
    close >= 0 ? `${section.slice(0, close)}${items}${section.slice(close)}` : `${section.replace(/\s+$/, '')}\n<ul>${items}</ul>\n`;
  return `${html.slice(0, start)}${placed}${html.slice(end)}`;
}
