import { describe, expect, it } from 'vitest';
import { parseAcceptLanguage } from '../../server/i18n/acceptLanguage';

describe('Accept-Language', () => {
  it('takes the language we speak that the caller prefers, by its q-values', () => {
    expect(parseAcceptLanguage('zh-CN')).toBe('zh_CN');
    expect(parseAcceptLanguage('zh-Hans-CN,zh;q=0.9')).toBe('zh_CN');
    expect(parseAcceptLanguage('en-US,en;q=0.9')).toBe('en');
    expect(parseAcceptLanguage('fr-FR, en;q=0.5, zh;q=0.8')).toBe('zh_CN');
    expect(parseAcceptLanguage('de, EN-gb;q=0.3')).toBe('en');
  });

  it('reads garbage, a huge header or an unknown language as unusable, never throwing', () => {
    for (const header of ['fr-FR', '*, fr', ';;;,,,', 'zh;q=abc', 'zh;q=0', '\u0000zh', '{{lng}}', `${'x-'.repeat(100_000)}zh`]) {
      expect(parseAcceptLanguage(header)).toBe('unusable');
    }
    expect(parseAcceptLanguage(`${'fr, '.repeat(10_000)}en`)).toBe('unusable');
    for (const header of [undefined, '', ' ', '*', '*;q=0.5']) expect(parseAcceptLanguage(header)).toBeNull();
  });
});
