import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { StripeEventEnvelope } from '../../../contract/schemas/topup';
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
import { ok, withNotFound } from '../envelope';
import { invalidPart, validatorCompiler } from '../validation';
import { topupEndpoints } from '../../../contract/endpoints/topup';
import { routesOf, serve } from '../serve';

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
  const route = routesOf(app, { tags, replies: withNotFound });

  route(
    topupEndpoints.topupPackages,
    { ...signedIn, summary: 'Top-up packages on sale (admin: all=true for every one)' },
    async (request) => ok(await listPackages(ctx, authOf(request), request.query.all === true)),
  );

  route(topupEndpoints.topupPackageAdd, { ...admin }, async (request) => {
    requireAdmin(authOf(request), 'adminOnly.addTopupPackages');
    return ok(toPackage(await addPackage(ctx, request.body)));
  });

  route(topupEndpoints.topupPackageEdit, { ...admin }, async (request) => {
    requireAdmin(authOf(request), 'adminOnly.editTopupPackages');
    return ok(toPackage(await editPackage(ctx, request.body)));
  });

  route(topupEndpoints.topupPackageDel, { ...admin }, async (request) => {
    requireAdmin(authOf(request), 'adminOnly.deleteTopupPackages');
    await deletePackage(ctx, request.body.id);
    return ok(null);
  });

  route(
    topupEndpoints.topupOrderCreate,
    { ...topUp, summary: 'Order a package; pay at pay_url (or by transfer, manual)' },
    async (request) => ok(await orderView(ctx, await createOrder(ctx, request.accountId, request.body.package_id), request.language)),
  );

  route(
    topupEndpoints.topupOrderList,
    { ...ledger, summary: "The account's orders and redeemed codes (admin: any account's)" },
    async (request) => ok(await listOrders(ctx, authOf(request), request.query, request.language)),
  );

  route(topupEndpoints.topupOrderDetail, { ...ledger, summary: "One order's state (the account's own; admin: any)" }, async (request) =>
    ok(await orderDetail(ctx, authOf(request), request.query.id, request.language)),
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
    serve(
      hook,
      topupEndpoints.topupStripeWebhook,
      {
        tags,
        public: true,
        summary: "Stripe's webhook (Checkout Session and charge events), signed with the endpoint secret",
        replies: withNotFound,
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

  route(topupEndpoints.topupOrderExport, { ...ledger, summary: 'Orders as CSV' }, async (request, reply) => {
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
  });

  route(
    topupEndpoints.topupOrderConfirm,
    { ...admin, summary: 'The payment of a manual order arrived: credit it (admin)' },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.confirmPayments');
      await confirmOrder(ctx, request.body.id);
      return ok(await orderView(ctx, request.body.id, request.language));
    },
  );

  route(topupEndpoints.topupOrderFail, { ...admin, summary: 'Give up an unpaid order (admin)' }, async (request) => {
    requireAdmin(authOf(request), 'adminOnly.markOrdersFailed');
    await failOrder(ctx, request.body.id, request.body.note ?? '');
    return ok(await orderView(ctx, request.body.id, request.language));
  });

  route(
    topupEndpoints.topupOrderRefund,
    { ...admin, summary: 'Refund a credited order: its points are taken back (admin)' },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.refundOrders');
      await refundOrderByOperator(ctx, request.body.id, request.body.note ?? '');
      return ok(await orderView(ctx, request.body.id, request.language));
    },
  );

  route(topupEndpoints.topupCodeRedeem, { ...topUp, summary: 'Redeem a recharge code' }, async (request) =>
    ok(await redeemCode(ctx, request.accountId, request.body.code)),
  );

  route(topupEndpoints.topupCodeGenerate, { ...admin, summary: 'Make a batch of recharge codes (admin)' }, async (request) => {
    const auth = authOf(request);
    requireAdmin(auth, 'adminOnly.makeRechargeCodes');
    return ok(toBatch(await generateCodes(ctx, request.accountId, request.body), 0));
  });

  route(topupEndpoints.topupCodeBatches, { ...admin, summary: 'Batches of recharge codes (admin)' }, async (request) => {
    requireAdmin(authOf(request), 'adminOnly.seeRechargeCodes');
    return ok(await listBatches(ctx, request.query));
  });

  route(topupEndpoints.topupCodeExport, { ...admin, summary: "A batch's codes as CSV (admin)" }, async (request, reply) => {
    requireAdmin(authOf(request), 'adminOnly.exportRechargeCodes');
    const { batchId, page } = await batchCodes(ctx, request.query.batch_id);
    return sendCsv(reply, `recharge_codes_${batchId}.csv`, ['code', 'points', 'expires_at', 'redeemed_at', 'redeemed_by'], () =>
      pagedRows(page, (c) => c.cells),
    );
  });
};

export default topupRoutes;
