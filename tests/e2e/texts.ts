import fs from 'node:fs';
import path from 'node:path';
import common from '../../src/i18n/locales/zh_CN/common.json';
import sys from '../../src/i18n/locales/zh_CN/sys.json';
import layout from '../../src/i18n/locales/zh_CN/layout.json';
import dashboard from '../../src/i18n/locales/zh_CN/dashboard.json';
import routes from '../../src/i18n/locales/zh_CN/routes.json';
import roles from '../../contract/locales/zh_CN/roles.json';
import enLayout from '../../src/i18n/locales/en/layout.json';
import enRoutes from '../../src/i18n/locales/en/routes.json';
import enDashboard from '../../src/i18n/locales/en/dashboard.json';
import { render, type MessageKey, type MessageParams } from '../../server/i18n/messages';

/** The console's Chinese texts (its default locale), as the scenarios look for them. */
export const zh = { common, sys, layout, dashboard, routes, roles };
export const en = { layout: enLayout, routes: enRoutes, dashboard: enDashboard };

/** What the server answers a Chinese console, from its own catalog: the refusals the console shows as sent. */
export const serverZh = (key: MessageKey, params?: MessageParams) => render('zh_CN', { key, params });

/** Fills `{{name}}` placeholders. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * The console's namespaces: one catalog file each, its own (src/i18n/locales) and those it shares
 * with the server (contract/locales: the ledger's, the orders', the roles' …); the tests run at the
 * project's root.
 */
const NAMESPACES = ['src/i18n/locales/zh_CN', 'contract/locales/zh_CN'].flatMap((folder) =>
  fs.readdirSync(path.resolve(folder)).map((file) => path.basename(file, '.json')),
);

/**
 * A key shown where its words should be: a namespace and the key's dotted path
 * (`dashboard.analysis.points`), not part of an address or a host name.
 */
const RAW_KEY = new RegExp(`(?<![\\w./@-])(?:${NAMESPACES.join('|')})(?:\\.[A-Za-z_][\\w-]*)+(?![\\w./@-])`, 'g');

/** The raw translation keys in `text`, once each. */
export function rawKeysIn(text: string): string[] {
  return [...new Set(text.match(RAW_KEY) ?? [])];
}

/**
 * What a page gives to read, one text a line: its text nodes, and its labels, placeholders and
 * titles (but code's, the full route a cut one shows on hover included). Runs in the page (no
 * outside names).
 */
export function readableTexts(): string {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  // Code is not words: the menu page shows a menu's stored title key beside its words; a
  // preformatted value (a secret, an invite code, a link to copy) neither; nor the scripts and
  // styles a page carries (the prerendered login page's), which nobody sees.
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (!node.parentElement?.closest('code, pre, script, style')) texts.push(node.nodeValue ?? '');
  for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))
    if (!element.closest('code, pre'))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) texts.push(element.getAttribute(name) ?? '');
  return texts.join('\n');
}

/**
 * Latin words a Chinese page may show: the product's and its platforms' names, the model services
 * a preset names, file formats, protocols and tools (the key page's curl examples, the webhook
 * platform), and the language menu's English, named in its own language. Anything else of
 * three letters or more is English left untranslated.
 */
const LATIN_NAMES = new Set(
  [
    'Inkpress',
    'English',
    'WordPress',
    // The SEO plugins whose fields an article's canonical URL and focus keyword go to.
    'Yoast',
    'Rank',
    'Math',
    'SEO',
    'API',
    'URL',
    'CSV',
    'JSON',
    'HTML',
    'Markdown',
    'OpenAI',
    'DeepSeek',
    'DashScope',
    'Kimi',
    'GLM',
    'Ollama',
    'vLLM',
    'curl',
    'Webhook',
    'CIDR',
    'PNG',
    'JPEG',
    'WebP',
    'GIF',
    'ZIP',
    'WXR',
  ].map((word) => word.toLowerCase()),
);

/**
 * The English words in `text` a Chinese reader would meet (three Latin letters or more, outside
 * addresses, mail addresses, colours, identifiers and the allowed names), once each. `userData`
 * is what the test itself entered (a user name): shown as it was typed.
 */
export function englishWordsIn(text: string, userData: readonly string[] = []): string[] {
  let words = text;
  for (const data of userData) words = words.split(data).join(' ');
  // Addresses, mail addresses, colours (#ffffff) and a prompt's template variables ({keyword}) are not words.
  words = words.replace(/\b\w+:\/\/\S+|\S+@\S+|#[0-9a-f]{3,8}\b|\{\w+\}/gi, ' ');
  const found = words.match(/(?<![\w./@-])[A-Za-z]{3,}(?![\w./@-])/g) ?? [];
  return [...new Set(found.filter((word) => !LATIN_NAMES.has(word.toLowerCase())))];
}
