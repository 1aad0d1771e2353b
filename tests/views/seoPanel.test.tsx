import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/components/theme/system';
import { loadConsoleTheme } from '../../src/components/theme/consoleTheme';
import { changeLocale, loadPacks, setupI18n, type Locale } from '../../src/i18n';
import { SeoPanel } from '../../src/views/article/SeoPanel';
import type { ArticleDetail } from '../../contract/schemas/article';
import { seoChecks, seoScore } from '../../server/domain/articles/seo';
import { seoCheckDetail } from '../../server/domain/articles/seoCheckText';

/** An English article with faults of every kind, scored by the server's own checks. */
const input = {
  title: 'A simple guide',
  body: '<h1>Another H1</h1><p>The garden grows well when you water it and give it light every day. The garden grows well when you water it and give it light every day.</p><h4>Skipped</h4><img src="/x.png">',
  slug: 'simple-guide',
  metaDescription: 'Too short.',
  keyword: 'indoor herb garden',
  language: 'en',
  faq: [{ question: 'Why?', answer: ' ' }],
  coverUrl: '/cover.png',
  coverAlt: '',
  siteUrl: 'https://herbs.example',
  otherArticles: ['<p>The garden grows well when you water it and give it light every day.</p>'],
};
const checks = seoChecks(input);
/** As the server sends it to an English API client. */
const ARTICLE: ArticleDetail = {
  id: 9,
  task_id: null,
  title: input.title,
  slug: input.slug,
  site_id: null,
  category_id: null,
  keyword: input.keyword,
  status: 'draft',
  source: 'generated',
  writer: 'gpt-test',
  kind: 'article',
  seo_score: seoScore(checks),
  word_count: 30,
  cover_url: input.coverUrl,
  refreshing: false,
  created_at: '2026-11-28 10:00:00',
  updated_at: '2026-11-28 10:00:00',
  language: 'en',
  meta_title: 'Meta title of the article',
  meta_description: input.metaDescription,
  body: input.body,
  outline: [],
  faq: input.faq,
  images: [],
  seo_checks: checks.map((c) => ({ ...c, detail: seoCheckDetail('en', { ...c, detail: '' }) })),
  wordpress: { categories: [], tags: [], author: '', excerpt: '', canonical_url: '' },
};

async function renderPanel(locale: Locale, article: ArticleDetail = ARTICLE) {
  await setupI18n(locale);
  await changeLocale(locale);
  await loadPacks(['article', 'seoChecks']);
  await loadConsoleTheme();
  render(
    <ChakraProvider value={system}>
      <SeoPanel article={article} />
    </ChakraProvider>,
  );
  return screen.getByRole('region', { name: locale === 'zh_CN' ? 'SEO 评分' : 'SEO score' });
}

/** Words a Chinese reader may see in Latin letters: names of standards and tools, and the article's own data. */
const ALLOWED = new Set(['SEO', 'FAQ', 'FAQPage', 'JSON-LD', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'Flesch', 'Yoast', 'schema', 'org']);
const userData = [`“${input.language}”`, input.keyword, input.slug, 'indoor-herb-garden', ARTICLE.meta_title, input.metaDescription];

describe('the SEO panel', () => {
  beforeAll(() => expect(checks.length).toBeGreaterThanOrEqual(15));
  afterAll(() => changeLocale('zh_CN'));

  it('reads every check in Chinese: its title, what was found and the advice, never a raw key or English', async () => {
    const panel = await renderPanel('zh_CN');
    for (const check of checks) expect(panel.textContent).not.toContain(check.id);
    let text = panel.textContent ?? '';
    for (const data of userData) text = text.split(data).join(' ');
    const english = (text.match(/[A-Za-z][A-Za-z0-9-]*/g) ?? []).filter((word) => !ALLOWED.has(word));
    expect(english).toEqual([]);
    expect(panel.textContent).toContain('标题不包含“indoor herb garden”');
    expect(panel.textContent).toContain('有 2 个 H1 标题（文章标题应是唯一的 H1）');
    expect(panel.textContent).toContain('把关键词放进标题，尽量靠前。');
  });

  it('reads every check in English with its numbers', async () => {
    const panel = await renderPanel('en');
    for (const check of checks.filter((c) => c.id.includes('_'))) expect(panel.textContent).not.toContain(check.id);
    expect(panel.textContent).toContain('Repeated sentences');
    expect(panel.textContent).toContain('Meta description has 10 characters (120–160 is good)');
    expect(panel.textContent).toContain('Put the keyword in the title, near its start.');
  });

  it('counts in English as English counts: one word, one image', async () => {
    const one = seoChecks({ ...input, body: '<p>Garden</p><img src="/x.png">', coverUrl: '' });
    const article = { ...ARTICLE, seo_checks: one.map((c) => ({ ...c, detail: seoCheckDetail('en', { ...c, detail: '' }) })) };
    expect(article.seo_checks.find((c) => c.id === 'word_count')?.detail).toBe('1 word (at least 300)');
    const panel = await renderPanel('en', article);
    expect(panel.textContent).toContain('1 word (at least 300)');
    expect(panel.textContent).toContain('The image lacks alt text');
    expect(panel.textContent).not.toMatch(/\b1 words \(at least|\b1 of 1 images\b/);
  });
});
