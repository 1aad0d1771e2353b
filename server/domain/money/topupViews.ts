import type {
  CodeBatch,
  CodeBatchQuery,
  OrderExportQuery,
  OrderListQuery,
  PackageList,
  TopupOrder,
  TopupPackage,
} from '../../../contract/schemas/topup';
import type { List } from '../../../contract/schemas/common';
import { dateTime } from '../../../contract/dateTime';
import * as q from '../../db/topup';
import type { Ctx } from '../context';
import { forbidden, notFound } from '../errors';
import { ADMIN_ROLE, heldRoles, requireAdmin } from '../access/permissions';
import type { Authenticated } from '../access/sessions';
import type { Language } from '../../../contract/languages';
import { readReason } from '../../i18n/storedText';
import { pageWindow } from '../pageWindow';

/** Top-up packages, orders and recharge-code batches as the API shows them. */

export const toPackage = (row: q.PackageRow): TopupPackage => ({
  id: row.id,
  name: row.name,
  price_cents: row.priceCents,
  currency: row.currency,
  points: row.points,
  bonus_points: row.bonusPoints,
  active: row.active,
  sort: row.sort,
});

/** An order as `language` reads it: a note the system kept worded for the reader, an operator's as typed. */
const toOrder =
  (language: Language) =>
  ({ order, username, packageName, code }: q.OrderView): TopupOrder => ({
    id: order.id,
    account_id: order.accountId,
    username,
    package_id: order.packageId,
    package_name: packageName,
    channel: order.channel as TopupOrder['channel'],
    status: order.status,
    amount_cents: order.amountCents,
    currency: order.currency,
    points: order.points,
    pay_url: order.status === 'pending' ? order.payUrl : '',
    code,
    owed_points: order.owedPoints,
    note: readReason(language, order.note),
    created_at: dateTime(order.createdAt),
    credited_at: order.creditedAt ? dateTime(order.creditedAt) : null,
    expires_at: order.expiresAt ? dateTime(order.expiresAt) : null,
  });

const isAdmin = (auth: Authenticated) => heldRoles(auth).has(ADMIN_ROLE);

/** Whose orders: the caller's own; an admin's choice of account, or every account's. */
function orderScope(auth: Authenticated, accountId: number | undefined): number | undefined {
  if (!isAdmin(auth)) return auth.account.id;
  return accountId;
}

export const toBatch = (batch: q.BatchRow, redeemed: number): CodeBatch => ({
  id: batch.id,
  note: batch.note,
  points: batch.points,
  count: batch.count,
  redeemed,
  expires_at: dateTime(batch.expiresAt),
  created_at: dateTime(batch.createdAt),
});

/** Packages on sale; `all` (the operator's) with those withdrawn too. */
export async function listPackages(ctx: Pick<Ctx, 'db' | 'config'>, auth: Authenticated, all: boolean): Promise<PackageList> {
  if (all) requireAdmin(auth, 'adminOnly.seePackagesSale');
  const rows = await q.listPackages(ctx.db, all);
  return { list: rows.map(toPackage), channel: ctx.config.payment.provider };
}

export async function orderView(ctx: Pick<Ctx, 'db'>, id: number, language: Language): Promise<TopupOrder> {
  const view = await q.findOrderView(ctx.db, id);
  if (!view) throw notFound('topup.orderNotFound', { id });
  return toOrder(language)(view);
}

/** The orders of the account in scope (unpaid ones past their time expired first), newest first. */
export async function listOrders(
  ctx: Pick<Ctx, 'db' | 'now'>,
  auth: Authenticated,
  query: OrderListQuery,
  language: Language,
): Promise<List<TopupOrder>> {
  const { status, channel } = query;
  const accountId = orderScope(auth, query.account_id);
  await q.expireOrders(ctx.db, ctx.now(), accountId);
  const { rows, total } = await q.listOrders(ctx.db, { accountId, status, channel }, { ...pageWindow(query) });
  return { list: rows.map(toOrder(language)), total };
}

/** One order: the caller's own, or any for the operator. */
export async function orderDetail(ctx: Pick<Ctx, 'db' | 'now'>, auth: Authenticated, id: number, language: Language): Promise<TopupOrder> {
  const accountId = orderScope(auth, undefined);
  await q.expireOrders(ctx.db, ctx.now(), accountId);
  const order = await orderView(ctx, id, language);
  if (accountId !== undefined && order.account_id !== accountId) throw forbidden('topup.notYourOrder', { id });
  return order;
}

/** The orders as a spreadsheet: its file name and its rows, page by page. */
export async function orderExport(ctx: Pick<Ctx, 'db' | 'now'>, auth: Authenticated, query: OrderExportQuery, language: Language) {
  const { status, channel } = query;
  const accountId = orderScope(auth, query.account_id);
  await q.expireOrders(ctx.db, ctx.now(), accountId);
  const page = q.orderPage(ctx.db, { accountId, status, channel });
  return {
    fileName: accountId === undefined ? 'topup_orders.csv' : `topup_orders_${accountId}.csv`,
    page: async (afterId: number, limit: number) =>
      (await page(afterId, limit)).map((v) => ({ id: v.order.id, order: toOrder(language)(v) })),
  };
}

export async function listBatches(ctx: Pick<Ctx, 'db'>, query: CodeBatchQuery): Promise<List<CodeBatch>> {
  const { rows, total } = await q.listBatches(ctx.db, { ...pageWindow(query) });
  return { list: rows.map((r) => toBatch(r.batch, r.redeemed)), total };
}

/** A batch's codes as a spreadsheet's rows, page by page. */
export async function batchCodes(ctx: Pick<Ctx, 'db'>, batchId: number) {
  const batch = await q.findBatch(ctx.db, batchId);
  if (!batch) throw notFound('topup.batchNotFound', { id: batchId });
  const page = q.codePage(ctx.db, batch.id);
  return {
    batchId: batch.id,
    page: async (afterId: number, limit: number) =>
      (await page(afterId, limit)).map((c) => ({
        id: c.id,
        cells: [c.code, c.points, dateTime(c.expiresAt), c.redeemedAt ? dateTime(c.redeemedAt) : '', c.redeemedBy ?? ''],
      })),
  };
}
