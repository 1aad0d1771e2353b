import { describe, expect, it } from 'vitest';
import { localPath } from '../../src/shared/location';
import { redirectTarget } from '../../src/views/redirect/redirectTarget';

describe('redirect targets are paths of this origin only (case 7)', () => {
  it('keeps a path of the console', () => {
    expect(localPath('/article?page=2')).toBe('/article?page=2');
    expect(localPath('/dashboard/analysis')).toBe('/dashboard/analysis');
  });

  it('refuses another host, a script URL and what a browser reads as one', () => {
    for (const target of [
      '//other.host/',
      '/\\other.host',
      '\\\\other.host',
      'javascript:alert(1)',
      'https://other.host/',
      '/\t/other.host',
      'article',
      '',
      null,
    ]) {
      expect(localPath(target)).toBeNull();
    }
  });

  it('sends the redirect helper route home instead of to another host', () => {
    const noMenus = () => undefined;
    expect(redirectTarget('/redirect/%2Fother.host%2F/path', noMenus)).toBe('/other.host/');
    expect(redirectTarget('/redirect/%5Cother.host/path', noMenus)).toBe('/');
  });
});
