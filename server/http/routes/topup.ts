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
  StripeEventEnvelope,
  StripeWebhookHeaders,
  TopupOrder,
  TopupPackage,
  WebhookReceived,
} from '../../../contract/schemas/topup';
import { handleStripeEvent, verifiedEvent } from '../../domain/money/stripeEvents';
import { requireAdmin } from '../../domain/access/permissions';
import {
  batchCodes,
  listBatches,
  listOrders,
  listPackages,
  orderDetail,
  orderExport,
  orderView,
  toBatch,
  toPackage,
} from '../../domain/money/topupViews';
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
} from '../../domain/money/topup';
import { authOf } from '../authPlugin';
import { pagedRows, sendCsv } from '../csvReply';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';
import { invalidPart, validatorCompiler } from '../validation';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['topup'];
const admin = { permission: 'admin' } as const;
const signedIn = { permission: 'signedIn' } as const;
/** Buying points is the account owner's (a team member works on the owner's points). */
const topUp = { permission: 'account:topup' } as const;
/** The account's orders, as its points ledger: for the roles that see the account page. */
const ledger = { permission: 'account:ledger' } as const;

/** Top-up: packages, orders through the payment provider, recharge codes. */
const topupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ApiPath.topupPackages,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Top-up packages on sale (admin: all=true for every one)',
        querystring: PackageListQuery,
        response: { 200: Reply(PackageList), ...replies },
      },
    },
    async (request) => ok(await listPackages(ctx, authOf(request), request.query.all === true)),
  );

  app.post(
    ApiPath.topupPackageAdd,
    { config: admin, schema: { tags, body: PackageAddBody, response: { 200: Reply(TopupPackage), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.addTopupPackages');
      return ok(toPackage(await addPackage(ctx, request.body)));
    },
  );

  app.put(
    ApiPath.topupPackageEdit,
    { config: admin, schema: { tags, body: PackageEditBody, response: { 200: Reply(TopupPackage), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.editTopupPackages');
      return ok(toPackage(await editPackage(ctx, request.body)));
    },
  );

  app.delete(
    ApiPath.topupPackageDel,
    { config: admin, schema: { tags, body: RowIdBody, response: { 200: Reply(Empty), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.deleteTopupPackages');
      await deletePackage(ctx, request.body.id);
      return ok(null);
    },
  );

  app.post(
    ApiPath.topupOrderCreate,
    {
      config: topUp,
      schema: {
        tags,
        summary: 'Order a package; pay at pay_url (or by transfer, manual)',
        body: OrderCreateBody,
        response: { 200: Reply(TopupOrder), ...replies },
      },
    },
    async (request) => ok(await orderView(ctx, await createOrder(ctx, request.accountId, request.body.package_id), request.language)),
  );

  app.get(
    ApiPath.topupOrderList,
    {
      config: ledger,
      schema: {
        tags,
        summary: "The account's orders and redeemed codes (admin: any account's)",
        querystring: OrderListQuery,
        response: { 200: Reply(ListOf(TopupOrder)), ...replies },
      },
    },
    async (request) => ok(await listOrders(ctx, authOf(request), request.query, request.language)),
  );

  app.get(
    ApiPath.topupOrderDetail,
    {
      config: ledger,
      schema: {
        tags,
        summary: "One order's state (the account's own; admin: any)",
        querystring: OrderDetailQuery,
        response: { 200: Reply(TopupOrder), ...replies },
      },
    },
    async (request) => ok(await orderDetail(ctx, authOf(request), request.query.id, request.language)),
  );

  /*
   * Stripe's webhook: public (Stripe signs it instead), its JSON taken as the raw text the
   * signature covers: this scope's only parser, so the rest of the API parses JSON as before.
   */
  // The signed body is parsed by Stripe's client, so its shape is checked here rather than by the route schema.
  const checkStripeEvent = validatorCompiler({
    schema: StripeEventEnvelope,
    method: 'POST',
    url: ApiPath.topupStripeWebhook,
    httpPart: 'body',
  });
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    hook.post(
      ApiPath.topupStripeWebhook,
      {
        config: { public: true },
        schema: {
          tags,
          summary: "Stripe's webhook (Checkout Session and charge events), signed with the endpoint secret",
          headers: StripeWebhookHeaders,
          response: { 200: Reply(WebhookReceived), ...replies },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const event = verifiedEvent(ctx, request.body, typeof signature === 'string' ? signature : undefined);
        if (!checkStripeEvent(event)) {
          throw invalidPart(checkStripeEvent, 'event');
        }
        return ok(await handleStripeEvent(ctx, event));
      },
    );
  });

  app.get(
    ApiPath.topupOrderExport,
    { config: ledger, schema: { tags, summary: 'Orders as CSV', querystring: OrderExportQuery, response: { ...replies } } },
    async (request, reply) => {
      const { fileName, page } = await orderExport(ctx, authOf(request), request.query, request.language);
      return sendCsv(
        reply,
        fileName,
        [
          'id',
          'account',
          'channel',
          'package',
          'code',
          'status',
          'amount',
          'currency',
          'points',
          'owed_points',
          'created_at',
          'credited_at',
          'note',
        ],
        (words) =>
          pagedRows(page, ({ order: o }) => [
            o.id,
            o.username,
            words.orderChannel(o.channel),
            o.package_name,
            o.code,
            words.orderStatus(o.status),
            (o.amount_cents / 100).toFixed(2),
            o.currency,
            o.points,
            o.owed_points,
            o.created_at,
            o.credited_at,
            o.note,
          ]),
      );
    },
  );

  app.post(
    ApiPath.topupOrderConfirm,
    {
      config: admin,
      schema: {
        tags,
        summary: 'The payment of a manual order arrived: credit it (admin)',
        body: RowIdBody,
        response: { 200: Reply(TopupOrder), ...replies },
      },
    },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.confirmPayments');
      await confirmOrder(ctx, request.body.id);
      return ok(await orderView(ctx, request.body.id, request.language));
    },
  );

  app.post(
    ApiPath.topupOrderFail,
    {
      config: admin,
      schema: { tags, summary: 'Give up an unpaid order (admin)', body: OrderNoteBody, response: { 200: Reply(TopupOrder), ...replies } },
    },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.markOrdersFailed');
      await failOrder(ctx, request.body.id, request.body.note ?? '');
      return ok(await orderView(ctx, request.body.id, request.language));
    },
  );

  app.post(
    ApiPath.topupOrderRefund,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Refund a credited order: its points are taken back (admin)',
        body: OrderNoteBody,
        response: { 200: Reply(TopupOrder), ...replies },
      },
    },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.refundOrders');
      await refundOrderByOperator(ctx, request.body.id, request.body.note ?? '');
      return ok(await orderView(ctx, request.body.id, request.language));
    },
  );

  app.post(
    ApiPath.topupCodeRedeem,
    {
      config: topUp,
      schema: { tags, summary: 'Redeem a recharge code', body: RedeemBody, response: { 200: Reply(Redeemed), ...replies } },
    },
    async (request) => ok(await redeemCode(ctx, request.accountId, request.body.code)),
  );

  app.post(
    ApiPath.topupCodeGenerate,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Make a batch of recharge codes (admin)',
        body: CodeBatchBody,
        response: { 200: Reply(CodeBatch), ...replies },
      },
    },
    async (request) => {
      const auth = authOf(request);
      requireAdmin(auth, 'adminOnly.makeRechargeCodes');
      return ok(toBatch(await generateCodes(ctx, request.accountId, request.body), 0));
    },
  );

  app.get(
    ApiPath.topupCodeBatches,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Batches of recharge codes (admin)',
        querystring: CodeBatchQuery,
        response: { 200: Reply(ListOf(CodeBatch)), ...replies },
      },
    },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.seeRechargeCodes');
      return ok(await listBatches(ctx, request.query));
    },
  );

  app.get(
    ApiPath.topupCodeExport,
    { config: admin, schema: { tags, summary: "A batch's codes as CSV (admin)", querystring: CodeExportQuery, response: { ...replies } } },
    async (request, reply) => {
      requireAdmin(authOf(request), 'adminOnly.exportRechargeCodes');
      const { batchId, page } = await batchCodes(ctx, request.query.batch_id);
      return sendCsv(reply, `recharge_codes_${batchId}.csv`, ['code', 'points', 'expires_at', 'redeemed_at', 'redeemed_by'], () =>
        pagedRows(page, (c) => c.cells),
      );
    },
  );
};

export default topupRoutes;
