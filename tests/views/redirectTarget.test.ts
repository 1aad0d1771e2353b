import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../src/views/redirect/redirectTarget';

const noMenus = () => undefined;

describe('the redirect helper route', () => {
  it('leads to its path, with the original query when given', () => {
    expect(redirectTarget('/redirect/dashboard%2Fanalysis/path', noMenus)).toBe('/dashboard/analysis');
    const params = encodeURIComponent(JSON.stringify({ page: 2, q: 'seo tips' }));
    expect(redirectTarget(`/redirect/article/path/${params}`, noMenus)).toBe('/article?page=2&q=seo+tips');
  });

  it('leads to a menu by name, or home when there is no such menu', () => {
    const byName = (name: string) => (name === 'Analysis' ? '/dashboard/analysis' : undefined);
    expect(redirectTarget('/redirect/Analysis/name', byName)).toBe('/dashboard/analysis');
    expect(redirectTarget('/redirect/Nothing/name', byName)).toBe('/');
  });

  it('ignores original parameters that are not JSON', () => {
    expect(redirectTarget('/redirect/site/path/%7Bbroken', noMenus)).toBe('/site');
  });
});
