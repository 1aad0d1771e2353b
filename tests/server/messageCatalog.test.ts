import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../../server/i18n/en.json';
import zhCN from '../../server/i18n/zh_CN.json';
import { ORDER_STATUSES, TASK_ITEM_STATUSES, TASK_STATUSES } from '../../contract/statuses';

/**
 * The server's message catalog: every message key the code can write has an English and a Chinese
 * entry, and the two catalogs name the same keys with the same parameters. The keys are found in
 * server/ itself (every quoted `group.name` of a catalog group), not kept in a list here.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server');

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value] as const] : [...flatten(value, `${prefix}${key}.`)],
    ),
  );
const catalogs = { en: flatten(en), zh_CN: flatten(zhCN) };
const groups = new Set(Object.keys(en));
const paramsOf = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}
const sources = sourceFiles(root).map((file) => ({ file: path.relative(root, file), text: fs.readFileSync(file, 'utf8') }));

/** Every quoted `group.name…` whose group is one of the catalog's: a key the code writes. */
const usedKeys = sources.flatMap(({ file, text }) =>
  [...text.matchAll(/['`]([a-z][A-Za-z]*(?:\.[A-Za-z0-9_]+)+)['`]/g)]
    .map((m) => m[1])
    .filter((key) => groups.has(key.split('.')[0]))
    .map((key) => ({ file, key })),
);

const REFUSALS = /\b(?:invalid|unauthorized|forbidden|notFound|tooLarge|tooMany|message|requireAdmin)\(\s*(['"`])([^'"`]*)\1/g;
const REFUSED = /\b(?:refused\(\s*ResultCode\.\w+|new DomainError\(\s*ResultCode\.\w+),\s*(['"`])([^'"`]*)\1/g;

describe('the server message catalog', () => {
  it('finds the messages the server writes in its code', () => {
    expect(usedKeys.length).toBeGreaterThan(250);
    expect(usedKeys.map((u) => u.key)).toEqual(expect.arrayContaining(['auth.wrongCredentials', 'topup.codeUnknown', 'http.notLoggedIn']));
  });

  it('has an English and a Chinese entry for every key the code uses', () => {
    const missing = usedKeys.flatMap(({ file, key }) =>
      (['en', 'zh_CN'] as const).filter((language) => !catalogs[language].has(key)).map((language) => `${file}: ${key} (${language})`),
    );
    expect(missing).toEqual([]);
  });

  it('words the statuses a refusal names, in both languages', () => {
    const statuses = new Set([...TASK_STATUSES, ...TASK_ITEM_STATUSES, ...ORDER_STATUSES]);
    const missing = [...statuses].flatMap((status) =>
      (['en', 'zh_CN'] as const)
        .filter((language) => !catalogs[language].has(`status.${status}`))
        .map((language) => `${status} (${language})`),
    );
    expect(missing).toEqual([]);
  });

  it('gives every refusal a key, never a sentence', () => {
    const refusals = sources.flatMap(({ file, text }) =>
      [...text.matchAll(REFUSALS), ...text.matchAll(REFUSED)].map((m) => ({ file, arg: m[2] })),
    );
    // The scan finds the refusals the code writes (some 290 today), so an empty list means none is a sentence.
    expect(refusals.length).toBeGreaterThan(250);
    const sentences = refusals
      .filter(({ arg }) => !/^[a-z][A-Za-z]*(\.[A-Za-z0-9_$.{}]+)+$/.test(arg))
      .map(({ file, arg }) => `${file}: ${arg}`);
    expect(sentences).toEqual([]);
  });

  it('has the same keys with the same parameters in both languages', () => {
    expect([...catalogs.zh_CN.keys()].sort()).toEqual([...catalogs.en.keys()].sort());
    const differing = [...catalogs.en].filter(([key, text]) => paramsOf(text).join() !== paramsOf(catalogs.zh_CN.get(key) ?? '').join());
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it('has a label for every field of the requests the contract defines', () => {
    const fields = catalogs.en;
    for (const name of ['publish_at', 'url', 'name', 'allowed_ips', 'content', 'code', 'username', 'password']) {
      expect(fields.has(`fields.${name}`), name).toBe(true);
    }
  });
});
