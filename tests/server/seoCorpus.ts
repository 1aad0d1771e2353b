import { createHash } from 'node:crypto';
import { articleScores, readBody, type ScoredFields } from '../../server/domain/articles/articleText';
import { seoChecks } from '../../server/domain/articles/seo';
import { pathologicalTexts } from './pathologicalTexts';

/** A body as a client sends it, with the fields it is scored with. */
export interface CorpusArticle {
  name: string;
  text: string;
  format: 'html' | 'markdown';
  fields: Omit<ScoredFields, 'body'>;
}

/** The same numbers on every run: a corpus recorded once must be generated again exactly. */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick };
}

const ENGLISH = [
  'Basil likes a warm sill and about six hours of sun.',
  'Mint spreads fast, so give it a pot of its own!',
  'Parsley grows slowly at first and then keeps giving for months.',
  'Water when the top of the soil feels dry to your finger?',
  'A pot with a hole in the bottom stops the roots from rotting.',
  'Cut the top leaves first; the plant grows bushier.',
  'Tom &amp; Jerry&#39;s &quot;herb&quot; guide says 5 &lt; 7 &gt; 3.',
  'Thyme&nbsp;and rosemary want less water than the leafy herbs',
  'An indoor herb garden pays off quickly.',
  'Notwithstanding considerable organisational heterogeneity, comprehensive reconceptualisation necessitates evaluation.',
  'Pick herbs in the morning, when their oils are strongest.',
  'e.g. 3.5 kg of soil... or more!!! Really?! Yes.',
  'Ünïcödé wörds and naïve café crème déjà vu.',
  'Supercalifragilisticexpialidocious pneumonoultramicroscopicsilicovolcanoconiosis antidisestablishmentarianism.',
];
const CHINESE = [
  '室内香草花园很容易开始。',
  '罗勒喜欢温暖的窗台和大约六个小时的阳光！',
  '薄荷长得很快，所以要单独种一盆；',
  '每周把花盆转四分之一圈？',
  '日本語のテキストも少し。',
  '한국어 문장도 있습니다.',
];
const KEYWORDS = ['', '', 'indoor herb garden', 'basil', 'herb', 'Mint', '室内香草花园', '薄荷', 'soil feels dry', 'nothing here'];
const LANGUAGES = ['en', 'en', 'en-US', 'zh', 'zh-CN', 'ja', 'fr', 'de'];
const LINKS = [
  '/basil/',
  'https://herbs.example/care/',
  'https://www.herbs.example/x',
  'https://rhs.org.uk/herbs',
  '//cdn.example/x',
  'mailto:a@example.com',
  'not a url',
  'http://[bad',
];

function sentence(r: ReturnType<typeof seeded>, chinese: boolean) {
  const s = chinese && r.next() < 0.7 ? r.pick(CHINESE) : r.pick(ENGLISH);
  const roll = r.next();
  if (roll < 0.1) return `<strong>${s}</strong>`;
  if (roll < 0.2) return `<em>${s}</em>`;
  if (roll < 0.3) return `${s} <a href="${r.pick(LINKS)}">a link</a>`;
  if (roll < 0.35) return `${s}<br />`;
  return s;
}

function paragraph(r: ReturnType<typeof seeded>, chinese: boolean, keyword: string) {
  const count = 1 + r.int(r.next() < 0.1 ? 40 : 6);
  const sentences = Array.from({ length: count }, () => sentence(r, chinese));
  if (keyword && r.next() < 0.4) sentences.splice(r.int(sentences.length + 1), 0, `About ${keyword} today.`);
  return sentences.join(r.next() < 0.9 ? ' ' : '\n');
}

function htmlBlock(r: ReturnType<typeof seeded>, chinese: boolean, keyword: string, depth = 0): string {
  const roll = r.next();
  if (roll < 0.35) return `<p${r.next() < 0.1 ? ' id="p1"' : ''}>${paragraph(r, chinese, keyword)}</p>`;
  if (roll < 0.5) {
    const level = 1 + r.int(6);
    const text = r.next() < 0.3 && keyword ? `Why ${keyword}` : r.pick(['Light', 'Care &amp; water', 'Soil', '光照', '']);
    return `<h${level}${r.next() < 0.2 ? ' id="h"' : ''}>${text}</h${level}>`;
  }
  if (roll < 0.62) {
    const tag = r.pick(['ul', 'ol']);
    const items = Array.from({ length: 1 + r.int(5) }, () =>
      depth < 2 && r.next() < 0.2
        ? `<li>${sentence(r, chinese)}${htmlBlock(r, chinese, keyword, depth + 1)}</li>`
        : `<li>${r.next() < 0.2 ? `<p>${paragraph(r, chinese, keyword)}</p>` : paragraph(r, chinese, keyword)}</li>`,
    );
    return `<${tag}>${items.join(r.next() < 0.5 ? '\n' : '')}</${tag}>`;
  }
  if (roll < 0.7) {
    const alt = r.pick(['alt="Basil pot"', 'alt=""', 'alt="  "', '', 'alt="x" title="t"']);
    const img = `<img src="https://cdn.example/${r.int(9)}.png" ${alt} />`;
    return r.next() < 0.5 ? `<figure>${img}<figcaption>${sentence(r, chinese)}</figcaption></figure>` : img;
  }
  if (roll < 0.76) return `<blockquote><p>${paragraph(r, chinese, keyword)}</p></blockquote>`;
  if (roll < 0.8) return `<pre><code>const a = "b" &amp;&amp; c &lt; d;\n  indented</code></pre>`;
  if (roll < 0.84)
    return `<table><thead><tr><th>Herb</th><th>Water</th></tr></thead><tbody><tr><td>${sentence(r, chinese)}</td><td>Weekly</td></tr></tbody></table>`;
  if (roll < 0.87) return '<hr />';
  if (roll < 0.9) return '<p></p><p>   </p>';
  if (roll < 0.93) return `<div><span>${paragraph(r, chinese, keyword)}</span></div>`;
  if (roll < 0.96) return `<P>${paragraph(r, chinese, keyword)}</P><H2>Upper case</H2>`;
  return `<p>${paragraph(r, chinese, keyword)}</p>`.repeat(2 + r.int(3));
}

