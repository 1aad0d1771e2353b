import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { Empty, ListOf } from '../../../contract/schemas/common';
import {
  CodeBatch,
  CodeBatchBody,
  CodeBatchQuery,
  CodeExportQuery,
  OrderCreateBody,
  OrderDetailQuery,
  OrderExportQuery,
  OrderListQuery,
  OrderNoteBody,
  PackageAddBody,
  PackageEditBody,
  PackageList,
  PackageListQuery,
  RedeemBody,
  Redeemed,
  RowIdBody,
  StripeWebhookHeaders,
  TopupOrder,
  TopupPackage,
  WebhookReceived,
} from '../../../contract/schemas/topup';
import * as q from '../../db/topup';
import { forbidden, notFound } from '../../domain/errors';
import { handleStripeEvent, verifiedEvent } from '../../domain/stripeEvents';
import { ADMIN_ROLE, heldRoles, requireAdmin } from '../../domain/permissions';
import type { Authenticated } from '../../domain/sessions';
import {
  addPackage,
  confirmOrder,
  createOrder,
  deletePackage,
  editPackage,
  failOrder,
  generateCodes,
  redeemCode,
  refundOrderByOperator,
} from '../../domain/topup';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { pagedRows, sendCsv } from '../csvReply';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['topup'];
const admin = { permission: 'admin' };
const signedIn = { permission: 'signedIn' };
/** Issue 14: buying points is the account owner's (a team member works on the owner's points). */
const topUp = { permission: 'account:topup' };

const toPackage = (row: q.PackageRow): TopupPackage => ({
  id: row.id,
  name: row.name,
  price_cents: row.priceCents,
  currency: row.currency,
  points: row.points,
  bonus_points: row.bonusPoints,
  active: row.active,
  sort: row.sort,
});

