import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ResultCode } from '../../contract/codes';
import type { PointsList as Ledger } from '../../contract/schemas/points';
import type { TopupOrder as Order } from '../../contract/schemas/topup';
import { paymentEvents } from '../../server/db/schema';
import { loadPaymentConfig } from '../../server/paymentConfig';
import { loginAdmin, type TestServer } from './harness';
import { newClient, startServer, type Client } from './pipelineHelpers';
import { startStripeDouble, type DoubleSession, type StripeDouble } from './stripeDouble';

/**
 * Stripe Checkout: the real `stripe` client against a loopback double of Stripe's API,
 * and webhook events signed as Stripe signs them (generateTestHeaderString with the endpoint secret).
 */
const WEBHOOK_SECRET = 'whsec_inkpress_test_secret';
const WEBHOOK = '/api/v1/topup/stripe/webhook';
// Only its signing helpers are used: no request leaves through this client.
const signer = new Stripe('sk_test_signer_only');

let t: TestServer;
let stripe: StripeDouble;
let admin: string;
beforeAll(async () => {
  stripe = await startStripeDouble();
  t = await startServer({
    WORKERS: '0',
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
  admin = await loginAdmin(t);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

let eventCounter = 0;
const event = (type: string, object: object, id = `evt_test_${++eventCounter}_${Date.now()}`) => ({
  id,
  object: 'event',
  api_version: '2025-01-01',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: { object },
});
type Event = ReturnType<typeof event>;

const completed = (session: DoubleSession) => event('checkout.session.completed', { ...session });
const refunded = (session: DoubleSession, amountRefunded: number, withMetadata = true) =>
  event('charge.refunded', {
    id: `ch_for_${session.id}`,
    object: 'charge',
    amount: session.amount_total,
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= session.amount_total,
    currency: session.currency,
    payment_intent: session.payment_intent,
    metadata: withMetadata ? session.metadata : {},
  });

/** Posts an event as Stripe does: its exact bytes, signed with `secret` at `timestamp`. */
async function deliver(e: Event | string, options: { secret?: string; timestamp?: number; body?: string } = {}) {
  const payload = typeof e === 'string' ? e : JSON.stringify(e);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
  return t.call<{ replayed: boolean }>('POST', WEBHOOK, {
    raw: options.body ?? payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
  });
}

const ledger = async (c: Client) => (await c.get<Ledger>('/api/v1/account/points/list', { page_size: 100 })).data;
const detail = async (c: Client, id: number) => (await c.get<Order>('/api/v1/topup/order/detail', { id })).data;
const packageId = async (c: Client, name: string) =>
  (await c.get<{ list: { id: number; name: string }[]; channel: string }>('/api/v1/topup/package/list')).data.list.find(
    (p) => p.name === name,
  )!.id;

/** A customer orders `pack`; the double holds the Checkout Session it was sent to. */
async function order(c: Client, pack = 'Starter') {
  const res = await c.call<Order>('POST', '/api/v1/topup/order/create', { body: { package_id: await packageId(c, pack) } });
  expect(res.code).toBe(200);
  const session = stripe.sessions.find((s) => s.metadata.order_id === String(res.data.id))!;
  expect(session).toBeDefined();
  return { order: res.data, session };
}

const eventRecorded = async (id: string) =>
  (
    await t.server.app.ctx.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'stripe'), eq(paymentEvents.eventId, id)))
  ).length;

describe('Stripe Checkout', () => {
  it('creates a Checkout Session for the package and sends the customer to it; the paid webhook credits the order once', async () => {
    const client = await newClient(t, 0);
    const packs = await client.get<{ channel: string }>('/api/v1/topup/package/list');
    expect(packs.data.channel).toBe('stripe');
    const before = stripe.requests.length;
    const { order: created, session } = await order(client, 'Standard');
    expect(created).toMatchObject({ channel: 'stripe', status: 'pending', amount_cents: 2000, points: 2200, pay_url: session.url });

    const sent = stripe.requests.slice(before).find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(sent.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(sent.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2000',
      'line_items[0][price_data][product_data][name]': 'Standard: 2200 points',
      client_reference_id: String(created.id),
      'metadata[order_id]': String(created.id),
      'metadata[account_id]': String(client.accountId),
      'payment_intent_data[metadata][order_id]': String(created.id),
    });
    expect(sent.form.success_url).toMatch(new RegExp(`/account\\?order=${created.id}$`));
    expect(sent.form.cancel_url).toMatch(/\/account\?recharge=1$/);

    const paid = completed(stripe.pay(session.id));
    const answer = await deliver(paid);
    expect([answer.status, answer.code, answer.data]).toEqual([200, 200, { replayed: false }]);
    expect(await detail(client, created.id)).toMatchObject({ status: 'credited', pay_url: '' });
    const after = await ledger(client);
    expect(after.balance).toBe(2200);
    expect(after.list.filter((e) => e.reason === 'topup')).toEqual([
      expect.objectContaining({ delta: 2200, reference: `order:${created.id}` }),
    ]);
    expect((await client.get<{ list: unknown[] }>('/api/v1/notice/list', { kind: 'topup' })).data.list).toEqual([
      expect.objectContaining({ event: 'topup_credited', params: { points: 2200, balance: 2200 } }),
    ]);

    // The order is its account's: another one is refused.
    const other = await newClient(t, 0);
    expect((await other.get('/api/v1/topup/order/detail', { id: created.id })).status).toBe(403);
    expect((await t.call<Order>('GET', `/api/v1/topup/order/detail?id=${created.id}`, { token: admin })).data.status).toBe('credited');
  });

  it('credits nothing for a replayed event, Stripe delivering it again at once, or another event of the same payment', async () => {
    const client = await newClient(t, 0);
    const { order: created, session } = await order(client);
    const paid = completed(stripe.pay(session.id));
    const first = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(paid)));
    expect(first.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(first.filter((a) => a.data.replayed === false)).toHaveLength(1);
    const replay = await deliver(paid);
    expect(replay.data).toEqual({ replayed: true });
    // A second event (another id) for the same paid session: the order is credited already.
    expect((await deliver(completed(session))).data).toEqual({ replayed: false });
    expect((await ledger(client)).balance).toBe(500);
    expect((await ledger(client)).list.filter((e) => e.reason === 'topup')).toHaveLength(1);
    expect((await detail(client, created.id)).status).toBe('credited');
  });

  it('refuses a forged, tampered, stale or missing signature with 400 and credits nothing', async () => {
    const client = await newClient(t, 0);
    const { order: created, session } = await order(client);
    const paid = completed(stripe.pay(session.id));
    const forged = await deliver(paid, { secret: 'whsec_someone_else' });
    expect([forged.status, forged.code]).toEqual([400, ResultCode.INVALID_INPUT]);
    expect(forged.msg).toMatch(/stripe-signature/);
    // Signed as it was, then the body changed (a bigger amount).
    const tampered = await deliver(paid, { body: JSON.stringify({ ...paid, data: { object: { ...paid.data.object, amount_total: 1 } } }) });
    expect(tampered.status).toBe(400);
    const stale = await deliver(paid, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(400);
    const unsigned = await t.call('POST', WEBHOOK, { raw: JSON.stringify(paid), headers: { 'content-type': 'application/json' } });
    expect([unsigned.status, unsigned.code]).toEqual([400, ResultCode.INVALID_INPUT]);
    const garbage = await t.call('POST', WEBHOOK, {
      raw: JSON.stringify(paid),
      headers: { 'content-type': 'application/json', 'stripe-signature': 'nonsense' },
    });
    expect(garbage.status).toBe(400);
    const notJson = await t.call('POST', WEBHOOK, {
      raw: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'stripe-signature': 'x' },
    });
    expect(notJson.status).toBe(415);

    expect(await eventRecorded(paid.id)).toBe(0);
    expect((await detail(client, created.id)).status).toBe('pending');
    expect((await ledger(client)).balance).toBe(0);
    // The genuine delivery still works afterwards.
    expect((await deliver(paid)).data).toEqual({ replayed: false });
    expect((await ledger(client)).balance).toBe(500);
  });

  it('refuses a correctly signed event that is not a Stripe event with 400 and credits nothing', async () => {
    const client = await newClient(t, 0);
    const { order: created, session } = await order(client);
    const paid = completed(stripe.pay(session.id));
    const { type: _type, ...untyped } = paid;
    const malformed: unknown[] = [
      untyped,
      [paid],
      { ...paid, type: 7 },
      { ...paid, id: '' },
      { ...paid, created: 'yesterday' },
      { ...paid, data: null },
      { ...paid, data: { object: [paid.data.object] } },
      null,
      'checkout.session.completed',
      42,
    ];
    for (const body of malformed) {
      const res = await deliver(JSON.stringify(body));
      expect([res.status, res.code], JSON.stringify(body).slice(0, 80)).toEqual([400, ResultCode.INVALID_INPUT]);
      // The message names the field at fault (the signature was right).
      expect(res.msg).toMatch(/^(The request body|Event|ID|Type|Created|Data)\b/);
    }
    expect(await eventRecorded(paid.id)).toBe(0);
    expect((await detail(client, created.id)).status).toBe('pending');
    expect((await deliver(paid)).data).toEqual({ replayed: false });
    expect((await ledger(client)).balance).toBe(500);
  });

  it('takes the points back on a refund; a refund larger than the balance takes it to zero and the rest is owed', async () => {
    const client = await newClient(t, 0);
    const { order: created, session } = await order(client);
    await deliver(completed(stripe.pay(session.id)));
    // 380 of the 500 points are spent.
    await t.call('POST', '/api/v1/account/points/grant', {
      token: admin,
      body: { account_id: client.accountId, delta: -380, reason: 'spent' },
    });
    const refund = refunded(session, session.amount_total);
    expect((await deliver(refund)).data).toEqual({ replayed: false });
    expect(await detail(client, created.id)).toMatchObject({ status: 'refunded', owed_points: 380 });
    const after = await ledger(client);
    expect(after.balance).toBe(0);
    expect(after.list[0]).toMatchObject({ reason: 'topup_refund', delta: -120, balance_after: 0, reference: `order:${created.id}` });
    expect(after.list.reduce((sum, e) => sum + e.delta, 0)).toBe(0);
    // Told again (replayed, and as another event): nothing more is taken or owed.
    expect((await deliver(refund)).data).toEqual({ replayed: true });
    await t.call('POST', '/api/v1/account/points/grant', {
      token: admin,
      body: { account_id: client.accountId, delta: 50, reason: 'goodwill' },
    });
    await deliver(refunded(session, session.amount_total));
    expect((await ledger(client)).balance).toBe(50);
    expect((await detail(client, created.id)).owed_points).toBe(380);
  });

  it('takes back the refunded share of a partial refund, and the rest when it is refunded in full', async () => {
    const client = await newClient(t, 0);
    const { order: created, session } = await order(client, 'Standard'); // $20.00 for 2200 points
    await deliver(completed(stripe.pay(session.id)));
    await deliver(refunded(session, 500)); // a quarter
    expect(await detail(client, created.id)).toMatchObject({ status: 'credited', owed_points: 0 });
    expect((await ledger(client)).balance).toBe(1650);
    // Stripe's events out of order: the full refund, then the earlier partial one.
    await deliver(refunded(session, 2000));
    await deliver(refunded(session, 1000));
    expect((await detail(client, created.id)).status).toBe('refunded');
    const after = await ledger(client);
    expect(after.balance).toBe(0);
    expect(after.list.filter((e) => e.reason === 'topup_refund').map((e) => e.delta)).toEqual([-1650, -550]);
  });

  it('handles events out of order: a refund before the payment credits nothing, a payment after expiry still credits', async () => {
    const client = await newClient(t, 0);

    // The refund is told before the payment: the order ends refunded, the late payment credits nothing.
    const first = await order(client);
    stripe.pay(first.session.id);
    await deliver(refunded(first.session, first.session.amount_total));
    expect(await detail(client, first.order.id)).toMatchObject({ status: 'refunded', owed_points: 0 });
    await deliver(completed(first.session));
    expect((await detail(client, first.order.id)).status).toBe('refunded');
    expect((await ledger(client)).balance).toBe(0);

    // A partial refund before the payment: the payment credits, the refunded share goes back at once.
    const second = await order(client);
    stripe.pay(second.session.id);
    await deliver(refunded(second.session, 100)); // $1.00 of $5.00
    expect((await detail(client, second.order.id)).status).toBe('pending');
    await deliver(completed(second.session));
    expect(await detail(client, second.order.id)).toMatchObject({ status: 'credited' });
    expect((await ledger(client)).balance).toBe(400);

    // The session expired (Stripe's event came first), then the money arrived after all.
    const third = await order(client);
    await deliver(event('checkout.session.expired', { ...third.session, status: 'expired' }));
    expect((await detail(client, third.order.id)).status).toBe('expired');
    await deliver(completed(stripe.pay(third.session.id)));
    expect((await detail(client, third.order.id)).status).toBe('credited');
    expect((await ledger(client)).balance).toBe(900);

    // A charge whose metadata does not name the order: found through its Checkout Session.
    await deliver(refunded(third.session, third.session.amount_total, false));
    expect((await detail(client, third.order.id)).status).toBe('refunded');
    expect((await ledger(client)).balance).toBe(400);
    expect(
      stripe.requests.some(
        (r) => r.method === 'GET' && r.path === '/v1/checkout/sessions' && r.form.payment_intent === third.session.payment_intent,
      ),
    ).toBe(true);
  });

  it('waits for a delayed payment, and credits nothing when the amount paid is not the order’s', async () => {
    const client = await newClient(t, 0);
    const delayed = await order(client);
    await deliver(completed({ ...delayed.session, status: 'complete', payment_status: 'unpaid' }));
    expect((await detail(client, delayed.order.id)).status).toBe('pending');
    await deliver(event('checkout.session.async_payment_succeeded', { ...stripe.pay(delayed.session.id) }));
    expect((await detail(client, delayed.order.id)).status).toBe('credited');

    const failing = await order(client);
    await deliver(event('checkout.session.async_payment_failed', { ...failing.session, status: 'complete' }));
    expect((await detail(client, failing.order.id)).status).toBe('failed');

    const short = await order(client);
    await deliver(completed({ ...stripe.pay(short.session.id), amount_total: 1 }));
    expect(await detail(client, short.order.id)).toMatchObject({ status: 'pending', note: expect.stringContaining('not credited') });
    const zh = await t.call<Order>('GET', `/api/v1/topup/order/detail?id=${short.order.id}`, {
      token: client.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.data.note).toMatch(/^实付 1 \w+，应付 \d+ \w+：未入账$/);
    expect((await ledger(client)).balance).toBe(500);

    // An event about no order of ours is acknowledged and changes nothing.
    expect(
      (await deliver(event('checkout.session.completed', { ...short.session, metadata: {}, client_reference_id: null }))).data,
    ).toEqual({ replayed: false });
    expect((await deliver(event('customer.created', { id: 'cus_1', object: 'customer' }))).code).toBe(200);
    expect((await ledger(client)).balance).toBe(500);
  });

  it('fails the order with a clear error when Stripe refuses the Checkout Session', async () => {
    const client = await newClient(t, 0);
    stripe.refuseNext(400, 'Invalid currency');
    const res = await client.call<Order>('POST', '/api/v1/topup/order/create', {
      body: { package_id: await packageId(client, 'Starter') },
    });
    expect([res.code, res.msg]).toEqual([ResultCode.ORDER_STATE, 'The payment could not be started, please try again later']);
    const [row] = (await client.get<{ list: Order[] }>('/api/v1/topup/order/list')).data.list;
    expect(row).toMatchObject({ status: 'failed', pay_url: '' });
  });

  it('points and balances add up: every balance is the sum of its ledger', async () => {
    const rows = (await t.server.app.ctx.db.execute(
      sql`select a.id, a.points, coalesce(sum(l.delta), 0)::int as total from accounts a left join points_ledger l on l.account_id = a.id group by a.id, a.points`,
    )) as unknown as { rows: { id: number; points: number; total: number }[] };
    for (const row of rows.rows) expect([row.id, Number(row.points)]).toEqual([row.id, Number(row.total)]);
    expect(rows.rows.every((r) => Number(r.points) >= 0)).toBe(true);
  });
});

describe('payment configuration', () => {
  it('needs both Stripe secrets for the stripe provider, and a plain address for STRIPE_API_BASE', () => {
    expect(() => loadPaymentConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadPaymentConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadPaymentConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/manual or stripe/);
    expect(() => loadPaymentConfig({ STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
    expect(() => loadPaymentConfig({ STRIPE_API_BASE: 'http://127.0.0.1:1/v1' })).toThrow(/STRIPE_API_BASE/);
    expect(
      loadPaymentConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_BASE: 'http://127.0.0.1:9/',
      }),
    ).toMatchObject({
      provider: 'stripe',
      stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: 'http://127.0.0.1:9' },
    });
  });
});
