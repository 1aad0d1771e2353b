import dayjs from 'dayjs';
import type { LedgerEntry, LedgerTarget, PointsExportQuery, PointsList, PointsListQuery } from '../../../contract/schemas/points';
import { LEDGER_REFERENCE_KINDS, ledgerReferenceOf, type LedgerReferenceKind } from '../../../contract/ledgerReference';
import type { Ctx } from '../context';
import { findAccountById } from '../../db/accounts';
import type { DbOrTx } from '../../db/connection';
import { findLedgerRows } from '../../db/ledgerTargets';
import { ledgerAfter, listLedger, toLedgerEntry, type LedgerFilter, type LedgerRow } from '../../db/pointsLedger';
import { label } from '../../i18n/messages';
import { invalid } from '../errors';
import { requireAdmin } from '../access/permissions';
import { pricesOf } from './quote';
import type { Authenticated } from '../access/sessions';
import { pageWindow } from '../pageWindow';

/** A `YYYY-MM-DD` day's start in the server's time (spec §5), or a 400 naming the field. */
function dayStart(field: string, value: string): Date {
  const day = dayjs(value);
  if (!day.isValid() || day.format('YYYY-MM-DD') !== value) throw invalid('ledger.notADate', { field: label(field), value });
  return day.startOf('day').toDate();
}

/** Whose ledger and which entries: the caller's, or for an admin the one `account_id` names. */
function ledgerFilter(auth: Authenticated, query: PointsExportQuery): LedgerFilter {
  let accountId = auth.account.id;
  if (query.account_id !== undefined && query.account_id !== accountId) {
    requireAdmin(auth, 'adminOnly.readOtherLedger');
    accountId = query.account_id;
  }
  const from = query.date_from ? dayStart('date_from', query.date_from) : null;
  const to = query.date_to ? dayjs(dayStart('date_to', query.date_to)).add(1, 'day').toDate() : null;
  if (from && to && from >= to) throw invalid('ledger.fromAfterTo');
  return { accountId, reason: query.reason, from, to };
}

/** The page each kind of reference opens: an article's refresh its article, an item its task. */
const TARGET_PAGE: Record<LedgerReferenceKind, LedgerTarget['page']> = {
  order: 'order',
  refresh: 'article',
  article_task_item: 'generation',
  publish_item: 'publishing',
};

/** The entries with where each reference leads: only to what is still there, in the account whose ledger it is. */
async function entriesOf(db: DbOrTx, accountId: number, rows: LedgerRow[]): Promise<LedgerEntry[]> {
  const references = rows.map((row) => (row.reference ? ledgerReferenceOf(row.reference) : null));
  const ids = Object.fromEntries(
    LEDGER_REFERENCE_KINDS.map((kind) => [kind, references.flatMap((reference) => (reference?.kind === kind ? [reference.id] : []))]),
  ) as Record<LedgerReferenceKind, number[]>;
  const found = await findLedgerRows(db, accountId, ids);
  return rows.map((row, index) => {
    const reference = references[index];
    const opens = reference ? found[reference.kind].get(reference.id) : undefined;
    return toLedgerEntry(row, reference && opens !== undefined ? { page: TARGET_PAGE[reference.kind], id: opens } : null);
  });
}

/** The account's balance, what things cost, and a page of its append-only ledger, newest first. */
export async function pointsList(ctx: Pick<Ctx, 'db' | 'config'>, auth: Authenticated, query: PointsListQuery): Promise<PointsList> {
  const filter = ledgerFilter(auth, query);
  const [{ rows, total }, account, prices] = await Promise.all([
    listLedger(ctx.db, filter, { ...pageWindow(query) }),
    findAccountById(ctx.db, filter.accountId),
    pricesOf(ctx, filter.accountId),
  ]);
  return {
    list: await entriesOf(ctx.db, filter.accountId, rows),
    total,
    balance: account?.points ?? 0,
    prices,
  };
}

/** The ledger as a spreadsheet: whose it is, and its entries page by page, oldest first. */
export function ledgerExport(ctx: Pick<Ctx, 'db'>, auth: Authenticated, query: PointsExportQuery) {
  const filter = ledgerFilter(auth, query);
  return { accountId: filter.accountId, page: (afterId: number, limit: number) => ledgerAfter(ctx.db, filter, afterId, limit) };
}
