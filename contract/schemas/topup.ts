import { Type, type Static } from 'typebox';
import { Body, CacheBust, CsvHeaders, DateTime, EditBody, ListQuery, LiteralUnion } from './common';
import { ORDER_STATUSES } from '../statuses';

/** Top-up: packages, orders, recharge codes, manual grants. */

const RowId = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** Points an operation moves: whole, positive, at most ten million at once. */
const PointsAmount = Type.Integer({ minimum: 1, maximum: 10_000_000 });
/** How orders are paid: `manual` (the operator confirms a transfer) or `stripe` (Checkout). */
export const PaymentChannel = Type.Union([Type.Literal('manual'), Type.Literal('stripe')]);
export type PaymentChannel = Static<typeof PaymentChannel>;
export const OrderChannel = Type.Union([Type.Literal('manual'), Type.Literal('stripe'), Type.Literal('code')]);
export const OrderStatus = LiteralUnion(ORDER_STATUSES);
export type OrderStatus = Static<typeof OrderStatus>;

export const TopupPackage = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price_cents: Type.Integer(),
  currency: Type.String(),
  points: Type.Integer(),
  bonus_points: Type.Integer(),
  active: Type.Boolean(),
  sort: Type.Integer(),
});
export type TopupPackage = Static<typeof TopupPackage>;

export const PackageList = Type.Object({
  list: Type.Array(TopupPackage),
  /** The configured way to pay for a package. */
  channel: PaymentChannel,
});
export type PackageList = Static<typeof PackageList>;

export const PackageListQuery = Type.Object(
  { /** Admin: inactive packages too. */ all: Type.Optional(Type.Boolean()), ...CacheBust },
  { additionalProperties: false },
);

const Currency = Type.String({ pattern: '^[a-z]{3}$', description: 'ISO 4217, lower case' });
const PackageFields = {
  name: Type.String({ minLength: 1, maxLength: 64 }),
  price_cents: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  currency: Currency,
  points: PointsAmount,
  bonus_points: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  active: Type.Boolean(),
  sort: Type.Integer({ minimum: 0, maximum: 10_000 }),
};
export const PackageAddBody = Body({
  ...PackageFields,
  active: Type.Optional(Type.Boolean()),
  sort: Type.Optional(PackageFields.sort),
  bonus_points: Type.Optional(PackageFields.bonus_points),
});
export type PackageAddBody = Static<typeof PackageAddBody>;
export const PackageEditBody = EditBody(PackageAddBody);
export type PackageEditBody = Static<typeof PackageEditBody>;
export const RowIdBody = Body({ id: RowId });

export const TopupOrder = Type.Object({
  id: Type.Integer(),
  account_id: Type.Integer(),
  username: Type.String(),
  package_id: Type.Union([Type.Integer(), Type.Null()]),
  package_name: Type.String(),
  channel: OrderChannel,
  status: OrderStatus,
  amount_cents: Type.Integer(),
  currency: Type.String(),
  points: Type.Integer(),
  /** Where to pay while pending (a Checkout page); empty for the manual channel. */
  pay_url: Type.String(),
  /** The recharge code of a `code` order. */
  code: Type.String(),
  owed_points: Type.Integer(),
  note: Type.String(),
  created_at: DateTime,
  credited_at: Type.Union([DateTime, Type.Null()]),
  expires_at: Type.Union([DateTime, Type.Null()]),
});
export type TopupOrder = Static<typeof TopupOrder>;

export const OrderCreateBody = Body({ package_id: RowId });
export const OrderNoteBody = Body({ id: RowId, note: Type.Optional(Type.String({ maxLength: 200 })) });

export const OrderListQuery = ListQuery({
  status: Type.Optional(OrderStatus),
  channel: Type.Optional(OrderChannel),
  /** Admin: one account's orders; without it an admin sees every account's. */
  account_id: Type.Optional(RowId),
});
export type OrderListQuery = Static<typeof OrderListQuery>;
export const OrderExportQuery = Type.Object(
  {
    status: Type.Optional(OrderStatus),
    channel: Type.Optional(OrderChannel),
    account_id: Type.Optional(RowId),
    ...CsvHeaders,
    ...CacheBust,
  },
  { additionalProperties: false },
);
export type OrderExportQuery = Static<typeof OrderExportQuery>;

/** A recharge code as typed: letters and digits, dashes and spaces ignored. */
export const RedeemBody = Body({ code: Type.String({ minLength: 1, maxLength: 64 }) });
export const Redeemed = Type.Object({ order_id: Type.Integer(), points: Type.Integer(), balance: Type.Integer() });

export const CodeBatchBody = Body({
  points: PointsAmount,
  count: Type.Integer({ minimum: 1, maximum: 1000 }),
  /** `YYYY-MM-DD`: the codes work until the end of that day (UTC). */
  expires_on: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  note: Type.Optional(Type.String({ maxLength: 100 })),
});
export type CodeBatchBody = Static<typeof CodeBatchBody>;

export const CodeBatch = Type.Object({
  id: Type.Integer(),
  note: Type.String(),
  points: Type.Integer(),
  count: Type.Integer(),
  redeemed: Type.Integer(),
  expires_at: DateTime,
  created_at: DateTime,
});
export type CodeBatch = Static<typeof CodeBatch>;
export const CodeBatchQuery = ListQuery({});
export type CodeBatchQuery = Static<typeof CodeBatchQuery>;
export const CodeExportQuery = Type.Object({ batch_id: RowId, ...CsvHeaders, ...CacheBust }, { additionalProperties: false });

/** The operator adds (positive) or takes away (negative) points, with the reason. */
export const GrantBody = Body({
  account_id: RowId,
  delta: Type.Union([Type.Integer({ minimum: 1, maximum: 10_000_000 }), Type.Integer({ minimum: -10_000_000, maximum: -1 })]),
  reason: Type.String({ minLength: 1, maxLength: 200 }),
});
export const Granted = Type.Object({ balance: Type.Integer() });

/* Stripe Checkout. */

/** Stripe's webhook call: the body is taken raw (its signature covers the exact bytes). */
export const StripeWebhookHeaders = Type.Object({ 'stripe-signature': Type.String({ minLength: 1, maxLength: 4096 }) });
export const WebhookReceived = Type.Object({
  /** The event was handled before (a replay or Stripe's repeat): nothing was done again. */
  replayed: Type.Boolean(),
});
/**
 * What the webhook needs of a signed event before acting on it; the rest of Stripe's event is
 * taken as Stripe sends it. A body signed with the endpoint's secret but not of this shape is
 * refused (400), never half-handled.
 */
export const StripeEventEnvelope = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 255 }),
  type: Type.String({ minLength: 1, maxLength: 255 }),
  created: Type.Integer({ minimum: 0 }),
  data: Type.Object({ object: Type.Object({}) }),
});
export const OrderDetailQuery = Type.Object({ id: RowId, ...CacheBust }, { additionalProperties: false });