const toOrder = ({ order, username, packageName, code }: q.OrderView): TopupOrder => ({
  id: order.id,
  account_id: order.accountId,
  username,
  package_id: order.packageId,
  package_name: packageName,
  channel: order.channel as TopupOrder['channel'],
  status: order.status as TopupOrder['status'],
  amount_cents: order.amountCents,
  currency: order.currency,
  points: order.points,
  pay_url: order.status === 'pending' ? order.payUrl : '',
  code,
  owed_points: order.owedPoints,
  note: order.note,
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

/** Top-up (issue 13): packages, orders through the payment provider, recharge codes. */
const topupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ApiPath.topupPackages,
    { config: signedIn, schema: { tags, summary: 'Top-up packages on sale (admin: all=true for every one)', querystring: PackageListQuery, response: { 200: Reply(PackageList), ...replies } } },
    async (request) => {
      const all = request.query.all === true;
      if (all) requireAdmin(authOf(request), 'see packages that are not on sale');
      const rows = await q.listPackages(ctx.db, all);
      return ok({ list: rows.map(toPackage), channel: ctx.config.payment.provider });
    },
  );

  app.post(ApiPath.topupPackageAdd, { config: admin, schema: { tags, body: PackageAddBody, response: { 200: Reply(TopupPackage), ...replies } } }, async (request) => {
    requireAdmin(authOf(request), 'add top-up packages');
    return ok(toPackage(await addPackage(ctx, request.body)));
  });

  app.put(ApiPath.topupPackageEdit, { config: admin, schema: { tags, body: PackageEditBody, response: { 200: Reply(TopupPackage), ...replies } } }, async (request) => {
    requireAdmin(authOf(request), 'edit top-up packages');
    return ok(toPackage(await editPackage(ctx, request.body)));
  });

  app.delete(ApiPath.topupPackageDel, { config: admin, schema: { tags, body: RowIdBody, response: { 200: Reply(Empty), ...replies } } }, async (request) => {
    requireAdmin(authOf(request), 'delete top-up packages');
    await deletePackage(ctx, request.body.id);
    return ok(null);
  });

  const orderView = async (id: number) => {
    const view = await q.findOrderView(ctx.db, id);
    if (!view) throw notFound(`No top-up order with id ${id}`);
    return toOrder(view);
  };

  app.post(
    ApiPath.topupOrderCreate,
    { config: topUp, schema: { tags, summary: 'Order a package; pay at pay_url (or by transfer, manual)', body: OrderCreateBody, response: { 200: Reply(TopupOrder), ...replies } } },
    async (request) => ok(await orderView(await createOrder(ctx, authOf(request).account.id, request.body.package_id))),
  );

  app.get(
    ApiPath.topupOrderList,
    { config: signedIn, schema: { tags, summary: "The account's orders and redeemed codes (admin: any account's)", querystring: OrderListQuery, response: { 200: Reply(ListOf(TopupOrder)), ...replies } } },
    async (request) => {
      const { page = 1, page_size = 20, status, channel } = request.query;
      const accountId = orderScope(authOf(request), request.query.account_id);
      await q.expireOrders(ctx.db, ctx.now(), accountId);
      const { rows, total } = await q.listOrders(ctx.db, { accountId, status, channel }, { limit: page_size, offset: (page - 1) * page_size });
      return ok({ list: rows.map(toOrder), total });
    },
  );

  app.get(
    ApiPath.topupOrderDetail,
    { config: signedIn, schema: { tags, summary: "One order's state (the account's own; admin: any)", querystring: OrderDetailQuery, response: { 200: Reply(TopupOrder), ...replies } } },
    async (request) => {
      const auth = authOf(request);
      const accountId = orderScope(auth, undefined);
      await q.expireOrders(ctx.db, ctx.now(), accountId);
      const order = await orderView(request.query.id);
      if (accountId !== undefined && order.account_id !== accountId) throw forbidden(`Order ${request.query.id} is another account's`);
      return ok(order);
    },
  );

  /*
   * Stripe's webhook: public (Stripe signs it instead), its JSON taken as the raw text the
   * signature covers: this scope's only parser, so the rest of the API parses JSON as before.
   */
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    hook.post(
      ApiPath.topupStripeWebhook,
      {
        config: { public: true },
        schema: { tags, summary: "Stripe's webhook (Checkout Session and charge events), signed with the endpoint secret", headers: StripeWebhookHeaders, response: { 200: Reply(WebhookReceived), ...replies } },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const event = verifiedEvent(ctx, request.body, typeof signature === 'string' ? signature : undefined);
        return ok(await handleStripeEvent(ctx, event));
      },
    );
  });

  app.get(
    ApiPath.topupOrderExport,
    { config: signedIn, schema: { tags, summary: 'Orders as CSV', querystring: OrderExportQuery, response: { ...replies } } },
    async (request, reply) => {
      const { status, channel } = request.query;
      const accountId = orderScope(authOf(request), request.query.account_id);
      await q.expireOrders(ctx.db, ctx.now(), accountId);
      return sendCsv(
        reply,
        accountId === undefined ? 'topup_orders.csv' : `topup_orders_${accountId}.csv`,
        ['id', 'account', 'channel', 'package', 'code', 'status', 'amount', 'currency', 'points', 'owed_points', 'created_at', 'credited_at', 'note'],
        pagedRows(q.orderPage(ctx.db, { accountId, status, channel }), (v) => {
          const o = toOrder(v);
          return [o.id, o.username, o.channel, o.package_name, o.code, o.status, (o.amount_cents / 100).toFixed(2), o.currency, o.points, o.owed_points, o.created_at, o.credited_at, o.note];
        }),
      );
    },
  );

  app.post(
    ApiPath.topupOrderConfirm,
    { config: admin, schema: { tags, summary: 'The payment of a manual order arrived: credit it (admin)', body: RowIdBody, response: { 200: Reply(TopupOrder), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'confirm payments');
      await confirmOrder(ctx, request.body.id);
      return ok(await orderView(request.body.id));
    },
  );

  app.post(
    ApiPath.topupOrderFail,
    { config: admin, schema: { tags, summary: 'Give up an unpaid order (admin)', body: OrderNoteBody, response: { 200: Reply(TopupOrder), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'mark orders failed');
      await failOrder(ctx, request.body.id, request.body.note ?? '');
      return ok(await orderView(request.body.id));
    },
  );

  app.post(
    ApiPath.topupOrderRefund,
    { config: admin, schema: { tags, summary: 'Refund a credited order: its points are taken back (admin)', body: OrderNoteBody, response: { 200: Reply(TopupOrder), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'refund orders');
      await refundOrderByOperator(ctx, request.body.id, request.body.note ?? '');
      return ok(await orderView(request.body.id));
    },
  );

  app.post(
    ApiPath.topupCodeRedeem,
    { config: topUp, schema: { tags, summary: 'Redeem a recharge code', body: RedeemBody, response: { 200: Reply(Redeemed), ...replies } } },
    async (request) => ok(await redeemCode(ctx, authOf(request).account.id, request.body.code)),
  );

  const toBatch = (batch: q.BatchRow, redeemed: number) => ({
    id: batch.id,
    note: batch.note,
    points: batch.points,
    count: batch.count,
    redeemed,
    expires_at: dateTime(batch.expiresAt),
    created_at: dateTime(batch.createdAt),
  });

  app.post(
    ApiPath.topupCodeGenerate,
    { config: admin, schema: { tags, summary: 'Make a batch of recharge codes (admin)', body: CodeBatchBody, response: { 200: Reply(CodeBatch), ...replies } } },
    async (request) => {
      const auth = authOf(request);
      requireAdmin(auth, 'make recharge codes');
      return ok(toBatch(await generateCodes(ctx, auth.account.id, request.body), 0));
    },
  );

  app.get(
    ApiPath.topupCodeBatches,
    { config: admin, schema: { tags, summary: 'Batches of recharge codes (admin)', querystring: CodeBatchQuery, response: { 200: Reply(ListOf(CodeBatch)), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'see recharge codes');
      const { page = 1, page_size = 20 } = request.query;
      const { rows, total } = await q.listBatches(ctx.db, { limit: page_size, offset: (page - 1) * page_size });
      return ok({ list: rows.map((r) => toBatch(r.batch, r.redeemed)), total });
    },
  );

  app.get(
    ApiPath.topupCodeExport,
    { config: admin, schema: { tags, summary: "A batch's codes as CSV (admin)", querystring: CodeExportQuery, response: { ...replies } } },
    async (request, reply) => {
      requireAdmin(authOf(request), 'export recharge codes');
      const batch = await q.findBatch(ctx.db, request.query.batch_id);
      if (!batch) throw notFound(`No batch of recharge codes with id ${request.query.batch_id}`);
      return sendCsv(
        reply,
        `recharge_codes_${batch.id}.csv`,
        ['code', 'points', 'expires_at', 'redeemed_at', 'redeemed_by'],
        pagedRows(q.codePage(ctx.db, batch.id), (c) => [c.code, c.points, dateTime(c.expiresAt), c.redeemedAt ? dateTime(c.redeemedAt) : '', c.redeemedBy ?? '']),
      );
    },
  );
};

export default topupRoutes;
