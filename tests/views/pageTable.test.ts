import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_MENUS, type BuiltInMenu } from '../../contract/builtInMenus';
import { PAGES } from '../../src/config/pages';
import { STATIC_ROUTES } from '../../src/config/routes';

const menuPages = (items: readonly BuiltInMenu[]): BuiltInMenu[] =>
  items.flatMap((item) => [...(item.component === 'LAYOUT' ? [] : [item]), ...menuPages(item.children ?? [])]);

describe('the page table', () => {
  it('has the page of every built-in menu, at the menu’s address', () => {
    const rows = PAGES.filter((page) => page.component).map((page) => [page.component, page.path]);
    for (const menu of menuPages(BUILT_IN_MENUS)) expect(rows).toContainEqual([menu.component, menu.url]);
  });

  it('takes each static route the guards read whole, once: a row of its own, the same title, redirect and access', () => {
    for (const route of STATIC_ROUTES) expect(PAGES.filter((page) => page.path === route.path)).toEqual([expect.objectContaining(route)]);
  });

  it('names its pages’ code by modules that exist (the page registry finds them by name)', () => {
    const modules = Object.keys(import.meta.glob('../../src/views/**/*Page.tsx'));
    const named = PAGES.flatMap((page) => (page.module ? [`../../src/views/${page.module}.tsx`] : []));
    expect(named.length).toBeGreaterThan(20);
    for (const module of named) expect(modules).toContain(module);
  });

  it('is the one place that writes an address: lint refuses one written in a view', async () => {
    const eslint = new ESLint();
    const lint = async (code: string) =>
      (await eslint.lintText(code, { filePath: 'src/views/site/Probe.ts' }))[0].messages.map((m) => m.ruleId);
    expect(await lint("export const go = (navigate: (to: string) => void) => navigate('/article_task');\n")).toContain(
      'no-restricted-syntax',
    );
    expect(await lint('export const link = (id: number) => `/article/detail/${id}`;\n')).toContain('no-restricted-syntax');
    // API paths and plain text are not addresses of the console.
    expect(await lint("export const api = '/api/v1/site/list';\nexport const slash = '/';\n")).not.toContain('no-restricted-syntax');
  });
});
