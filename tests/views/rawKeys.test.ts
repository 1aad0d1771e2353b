import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rawKeysIn, readableTexts } from '../e2e/texts';

/** The browser scenarios' detector of keys shown where their words should be: every catalog's keys, none of a page's other text. */

const namespacesIn = (folder: string) => fs.readdirSync(path.resolve(folder)).map((file) => path.basename(file, '.json'));

describe('the raw key detector', () => {
  it("finds a raw key of every catalog, the console's own and those it shares with the server", () => {
    for (const namespace of [...namespacesIn('src/i18n/locales/zh_CN'), ...namespacesIn('contract/locales/zh_CN')])
      expect(rawKeysIn(`原因：${namespace}.reasons.article_generation。`), namespace).toEqual([`${namespace}.reasons.article_generation`]);
  });

  it('leaves words, addresses, file names and host names alone', () => {
    expect(rawKeysIn('订单 #12 · https://herbs.example/ledger.reasons · points_ledger_3.csv · ada@ledger.example')).toEqual([]);
  });

  it('reads what a page shows, not its scripts and styles', () => {
    document.body.innerHTML =
      '<p>用户名或密码错误</p><script>addEventListener("submit", function () {})</script><style>p { color: red }</style>';
    expect(readableTexts().trim()).toBe('用户名或密码错误');
  });
});
