import type { Locale, Theme } from '../../config/constants';
import type { ProjectConfig } from '../../config/projectConfig';

/** Dark mode sets `data-theme` and the `dark` class on the root element (spec §4 Theme). */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  root.setAttribute('data-theme', theme);
  root.classList.toggle('dark', theme === 'dark');
}

/** The page language follows the locale (spec §1), as a BCP 47 tag: zh_CN → zh-CN. */
export function applyLocale(root: HTMLElement, locale: Locale): void {
  root.setAttribute('lang', locale.replace('_', '-'));
}

/**
 * The project config's page-wide effects (spec §3): the theme colour as the `--theme-color` CSS
 * variable, colour-weak and gray mode as classes on the root element (filters in the stylesheet).
 */
export function applyProjectConfig(root: HTMLElement, config: Pick<ProjectConfig, 'themeColor' | 'colorWeak' | 'grayMode'>): void {
  root.style.setProperty('--theme-color', config.themeColor);
  root.classList.toggle('color-weak', config.colorWeak);
  root.classList.toggle('gray-mode', config.grayMode);
}
