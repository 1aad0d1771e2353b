import type { Locale, Theme } from '../../config/constants';

/** Dark mode sets `data-theme` and the `dark` class on the root element (spec §4 Theme). */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  root.setAttribute('data-theme', theme);
  root.classList.toggle('dark', theme === 'dark');
}

/** The page language follows the locale (spec §1), as a BCP 47 tag: zh_CN → zh-CN. */
export function applyLocale(root: HTMLElement, locale: Locale): void {
  root.setAttribute('lang', locale.replace('_', '-'));
}
