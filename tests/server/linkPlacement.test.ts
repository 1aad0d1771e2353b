import { describe, expect, it } from 'vitest';
import { placeLinks } from '../../server/domain/links/linkPlacement';
import { chooseRelated, relevance } from '../../server/domain/links/linkRelevance';

/* Where internal links go in an article, and which articles are related: what a reader of the page sees. */

const body = [
  '<h2>Compost tea basics</h2>',
  '<p>Brewing <a href="https://elsewhere.example/tea">compost tea</a> takes a day.</p>',
  '<p>A compost heap needs air; compost tea needs a pump.</p>',
  '<h2>Worm compost</h2>',
  '<ul><li>Worm compost suits a balcony.</li></ul>',
  '<h2>FAQ</h2>',
  '<p>Is it safe? Yes.</p>',
].join('\n');

describe('placing internal links', () => {
  it('links a phrase found in a paragraph, not in a heading nor inside a link, each target once', () => {
    const { html, anchors } = placeLinks(
      body,
      [
        { url: 'https://blog.example/tea/', phrases: ['compost tea'], title: 'Tea' },
        { url: 'https://blog.example/worms/', phrases: ['worm compost'], title: 'Worms' },
        { url: 'https://blog.example/tea/', phrases: ['compost tea'], title: 'Tea' },
      ],
      'Related: ',
    );
    expect(anchors).toEqual(['compost tea', 'Worm compost', null]);
    expect(html).toContain('<p>A compost heap needs air; <a href="https://blog.example/tea/">compost tea</a> needs a pump.</p>');
    expect(html).toContain('<li><a href="https://blog.example/worms/">Worm compost</a> suits a balcony.</li>');
    expect(html).toContain('<h2>Compost tea basics</h2>');
    expect(html).toContain('<h2>Worm compost</h2>');
    expect(html.match(/blog\.example\/tea\//g)).toHaveLength(1);
  });

  it('says "Related: …" closing a section when no paragraph names the target, its title escaped', () => {
    const { html, anchors } = placeLinks(
      body,
      [{ url: 'https://blog.example/bins/', phrases: ['compost bins'], title: 'Bins & boxes' }],
      'Related: ',
    );
    expect(anchors).toEqual(['Bins & boxes']);
    expect(html).toContain('<p>Related: <a href="https://blog.example/bins/">Bins &amp; boxes</a></p>\n<h2>Worm compost</h2>');
  });

  it('links Chinese text inside a word, and its sentence is Chinese', () => {
    const zh = '<h2>有机堆肥</h2>\n<p>家里做有机堆肥方法很多，堆肥桶最省事。</p>\n<h2>常见问题</h2>\n<p>会有味道吗？</p>';
    const { html, anchors } = placeLinks(
      zh,
      [
        { url: 'https://blog.example/tong/', phrases: ['堆肥桶'], title: '堆肥桶怎么选' },
        { url: 'https://blog.example/cha/', phrases: ['堆肥茶'], title: '堆肥茶的做法' },
      ],
      '相关阅读：',
    );
    expect(anchors).toEqual(['堆肥桶', '堆肥茶的做法']);
    expect(html).toContain('<a href="https://blog.example/tong/">堆肥桶</a>最省事');
    expect(html).toContain('<p>相关阅读：<a href="https://blog.example/cha/">堆肥茶的做法</a></p>');
  });
});

describe('choosing related articles', () => {
  const article = { keyword: 'compost tea', title: 'Compost tea for beginners', headings: 'Brewing with worms' };

  it('ranks by shared terms of keyword, title and headings, Chinese by character pairs', () => {
    expect(relevance(article, { keyword: 'compost tea recipe', title: 'A recipe' })).toBeGreaterThan(
      relevance(article, { keyword: 'worm bins', title: 'Worm bins' }),
    );
    expect(relevance(article, { keyword: 'solar panels', title: 'Balcony solar' })).toBe(0);
    expect(
      relevance({ keyword: '有机堆肥方法', title: '有机堆肥', headings: '' }, { keyword: '堆肥桶', title: '堆肥桶怎么选' }),
    ).toBeGreaterThan(0);
  });

  it('takes the related ones, then tops up to the least with the most recent others', () => {
    const candidates = [
      { keyword: 'solar panels', title: 'Solar' },
      { keyword: 'worm bins', title: 'Worms' },
      { keyword: 'rain barrels', title: 'Rain' },
      { keyword: 'compost tea recipe', title: 'Recipe' },
    ];
    expect(chooseRelated(article, candidates, 3, 5).map((c) => c.keyword)).toEqual(['compost tea recipe', 'worm bins', 'solar panels']);
    expect(chooseRelated(article, candidates.slice(0, 1), 3, 5)).toHaveLength(1);
  });
});
