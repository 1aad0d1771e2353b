import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_MENUS, type BuiltInMenu } from '../../contract/builtInMenus';
import { PAGES } from '../../src/config/pages';
import { LOCALES, NAMESPACES as STARTUP_NAMESPACES, PAGE_NAMESPACES, changeLocale, i18next, loadPacks, setupI18n } from '../../src/i18n';

const NAMESPACES = [...STARTUP_NAMESPACES, ...PAGE_NAMESPACES];

const LOCALE_DIR = path.resolve('src/i18n/locales');
/** Packs the server reads too. */
const SHARED_LOCALE_DIR = path.resolve('contract/locales');

function readPack(locale: string, namespace: string): Record<string, unknown> {
  const own = path.join(LOCALE_DIR, locale, `${namespace}.json`);
  const file = fs.existsSync(own) ? own : path.join(SHARED_LOCALE_DIR, locale, `${namespace}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function flatten(value: unknown, prefix: string): Map<string, string> {
  const keys = new Map<string, string>();
  if (typeof value === 'string') keys.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) for (const [k, v] of flatten(child, `${prefix}.${key}`)) keys.set(k, v);
  }
  return keys;
}

/** A key worded by count (`x_one`, `x_other`) is the key `x` to a language without those forms. */
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

const packs = Object.fromEntries(
  LOCALES.map((locale) => [locale, new Map(NAMESPACES.flatMap((namespace) => [...flatten(readPack(locale, namespace), namespace)]))]),
) as Record<(typeof LOCALES)[number], Map<string, string>>;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const menuTitles = (menus: BuiltInMenu[]): string[] => menus.flatMap((menu) => [menu.title, ...menuTitles(menu.children ?? [])]);

describe('language packs', () => {
  it('have the same keys in zh_CN and en, none of them empty', () => {
    const keys = (locale: (typeof LOCALES)[number]) => [...new Set([...packs[locale].keys()].map(pluralBase))].sort();
    expect(keys('en')).toEqual(keys('zh_CN'));
    for (const locale of LOCALES) for (const [key, text] of packs[locale]) expect(text.trim(), `${locale} ${key}`).not.toBe('');
  });

  it('translate every key the console uses (views, components and the messages of the request layer)', () => {
    const pattern = new RegExp(`['"\`]((?:${NAMESPACES.join('|')})\\.[A-Za-z0-9_.]+[A-Za-z0-9_])['"\`]`, 'g');
    const used = new Set<string>();
    const folders = ['src/views', 'src/components', 'src/app', 'src/machines', 'src/services'];
    for (const file of folders.filter((folder) => fs.existsSync(folder)).flatMap(sourceFiles)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((key) => !packs.zh_CN.has(key) || !packs.en.has(key));
    expect(missing).toEqual([]);
  });

  it('translate the titles of every built-in menu and static route', () => {
    const titles = [...menuTitles(BUILT_IN_MENUS), ...PAGES.flatMap((page) => (page.titleKey ? [page.titleKey] : []))];
    expect(titles.filter((key) => !packs.zh_CN.has(key) || !packs.en.has(key))).toEqual([]);
  });

  it('translate every exception page', () => {
    for (const status of [403, 404, 500, 10000, 10100]) {
      expect(packs.zh_CN.has(`sys.exception.${status}.title`)).toBe(true);
      expect(packs.zh_CN.has(`sys.exception.${status}.description`)).toBe(true);
    }
  });

  it('load lazily: Chinese first, English when the locale changes', async () => {
    await setupI18n('zh_CN');
    expect(i18next.t('sys.login.loginButton')).toBe('登录');
    expect(i18next.hasResourceBundle('en', 'sys')).toBe(false);
    await changeLocale('en');
    expect(i18next.t('sys.login.loginButton')).toBe('Sign in');
    await changeLocale('zh_CN');
    expect(i18next.t('sys.page.login')).toBe('登录');
    // The signed-in console's packs come with its code, not with the first screen's.
    expect(i18next.hasResourceBundle('zh_CN', 'routes')).toBe(false);
    expect(i18next.hasResourceBundle('zh_CN', 'common')).toBe(false);
    await loadPacks(['routes']);
    expect(i18next.t('routes.dashboard.analysis')).toBe('概览');
  });
});
