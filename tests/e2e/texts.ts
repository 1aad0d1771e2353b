import common from '../../src/i18n/locales/zh_CN/common.json';
import sys from '../../src/i18n/locales/zh_CN/sys.json';
import layout from '../../src/i18n/locales/zh_CN/layout.json';
import dashboard from '../../src/i18n/locales/zh_CN/dashboard.json';
import routes from '../../src/i18n/locales/zh_CN/routes.json';
import enLayout from '../../src/i18n/locales/en/layout.json';
import enRoutes from '../../src/i18n/locales/en/routes.json';
import enDashboard from '../../src/i18n/locales/en/dashboard.json';

/** The console's Chinese texts (its default locale), as the scenarios look for them. */
export const zh = { common, sys, layout, dashboard, routes };
export const en = { layout: enLayout, routes: enRoutes, dashboard: enDashboard };

/** Fills `{{name}}` placeholders. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
