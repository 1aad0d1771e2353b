import account from '../../../src/i18n/locales/zh_CN/account.json';
import adminLog from '../../../contract/locales/zh_CN/adminLog.json';
import ledger from '../../../contract/locales/zh_CN/ledger.json';
import orders from '../../../contract/locales/zh_CN/orders.json';
import errorLog from '../../../src/i18n/locales/zh_CN/errorLog.json';
import systems from '../../../src/i18n/locales/zh_CN/systems.json';
import { zh as e2eTexts } from '../../e2e/texts';

export { en, fill, serverZh } from '../../e2e/texts';

/** The console's Chinese texts (the locale the view tests render), found by key as the e2e scenarios do. */
export const zh = { ...e2eTexts, account, adminLog, errorLog, ledger, orders, systems };

/**
 * A pattern finding `text` inside a longer name or text (a tab's name holds its close button's
 * too); each `{{name}}` placeholder in it stands for any text.
 */
export function pattern(text: string): RegExp {
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    text
      .split(/\{\{\w+\}\}/)
      .map(escape)
      .join('.+?'),
  );
}
