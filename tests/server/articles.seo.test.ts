import { describe, expect, it } from 'vitest';
import { seoCheckDetail } from '../../server/domain/articles/seoCheckText';
import { fleschReadingEase, keyphraseDensity, seoChecks, seoScore, TEMPLATE_CAP, type SeoInput } from '../../server/domain/articles/seo';

/** Distinct, plain sentences: a real article repeats none of them. */
const SENTENCES = [
  'Basil likes a warm sill and about six hours of sun.',
  'Mint spreads fast, so give it a pot of its own.',
  'Parsley grows slowly at first and then keeps giving for months.',
  'Water when the top of the soil feels dry to your finger.',
  'A pot with a hole in the bottom stops the roots from rotting.',
  'Cut the top leaves first, and the plant grows bushier.',
  'Chives come back after each cut if you leave two inches.',
  'A small lamp helps in winter when the days are short.',
  'Feed the herbs once a month with a weak liquid feed.',
  'Turn each pot a quarter turn every week so it grows straight.',
  'Thyme and rosemary want less water than the leafy herbs.',
  'Yellow leaves often mean too much water rather than too little.',
  'Pick herbs in the morning, when their oils are strongest.',
  'Dry extra leaves on a rack, or freeze them in ice cubes.',
  'Cheap pots from a hardware store work as well as fancy ones.',
  'Seeds take longer than starter plants but cost far less.',
  'Keep the herbs away from a hot radiator or a cold draught.',
  'Coriander bolts in heat, so sow a little every few weeks.',
  'Label each pot, because young herbs look much alike.',
  'Wipe dust off the leaves so they catch more light.',
  'A tray of pebbles and water raises the humidity around the pots.',
  'Repot a herb when roots poke out of the bottom hole.',
  'Pinch off flower buds on basil to keep the leaves sweet.',
  'Oregano tastes stronger when it grows in poor, dry soil.',
  'Grow the herbs you cook with most, not the ones that look nice.',
  'Start with three pots and add more once those do well.',
  'Check the leaves for tiny insects when you water.',
  'A spray of soapy water clears most aphids in a few days.',
  'Share cuttings with friends, since mint and basil root in water.',
  'Fresh herbs lift a simple meal more than any spice jar.',
];

const para = (from: number, count: number, keyword = '') =>
  `<p>${keyword ? `An ${keyword} is easy to start. ` : ''}${SENTENCES.slice(from, from + count).join(' ')}</p>`;

/** A well-made article: every check passes. */
const good = (): SeoInput => ({
  title: 'Indoor herb garden: a simple guide',
  keyword: 'indoor herb garden',
  slug: 'indoor-herb-garden-guide',
  metaDescription:
    'Start an indoor herb garden with this simple guide: the herbs to pick, the light and water they need, and how to harvest them for months of fresh flavour.',
  language: 'en',
  coverUrl: '/uploads/c.png',
  coverAlt: 'Indoor herb garden on a sunny sill',
  faq: [{ question: 'Which herbs grow best indoors?', answer: 'Basil, mint and parsley.' }],
  siteUrl: 'https://herbs.example',
  otherArticles: ['<p>Tomatoes need a deep pot and a sunny balcony. Water them every evening in summer and tie the stems to a cane.</p>'],
  body: [
    para(0, 5, 'indoor herb garden'),
    '<h2>Why grow an indoor herb garden</h2>',
    para(5, 8),
    '<figure><img src="/uploads/a.png" alt="Basil pot" /></figure>',
    '<h3>Light</h3>',
    para(13, 8),
    '<h2>Care</h2>',
    `${para(21, 9)}<p>An indoor herb garden pays off quickly. See <a href="https://herbs.example/basil-care/">basil care</a> and the <a href="https://www.rhs.org.uk/herbs">RHS herb guide</a>.</p>`,
  ].join('\n'),
});

