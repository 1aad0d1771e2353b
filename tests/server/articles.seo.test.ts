import { describe, expect, it } from 'vitest';
import { fleschReadingEase, seoChecks, seoScore, type SeoInput } from '../../server/domain/seo';

const para = (words: number, keyword = '') => {
  const filler = 'The garden grows well when you water it and give it light every day.'.split(' ');
  const out = keyword ? [...keyword.split(' ')] : [];
  for (let i = 0; out.length < words; i++) out.push(filler[i % filler.length]);
  return `<p>${out.join(' ')}.</p>`;
};

/** A well-made article: every check passes. */
const good = (): SeoInput => ({
  title: 'Indoor herb garden: a simple guide',
  keyword: 'indoor herb garden',
  slug: 'indoor-herb-garden-guide',
  metaDescription: 'Start an indoor herb garden with this simple guide: the herbs to pick, the light and water they need, and how to harvest them for months of fresh flavour.',
  language: 'en',
  coverUrl: '/uploads/c.png',
  coverAlt: 'Indoor herb garden on a sunny sill',
  faq: [{ question: 'Which herbs grow best indoors?', answer: 'Basil, mint and parsley.' }],
  body: [
    para(60, 'indoor herb garden'),
    '<h2>Why grow an indoor herb garden</h2>',
    para(100, 'indoor herb garden'),
    '<figure><img src="/uploads/a.png" alt="Basil pot" /></figure>',
    '<h3>Light</h3>',
    para(100),
    '<h2>Care</h2>',
    para(100),
  ].join('\n'),
});

const byId = (input: SeoInput) => Object.fromEntries(seoChecks(input).map((c) => [c.id, c]));

describe('SEO score', () => {
  it('passes every check on a well-made article and scores 100', () => {
    const checks = seoChecks(good());
    expect(checks.filter((c) => !c.passed)).toEqual([]);
    expect(seoScore(checks)).toBe(100);
    expect(checks.map((c) => c.id)).toEqual([
      'keyword_in_title',
      'keyword_in_first_paragraph',
      'keyword_in_subheading',
      'keyword_in_slug',
      'keyword_density',
      'meta_description_length',
      'word_count',
      'paragraph_length',
      'heading_structure',
      'image_alt',
      'readability',
      'faq_jsonld',
    ]);
  });

  it('finds each fault on a crafted article', () => {
    const c = byId({
      ...good(),
      title: 'A simple guide',
      slug: 'simple-guide',
      metaDescription: 'Too short.',
      faq: [{ question: 'Why?', answer: ' ' }],
      coverAlt: '',
      body: `<h1>Another H1</h1>${para(200)}<h4>Skipped</h4><img src="/x.png">`,
    });
    expect(c.keyword_in_title).toMatchObject({ passed: false, detail: 'The title does not contain "indoor herb garden"' });
    expect(c.keyword_in_first_paragraph.passed).toBe(false);
    expect(c.keyword_in_subheading.passed).toBe(false);
    expect(c.keyword_in_slug.detail).toBe('The slug "simple-guide" does not contain "indoor-herb-garden"');
    expect(c.keyword_density).toMatchObject({ passed: false, detail: expect.stringMatching(/^Keyword density 0 %/) });
    expect(c.meta_description_length.detail).toBe('Meta description has 10 characters (120–160 is good)');
    expect(c.word_count).toMatchObject({ passed: false, detail: '203 words (at least 300)' });
    expect(c.paragraph_length).toMatchObject({ passed: false, detail: 'The longest paragraph has 200 words (at most 150)' });
    expect(c.heading_structure).toMatchObject({ passed: false, detail: '2 H1 headings (the title is the only H1)' });
    expect(c.image_alt).toMatchObject({ passed: false, detail: '2 of 2 images lack alt text' });
    expect(c.faq_jsonld).toMatchObject({ passed: false, detail: 'FAQ JSON-LD is not valid: question 1 has no answer' });
    expect(seoScore(Object.values(c))).toBeLessThan(20);
  });

  it('flags skipped heading levels, keyword stuffing and hard reading', () => {
    const skipped = byId({ ...good(), body: good().body.replace('<h3>Light</h3>', '<h4>Light</h4>') });
    expect(skipped.heading_structure.detail).toBe('Headings skip a level: an H4 follows an H2');
    const stuffed = byId({ ...good(), body: `<h2>indoor herb garden</h2><p>${'indoor herb garden '.repeat(120)}</p>` });
    expect(stuffed.keyword_density.passed).toBe(false);
    expect(stuffed.keyword_density.detail).toMatch(/^Keyword density 100 %/);
    const hard = 'Notwithstanding considerable organisational heterogeneity, comprehensive institutional reconceptualisation necessitates multidimensional evaluation.';
    expect(fleschReadingEase(hard)).toBeLessThan(0);
    expect(fleschReadingEase('The cat sat on the mat. It was fun.')).toBeGreaterThan(90);
    expect(byId({ ...good(), body: `<h2>indoor herb garden</h2><p>indoor herb garden ${hard.repeat(30)}</p>` }).readability.passed).toBe(false);
  });

  it('does not measure English readability for other languages', () => {
    const c = seoChecks({ ...good(), language: 'zh-CN' });
    expect(c.find((x) => x.id === 'readability')).toBeUndefined();
  });
});
