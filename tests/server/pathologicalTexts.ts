/** The longest article body and announcement the contract accepts (contract/schemas/article.ts, notice.ts). */
export const ARTICLE_BODY_MAX = 500_000;
export const NOTICE_CONTENT_MAX = 50_000;

export interface PathologicalText {
  name: string;
  text: string;
  format: 'html' | 'markdown';
  /**
   * Refused as a body (400): HTML elements nested deeper than a browser builds them, or a Markdown
   * list nested past the 100 levels Markdown is read to (nothing readable is left).
   */
  refused: boolean;
}

/** `piece` repeated to fill `length` characters. */
const fill = (piece: string, length: number) => piece.repeat(Math.floor(length / piece.length));

/**
 * Texts of `length` characters that each step of reading a text (sanitising, Markdown, scoring) once
 * took a time growing with the square of: for the server tests and `npm run bench`.
 */
export function pathologicalTexts(length: number): PathologicalText[] {
  const nestedMarkdownList = () => {
    let text = '';
    for (let depth = 0; text.length + depth * 2 + 4 <= length; depth++) text += `${' '.repeat(depth * 2)}- a\n`;
    return text;
  };
  return [
    { name: 'one token', text: 'x'.repeat(length), format: 'html', refused: false },
    { name: 'one token in Markdown', text: 'x'.repeat(length), format: 'markdown', refused: false },
    { name: 'one sentence without punctuation', text: fill('word ', length), format: 'html', refused: false },
    { name: 'closed tags', text: fill('<i>a</i>', length), format: 'html', refused: false },
    { name: '100,000 unclosed tags', text: '<b>'.repeat(Math.min(100_000, Math.floor(length / 3))), format: 'html', refused: true },
    { name: 'headings', text: fill('<h2>a</h2>', length), format: 'html', refused: false },
    { name: 'Markdown headings', text: fill('## a\n', length), format: 'markdown', refused: false },
    { name: 'a deeply nested list', text: fill('<ul><li>', length), format: 'html', refused: true },
    { name: 'a deeply nested Markdown list', text: nestedMarkdownList(), format: 'markdown', refused: false },
    { name: 'a Markdown list nested on one line', text: `${fill('- ', length - 1)}a`, format: 'markdown', refused: true },
    { name: 'Markdown emphasis marks', text: fill('_a', length), format: 'markdown', refused: false },
    { name: 'a long URL', text: `<p><a href="https://example.com/${'a'.repeat(length - 50)}">x</a></p>`, format: 'html', refused: false },
    { name: 'a long URL in Markdown', text: `https://example.com/${'a'.repeat(length - 30)}`, format: 'markdown', refused: false },
  ];
}
