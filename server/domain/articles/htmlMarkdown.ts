import { decodeEntities } from './articleHtml';

/**
 * A line without its leading blanks and its trailing ones, except exactly two trailing spaces (a
 * Markdown line break). Scanned from the end: a pattern anchored at the line's end would try every
 * blank of a long run of them, in a time that grows with the square of its length.
 */
function trimLine(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  const text = line.slice(0, end).replace(/^[ \t]+/, '');
  return text && line.slice(end) === '  ' ? `${text}  ` : text;
}

/**
 * Markdown of an article's sanitised HTML (the subset sanitizeArticleHtml keeps): headings,
 * paragraphs, lists, quotes, code, links, images, emphasis. Tables and other blocks keep their text.
 */
export function htmlToMarkdown(html: string): string {
  let s = html.replace(/\r?\n/g, ' ');
  const inline = (t: string) =>
    t
      .replace(
        /<img\b[^>]*?\bsrc="([^"]*)"[^>]*?>/gi,
        (tag: string, src: string) => `![${decodeEntities(/\balt="([^"]*)"/i.exec(tag)?.[1] ?? '')}](${src})`,
      )
      .replace(/<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, text: string) => `[${text}](${href})`)
      .replace(/<(strong|b)>([\s\S]*?)<\/\1>/gi, '**$2**')
      .replace(/<(em|i)>([\s\S]*?)<\/\1>/gi, '*$2*')
      .replace(/<code>([\s\S]*?)<\/code>/gi, '`$1`')
      .replace(/<br\s*\/?>/gi, '  \n');
  s = s.replace(
    /<pre\b[^>]*>(?:<code[^>]*>)?([\s\S]*?)(?:<\/code>)?<\/pre>/gi,
    (_m, code: string) => `\n\n\`\`\`\n${decodeEntities(code)}\n\`\`\`\n\n`,
  );
  s = s.replace(
    /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi,
    (_m, level: string, text: string) => `\n\n${'#'.repeat(Number(level))} ${inline(text).trim()}\n\n`,
  );
  s = s.replace(/<(ul|ol)\b[^>]*>([\s\S]*?)<\/\1>/gi, (_m, kind: string, items: string) => {
    let n = 0;
    const lines = [...items.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map(
      (li) =>
        `${kind.toLowerCase() === 'ol' ? `${++n}.` : '-'} ${inline(li[1])
          .replace(/<[^>]+>/g, '')
          .trim()}`,
    );
    return `\n\n${lines.join('\n')}\n\n`;
  });
  s = s.replace(
    /<blockquote\b[^>]*>([\s\S]*?)<\/blockquote>/gi,
    (_m, text: string) =>
      `\n\n> ${inline(text)
        .replace(/<[^>]+>/g, ' ')
        .trim()}\n\n`,
  );
  s = s.replace(/<hr\s*\/?>/gi, '\n\n---\n\n');
  s = s.replace(/<(p|div|figure|figcaption|table|tr)\b[^>]*>/gi, '\n\n').replace(/<\/(p|div|figure|figcaption|table|tr)>/gi, '\n\n');
  s = inline(s).replace(/<[^>]+>/g, '');
  return decodeEntities(s)
    .split('\n')
    .map(trimLine)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
