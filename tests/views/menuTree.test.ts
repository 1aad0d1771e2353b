import { describe, expect, it } from 'vitest';
import { currentMenuPath, type MenuEntry } from '../../src/shared/menuTree';

const entry = (path: string, title: string, more: Partial<MenuEntry> = {}): MenuEntry => ({ path, name: title, title, ...more });

/** The built-in menus' shape: sections of pages, a page hidden under its list, a hidden section. */
const MENUS: MenuEntry[] = [
  entry('/dashboard', 'Dashboard', { children: [entry('/dashboard/analysis', 'Analysis')] }),
  entry('/article-manage', 'Articles', {
    children: [
      entry('/article', 'Article list'),
      entry('/article_task', 'Tasks'),
      entry('/article/detail/:id', 'Details', { hideMenu: true }),
      entry('/article/detail', 'All details', { hideMenu: true }),
    ],
  }),
  entry('/site-manage', 'Sites', { children: [entry('/site', 'Site list'), entry('/site/task', 'Publishing')] }),
  entry('/art', 'Art'),
  entry('/', 'Home'),
  entry('/hidden-manage', 'Hidden', { hideMenu: true, children: [entry('/secret', 'Secret')] }),
];

describe('the page the menu marks current', () => {
  it('is the path itself where the menu shows it', () => {
    expect(currentMenuPath(MENUS, '/article')).toBe('/article');
    expect(currentMenuPath(MENUS, '/site/task')).toBe('/site/task');
    expect(currentMenuPath(MENUS, '/dashboard/analysis')).toBe('/dashboard/analysis');
  });

  it('on a hidden page, is the shown page above it by whole path segments (the article list for an article’s details)', () => {
    expect(currentMenuPath(MENUS, '/article/detail/7')).toBe('/article');
    // Even where a hidden entry has the very path.
    expect(currentMenuPath(MENUS, '/article/detail')).toBe('/article');
  });

  it('is the longest such prefix', () => {
    expect(currentMenuPath(MENUS, '/site/task/3')).toBe('/site/task');
    expect(currentMenuPath(MENUS, '/site/7')).toBe('/site');
  });

  it('never a prefix of a segment, a section, the root, or a page below a hidden entry', () => {
    // /art is a prefix of /article only by letters; /article_task shares no whole segment with /article.
    expect(currentMenuPath(MENUS, '/artist/1')).toBe('/artist/1');
    expect(currentMenuPath(MENUS, '/article_tasks')).toBe('/article_tasks');
    // /dashboard is a section, not a page: a hidden page under it marks none.
    expect(currentMenuPath(MENUS, '/dashboard/workbench')).toBe('/dashboard/workbench');
    expect(currentMenuPath(MENUS, '/notice/details')).toBe('/notice/details');
    expect(currentMenuPath(MENUS, '/secret/1')).toBe('/secret/1');
  });
});
