/** Preset colours of the settings drawer; the first of each is the default (spec §9, §3). */
export const THEME_COLORS = ['#0960bd', '#0084f4', '#009688', '#536dfe', '#ff5c93', '#ee4f12', '#0096c7', '#9c27b0', '#ff9800'] as const;
export const HEADER_BG_COLORS = [
  '#ffffff',
  '#151515',
  '#009688',
  '#5172dc',
  '#018ffb',
  '#409eff',
  '#e74c3c',
  '#24292e',
  '#394664',
  '#001529',
  '#383f45',
] as const;
export const MENU_BG_COLORS = [
  '#001529',
  '#212121',
  '#273352',
  '#ffffff',
  '#191b24',
  '#191a23',
  '#304156',
  '#001628',
  '#28333e',
  '#344058',
  '#383f45',
] as const;
export const TRANSITIONS = ['zoom-fade', 'zoom-out', 'fade-slide', 'fade', 'fade-bottom', 'fade-scale'] as const;
