import type { Locale } from '../config/constants';
import type { Menu } from './menus';

/** One menu page the search can find (spec §2 Menu search). */
export interface SearchItem {
  path: string;
  /** The i18n key (or literal title) shown. */
  title: string;
  /** The titles of the menus above it, outermost first. */
  parents: string[];
  /** What a keyword is matched against: the title in every locale. */
  names: string[];
}

export type SearchResult = Omit<SearchItem, 'names'>;

/** Translates an i18n key in one locale (a literal title comes back unchanged). */
export type Translate = (key: string, locale: Locale) => string;

/** The pages of a menu tree that can be opened (leaves shown in the menu), with their titles in each locale. */
export function searchItemsOf(
  menus: readonly Menu[],
  translate: Translate,
  locales: readonly Locale[],
  parents: string[] = [],
): SearchItem[] {
  return menus.flatMap((menu) => {
    if (menu.hideMenu) return [];
    if (menu.children.length > 0) return searchItemsOf(menu.children, translate, locales, [...parents, menu.title]);
    const names = [...new Set(locales.map((locale) => translate(menu.title, locale)))];
    return [{ path: menu.path, title: menu.title, parents, names }];
  });
}

/** Fuzzy match: the keyword's characters appear in `text` in order, ignoring case and spaces. */
export function fuzzyMatches(keyword: string, text: string): boolean {
  const wanted = [...keyword.toLowerCase().replace(/\s+/g, '')];
  if (wanted.length === 0) return false;
  const haystack = text.toLowerCase();
  let at = 0;
  for (const char of wanted) {
    at = haystack.indexOf(char, at);
    if (at < 0) return false;
    at += char.length;
  }
  return true;
}

export function searchMenus(items: readonly SearchItem[], keyword: string): SearchResult[] {
  return items
    .filter((item) => item.names.some((name) => fuzzyMatches(keyword, name)))
    .map(({ path, title, parents }) => ({ path, title, parents }));
}