function markdownBlock(r: ReturnType<typeof seeded>, chinese: boolean, keyword: string): string {
  const plain = () => paragraph(r, chinese, keyword).replace(/<[^>]+>/g, '');
  const roll = r.next();
  if (roll < 0.35) return plain();
  if (roll < 0.5)
    return `${'#'.repeat(1 + r.int(6))} ${keyword && r.next() < 0.3 ? `Why ${keyword}` : r.pick(['Light', 'Care & water', '光照'])}`;
  if (roll < 0.62) return Array.from({ length: 1 + r.int(5) }, (_, i) => `${r.next() < 0.5 ? '-' : `${i + 1}.`} ${plain()}`).join('\n');
  if (roll < 0.7) return `![${r.pick(['Basil pot', '', 'a "loaf"'])}](https://cdn.example/${r.int(9)}.png)`;
  if (roll < 0.76) return `> ${plain()}`;
  if (roll < 0.8) return '```\nconst a = "b" && c < d;\n```';
  if (roll < 0.84) return `| Herb | Water |\n| --- | --: |\n| ${r.pick(ENGLISH)} | weekly |`;
  if (roll < 0.88) return `A **bold** _word_ and [a link](${r.pick(LINKS.slice(0, 4))}) and https://bare.example.com/x?a=1`;
  if (roll < 0.92) return `Text with <span>inline HTML</span> and <a href="${r.pick(LINKS)}">a link</a>`;
  if (roll < 0.96) return '---';
  return `${plain()}  \n${plain()}`;
}

/**
 * Articles of every kind the SEO checks read: English and CJK, keywords found or not, headings of
 * every level and out of order, lists nested, images with and without alt text, links of every
 * kind, entities, repeated sentences and paragraphs, Markdown and HTML; and the pathological
 * shapes, short.
 */
export function seoCorpus(): CorpusArticle[] {
  const r = seeded(20261129);
  const articles: CorpusArticle[] = [];
  for (let i = 0; i < 80; i++) {
    const language = r.pick(LANGUAGES);
    const chinese = /^(?:zh|ja)/.test(language) || r.next() < 0.1;
    const keyword = r.pick(KEYWORDS);
    const format = r.next() < 0.3 ? 'markdown' : 'html';
    const blocks = Array.from({ length: 1 + r.int(i % 10 === 0 ? 60 : 15) }, () =>
      format === 'html' ? htmlBlock(r, chinese, keyword) : markdownBlock(r, chinese, keyword),
    );
    const coverUrl = r.next() < 0.5 ? '/uploads/cover.png' : '';
    articles.push({
      name: `article ${i}`,
      text: blocks.join(format === 'html' ? (r.next() < 0.5 ? '\n' : '') : '\n\n'),
      format,
      fields: {
        title: r.pick(['Indoor herb garden: a simple guide', `All about ${keyword || 'herbs'}`, '室内香草花园：简单指南', 'A'.repeat(80)]),
        slug: r.pick(['indoor-herb-garden-guide', 'basil', 'herbs', '']),
        metaDescription: r.pick(['', 'Too short.', ENGLISH.slice(0, 3).join(' '), CHINESE.join('')]),
        keyword,
        language,
        faq: r.pick([
          [],
          [{ question: 'Which herbs grow best indoors?', answer: 'Basil, mint and parsley.' }],
          [{ question: 'Why?', answer: ' ' }],
        ]),
        coverUrl,
        images: coverUrl && r.next() < 0.7 ? [{ url: coverUrl, alt: r.pick(['Basil', '', ' ']) }] : [],
      },
    });
  }
  for (const shape of pathologicalTexts(20_000).filter((s) => !s.refused)) {
    articles.push({
      name: shape.name,
      text: shape.text,
      format: shape.format,
      fields: {
        title: shape.name,
        slug: 'x',
        metaDescription: '',
        keyword: r.pick(KEYWORDS),
        language: 'en',
        faq: [],
        coverUrl: '',
        images: [],
      },
    });
  }
  return articles;
}

const digest = (html: string) => createHash('sha256').update(html).digest('hex');

/** The checks that read the site's other articles and its address. */
const SITE_CHECKS = new Set(['duplicate_of_site', 'internal_links', 'outbound_links', 'template_content']);

/**
 * What is stored of each article of the corpus: its HTML (by digest), the start of its text, its
 * word count and SEO checks; and the checks reading the site, with the article three before it as
 * the site's other article.
 */
export function storedCorpus() {
  const htmls: string[] = [];
  return seoCorpus().map(({ name, text, format, fields }) => {
    const { html, lead } = readBody(text, format);
    htmls.push(html);
    const onSite = seoChecks({ ...fields, body: html, coverAlt: '', siteUrl: 'https://herbs.example', otherArticles: htmls.slice(-4, -3) });
    return {
      name,
      html: digest(html),
      lead,
      ...articleScores({ ...fields, body: html }),
      site: onSite.filter((c) => SITE_CHECKS.has(c.id)),
    };
  });
}