/** The checks by id, each with the explanation an English API client reads. */
const byId = (input: SeoInput) =>
  Object.fromEntries(seoChecks(input).map((c) => [c.id, { ...c, detail: seoCheckDetail('en', { ...c, detail: '' }) }]));

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
      'title_length',
      'word_count',
      'paragraph_length',
      'heading_structure',
      'image_alt',
      'readability',
      'language',
      'repeated_sentences',
      'duplicate_paragraphs',
      'duplicate_of_site',
      'internal_links',
      'outbound_links',
      'template_content',
      'faq_jsonld',
    ]);
  });

  it('finds each fault on a crafted article', () => {
    const filler = 'The garden grows well when you water it and give it light every day.';
    const c = byId({
      ...good(),
      title: 'A simple guide',
      slug: 'simple-guide',
      metaDescription: 'Too short.',
      faq: [{ question: 'Why?', answer: ' ' }],
      coverAlt: '',
      body: `<h1>Another H1</h1><p>${`${filler} `.repeat(15)}</p><h4>Skipped</h4><img src="/x.png">`,
    });
    expect(c.keyword_in_title).toMatchObject({ passed: false, detail: 'The title does not contain "indoor herb garden"' });
    expect(c.keyword_in_first_paragraph.passed).toBe(false);
    expect(c.keyword_in_subheading.passed).toBe(false);
    expect(c.keyword_in_slug.detail).toBe('The slug "simple-guide" does not contain "indoor-herb-garden"');
    expect(c.keyword_density).toMatchObject({ passed: false, detail: expect.stringMatching(/^Keyword density 0 %/) });
    expect(c.meta_description_length.detail).toBe('Meta description has 10 characters (120–160 is good)');
    expect(c.word_count).toMatchObject({ passed: false, detail: '213 words (at least 300)' });
    expect(c.paragraph_length).toMatchObject({ passed: false, detail: 'The longest paragraph has 210 words (at most 150)' });
    expect(c.heading_structure).toMatchObject({ passed: false, detail: '2 H1 headings (the title is the only H1)' });
    expect(c.image_alt).toMatchObject({ passed: false, detail: '2 of 2 images lack alt text' });
    expect(c.faq_jsonld).toMatchObject({ passed: false, detail: 'FAQ JSON-LD is not valid: question 1 has no answer' });
    expect(c.repeated_sentences).toMatchObject({ passed: false, detail: '14 of 15 sentences repeat within the article (at most 5 %)' });
    expect(c.internal_links.passed).toBe(false);
    expect(c.outbound_links.passed).toBe(false);
    expect(seoScore(Object.values(c))).toBeLessThan(30);
  });

  it("weighs keyword density by the keyphrase length, as Yoast does; the default prompt's 1 % passes", () => {
    // Yoast: occurrences / words × 100 × (0.7 + keyphrase words / 3).
    expect(keyphraseDensity(10, 1, 1000)).toBeCloseTo(1.03);
    expect(keyphraseDensity(10, 3, 1000)).toBeCloseTo(1.7);
    // "About 1 % of the words" (10 mentions in 1,000 words) passes for a 1- to 6-word keyphrase,
    // and so does 1 % of the words being keyphrase words, up to 3-word keyphrases.
    for (const words of [1, 2, 3, 4, 5, 6]) {
      expect(keyphraseDensity(10, words, 1000)).toBeGreaterThanOrEqual(0.5);
      expect(keyphraseDensity(10, words, 1000)).toBeLessThanOrEqual(3);
      if (words <= 3) expect(keyphraseDensity(10 / words, words, 1000)).toBeGreaterThanOrEqual(0.5);
    }
    const stuffed = byId({ ...good(), body: `<h2>indoor herb garden</h2><p>${'indoor herb garden '.repeat(120)}</p>` });
    expect(stuffed.keyword_density.passed).toBe(false);
    expect(stuffed.keyword_density.detail).toMatch(/^Keyword density 56.67 % \(found 121 times/);
  });

  it('flags skipped heading levels and hard reading', () => {
    const skipped = byId({ ...good(), body: good().body.replace('<h3>Light</h3>', '<h4>Light</h4>') });
    expect(skipped.heading_structure.detail).toBe('Headings skip a level: an H4 follows an H2');
    const hard =
      'Notwithstanding considerable organisational heterogeneity, comprehensive institutional reconceptualisation necessitates multidimensional evaluation.';
    expect(fleschReadingEase(hard)).toBeLessThan(0);
    expect(fleschReadingEase('The cat sat on the mat. It was fun.')).toBeGreaterThan(90);
    expect(byId({ ...good(), body: `<h2>indoor herb garden</h2><p>indoor herb garden ${hard}</p>` }).readability.passed).toBe(false);
  });

  it('caps an article of template sentences at "needs work", however well it is optimised', () => {
    const template = [
      'A clear plan makes the work much easier.',
      'Start small, check the result, and then improve one step at a time.',
      'If something does not work, change one thing and try again.',
    ];
    const body = [
      `<p>An indoor herb garden is the topic of this guide. ${template.join(' ')}</p>`,
      ...['Why an indoor herb garden', 'Getting started', 'Tips'].flatMap((h) => [
        `<h2>${h}</h2>`,
        `<p>${template.join(' ')} ${template.join(' ')}</p>`,
      ]),
      '<p>See <a href="/basil/">basil</a> and <a href="https://rhs.org.uk/">RHS</a>.</p>',
    ].join('');
    const checks = seoChecks({ ...good(), body: body.repeat(4) });
    expect(checks.find((c) => c.id === 'template_content')?.passed).toBe(false);
    expect(seoScore(checks)).toBeLessThanOrEqual(TEMPLATE_CAP);
    expect(seoScore(checks)).toBeLessThan(80);
  });

  it("finds near-duplicate paragraphs and content copied from the site's other articles", () => {
    const copy = good();
    const twice = byId({
      ...copy,
      body: copy.body.replace('<h2>Care</h2>', `<h2>Care</h2>${para(5, 8).replace('Mint spreads fast', 'Mint spreads quickly')}`),
    });
    expect(twice.duplicate_paragraphs).toMatchObject({ passed: false, detail: 'Two paragraphs say nearly the same' });
    const copied = byId({ ...copy, otherArticles: [copy.body] });
    expect(copied.duplicate_of_site.passed).toBe(false);
    expect(seoScore(Object.values(copied))).toBeLessThanOrEqual(TEMPLATE_CAP);
  });

  it('counts paragraphs, their words and keyword hits in English as English counts', () => {
    const one = byId({ ...good(), body: '<p>Garden</p>' });
    expect(one.paragraph_length.detail).toBe('The longest paragraph has 1 word (at most 150)');
    expect(one.keyword_density.detail).toMatch(/^Keyword density 0 % \(found 0 times, word count 1,/);
    const copy = good();
    const repeated = para(5, 8);
    const thrice = byId({ ...copy, body: `${copy.body}${repeated}${repeated}${repeated}` });
    expect(thrice.duplicate_paragraphs.detail).toMatch(/^\d+ pairs of paragraphs are near-duplicates$/);
    const zh = seoChecks({ ...good(), body: '<p>Garden</p>' }).find((c) => c.id === 'paragraph_length')!;
    expect(seoCheckDetail('zh_CN', { ...zh, detail: '' })).toBe('最长的段落有 1 个词（最多 150 个）');
  });

  it('checks the language asked for, and length limits per language', () => {
    const english = byId({ ...good(), language: 'zh-CN' });
    expect(english.language).toMatchObject({ passed: false });
    expect(english.readability).toBeUndefined();
    expect(seoScore(Object.values(english))).toBeLessThan(50);
    const zh = byId({
      ...good(),
      language: 'zh',
      keyword: '室内香草花园',
      title: '室内香草花园：简单指南',
      metaDescription:
        '室内香草花园入门：选哪些香草、需要多少光照和水分，以及怎样采收，让厨房几个月都有新鲜香草。适合新手的完整指南。'.repeat(2),
      body: '<p>室内香草花园很容易开始。</p>',
    });
    expect(zh.language.passed).toBe(true);
    expect(zh.meta_description_length.detail).toMatch(/^Meta description has \d+ characters \(50–80 is good\)/);
    expect(zh.meta_description_length.passed).toBe(false);
    expect(zh.word_count.detail).toMatch(/characters \(at least 600\)/);
  });
});
