import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { markdownToHtml, sanitizeArticleHtml } from '../../server/domain/articles/articleHtml';
import { ARTICLE_BODY_MAX, pathologicalTexts } from './pathologicalTexts';

/** Markdown as a writer or a model sends it: its own markup, and links, images, code, tables, quotes and HTML of its own. */
const WRITTEN = [
  '# Sourdough\n\nA **starter** needs _flour_ and ~~sugar~~ water.\n\n## Feeding\n\n- once a day\n- at 24 °C\n\n1. mix\n2. wait',
  'He said "knead it" & then: <rest> it, \\"really\\" &quot;twice&quot; &amp;quot; &copy; &#34; &nbsp; 5 > 3 < 4.',
  '> A quote\n> with "quotes"\n\n---\n\nLine  \nbreak and a\\\nbackslash break.',
  '```\nconst a = "b" && c < d;\n```\n\n    indented <code> & "quotes"\n\nSome `inline "code" <b>` here.',
  '```js\nconst a = 1;\n```',
  '| Name | Amount |\n| --- | --- |\n| "Flour" | 500 g |\n\n| Left | Right |\n| :-- | --: |\n| a | b |',
  '3. starts at three\n4. four',
  '[a link](https://example.com "Its title") and <https://example.com/auto> and https://bare.example.com/x?a=1&b="2"',
  '![a "loaf"](https://cdn.example/loaf.png "Loaf") ![inline](data:image/png;base64,AAAA) [mail](mailto:a@example.com)',
  'Text with <span>inline HTML</span> and <div>a block</div>\n\n<p title="x">own paragraph</p>',
  '*   tight\n*   list\n\n    with a paragraph\n\n- [ ] a task\n\nTerm\n===\n\nSetext\n---',
  '  \n\n  leading and trailing blanks  \n\n',
];

/** Markdown that tries to run a script or load one: none of it may survive. */
const HOSTILE = [
  '<script>alert(1)</script>\n\nText.',
  'Text <img src="x" onerror="alert(1)"> inline.',
  '<img src=x onerror=alert(1)>',
  '[click](javascript:alert(1)) [click](JAVASCRIPT:alert(1)) [click](  javascript:alert(1))',
  '[click](vbscript:msgbox(1)) [data](data:text/html,<script>alert(1)</script>)',
  '![x](javascript:alert(1)) ![y](data:image/svg+xml,<svg onload=alert(1)>)',
  '<a href="javascript:alert(1)" onclick="alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe><style>body{}</style><object data="x"></object>',
  '<div style="background:url(javascript:alert(1))" onmouseover="alert(1)">hover</div>',
  '[x](https://example.com" onmouseover="alert(1))',
  '<svg><script>alert(1)</script></svg> <math><mi xlink:href="javascript:alert(1)">x</mi></math>',
];

/** Markdown rendered as before, every time through the sanitiser: what a stored body must equal. */
const reference = new MarkdownIt({ html: true, linkify: true });
const sanitisedRendering = (text: string) => sanitizeArticleHtml(reference.render(text));

describe('Markdown stored as HTML', () => {
  it('is the sanitised rendering of the Markdown, whether or not it had to be sanitised', () => {
    const shapes = pathologicalTexts(20_000).filter((s) => s.format === 'markdown' && !s.refused);
    for (const text of [...WRITTEN, ...shapes.map((s) => s.text)])
      expect(markdownToHtml(text), text.slice(0, 80)).toBe(sanitisedRendering(text));
  });

  it('never keeps a script, an event handler, a style or a script address', () => {
    for (const text of HOSTILE) {
      const html = markdownToHtml(text);
      // Written as text (escaped) it is harmless: only a tag, an attribute or an address counts.
      expect(html, text).not.toMatch(
        /<(script|iframe|style|object|svg|math)\b|<[^>]*\s(on\w+|style)\s*=|(href|src)\s*=\s*["']?\s*(javascript|vbscript|data):/i,
      );
    }
  });

  it('stores 100,000 headings, at the body limit, as their sanitised rendering', () => {
    const headings = pathologicalTexts(ARTICLE_BODY_MAX).find((s) => s.name === 'Markdown headings')!.text;
    expect(markdownToHtml(headings)).toBe(sanitisedRendering(headings));
  });
});
