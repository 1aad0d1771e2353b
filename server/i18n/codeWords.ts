import type { Language } from '../../contract/languages';
import { ledgerReferenceOf } from '../../contract/ledgerReference';
import { roleName } from '../../contract/roleName';
import enAccounts from '../../contract/locales/en/accounts.json';
import enAdminLog from '../../contract/locales/en/adminLog.json';
import enLedger from '../../contract/locales/en/ledger.json';
import enOrders from '../../contract/locales/en/orders.json';
import enRoles from '../../contract/locales/en/roles.json';
import zhAccounts from '../../contract/locales/zh_CN/accounts.json';
import zhAdminLog from '../../contract/locales/zh_CN/adminLog.json';
import zhLedger from '../../contract/locales/zh_CN/ledger.json';
import zhOrders from '../../contract/locales/zh_CN/orders.json';
import zhRoles from '../../contract/locales/zh_CN/roles.json';
import { textCatalog } from './catalog';

/**
 * The codes a row keeps (a ledger entry's reason and reference, an order's channel and status, an
 * account's status and roles, an admin-log action and resource) in a reader's words: the ones the console
 * shows, from the packs it reads too (contract/locales). A code no pack words (a newer route's
 * action, an operator's note as a reference) stays as it is.
 */
export interface CodeWords {
  reason(code: string): string;
  reference(reference: string | null): string;
  orderChannel(code: string): string;
  orderStatus(code: string): string;
  accountStatus(code: string): string;
  /** An account's roles, given each role's name as stored (`names`, by code): one cell. */
  roles(codes: readonly string[], names: ReadonlyMap<string, string>): string;
  logAction(code: string): string;
  logResource(code: string): string;
}

const shared = textCatalog({
  en: { translation: { ledger: enLedger, orders: enOrders, accounts: enAccounts, roles: enRoles, adminLog: enAdminLog } },
  zh_CN: { translation: { ledger: zhLedger, orders: zhOrders, accounts: zhAccounts, roles: zhRoles, adminLog: zhAdminLog } },
});

/** Codes as they are: for a machine client, which finds its rows by them. */
export const CODES: CodeWords = {
  reason: (code) => code,
  reference: (reference) => reference ?? '',
  orderChannel: (code) => code,
  orderStatus: (code) => code,
  accountStatus: (code) => code,
  roles: (codes) => codes.join(' '),
  logAction: (code) => code,
  logResource: (code) => code,
};

export function codeWords(language: Language): CodeWords {
  const word = (key: string, code: string, values: Record<string, number> = {}) =>
    shared.exists(key, { lng: 'en' }) ? String(shared.t(key, { lng: language, ...values } as never)) : code;
  return {
    reason: (code) => word(`ledger.reasons.${code}`, code),
    reference: (reference) => {
      const ours = reference ? ledgerReferenceOf(reference) : null;
      return ours ? word(`ledger.references.${ours.kind}`, reference ?? '', { id: ours.id }) : (reference ?? '');
    },
    orderChannel: (code) => word(`orders.channels.${code}`, code),
    orderStatus: (code) => word(`orders.status.${code}`, code),
    accountStatus: (code) => word(`accounts.status.${code}`, code),
    // As the console names them: a built-in role under its seeded name in the reader's words, a name an operator gave as given.
    roles: (codes, names) => codes.map((code) => roleName({ code, name: names.get(code) ?? code }, (key) => word(key, code))).join(' / '),
    logAction: (code) => word(`adminLog.actions.${code}`, code),
    logResource: (code) => word(`adminLog.resources.${code}`, code),
  };
}

/**
 * The admin-log codes (`actions` or `resources`) whose words in `language` hold `text`, whatever
 * its case: what a reader who types "用户" or "sign" into the log's filters means.
 */
export function logCodesWorded(language: Language, group: 'actions' | 'resources', text: string): string[] {
  const needle = text.toLocaleLowerCase();
  return Object.keys(enAdminLog[group]).filter((code) =>
    String(shared.t(`adminLog.${group}.${code}`, { lng: language }))
      .toLocaleLowerCase()
      .includes(needle),
  );
}
