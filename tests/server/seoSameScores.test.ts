import { describe, expect, it } from 'vitest';
import recorded from './seoCorpusScores.json';
import { storedCorpus } from './seoCorpus';

describe('a saved body read and scored', () => {
  it('stores the HTML, lead, word count and SEO checks recorded for a varied corpus', () => {
    const stored = storedCorpus();
    expect(stored.map((a) => a.name)).toEqual(recorded.map((a) => a.name));
    for (const [i, article] of stored.entries()) expect(article).toEqual(recorded[i]);
  });
});
