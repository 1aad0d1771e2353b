import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ResultCode } from '../../contract/codes';
import type { PointsList as Ledger } from '../../contract/schemas/points';
import type { TopupOrder as Order, TopupPackage as Pack } from '../../contract/schemas/topup';
import { rechargeCodes, topupOrders } from '../../server/db/schema';
import type { TestServer } from './harness';
import { newClient, serverWithAdmin, type Client } from './pipelineHelpers';

let t: TestServer;
let admin: string;
serverWithAdmin((started) => ({ t, admin } = started));

const asAdmin = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, { token: admin, body });
const ledger = async (c: Client, query: Record<string, string | number> = {}) =>
  (await c.get<Ledger>('/api/v1/account/points/list', { page_size: 100, ...query })).data;
async function csv(path: string, token: string, language?: string) {
  const res = await fetch(t.url + path, {
    headers: { authorization: `Bearer ${token}`, ...(language ? { 'accept-language': language } : {}) },
  });
  // Decoded keeping the byte-order mark, which fetch's text() would drop.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition') ?? '', text };
}
const nextYear = () => `${new Date().getFullYear() + 1}-06-30`;

async function newBatch(points: number, count: number) {
  const res = await asAdmin<{ id: number; count: number }>('POST', '/api/v1/topup/code/generate', {
    points,
    count,
    expires_on: nextYear(),
    note: 'test batch',
  });
  expect(res.code).toBe(200);
  const rows = await t.server.app.ctx.db.select().from(rechargeCodes).where(eq(rechargeCodes.batchId, res.data.id));
  return { id: res.data.id, codes: rows.map((r) => r.code) };
}

describe('top-up packages', () => {
  it('come seeded, on sale to every account; only the operator changes them', async () => {
    const client = await newClient(t, 0);
    const list = await client.get<{ list: Pack[]; channel: string }>('/api/v1/topup/package/list');
    expect(list.data.channel).toBe('manual');
    expect(list.data.list.map((p) => p.name)).toEqual(['Starter', 'Standard', 'Pro', 'Business']);
    expect((await client.get('/api/v1/topup/package/list', { all: 'true' })).status).toBe(403);
    expect(
      (await client.call('POST', '/api/v1/topup/package/add', { body: { name: 'Mine', price_cents: 100, currency: 'usd', points: 10 } }))
        .status,
    ).toBe(403);

    const added = await asAdmin<Pack>('POST', '/api/v1/topup/package/add', {
      name: 'Tiny',
      price_cents: 100,
      currency: 'eur',
      points: 80,
      bonus_points: 5,
      sort: 0,
    });
    expect(added.data).toMatchObject({ name: 'Tiny', points: 80, bonus_points: 5, active: true });
    const edited = await asAdmin<Pack>('PUT', '/api/v1/topup/package/edit', { id: added.data.id, active: false });
    expect(edited.data.active).toBe(false);
    expect((await asAdmin<Pack>('PUT', '/api/v1/topup/package/edit', { id: added.data.id })).data).toMatchObject({
      name: 'Tiny',
      active: false,
    });
    expect((await asAdmin('PUT', '/api/v1/topup/package/edit', { id: 2147483647 })).status).toBe(404);
    expect((await client.get<{ list: Pack[] }>('/api/v1/topup/package/list')).data.list.some((p) => p.id === added.data.id)).toBe(false);
    expect(
      (await asAdmin<{ list: Pack[] }>('GET', '/api/v1/topup/package/list?all=true')).data.list.some((p) => p.id === added.data.id),
    ).toBe(true);
    expect((await asAdmin('DELETE', '/api/v1/topup/package/del', { id: added.data.id })).code).toBe(200);
    expect((await asAdmin('DELETE', '/api/v1/topup/package/del', { id: added.data.id })).status).toBe(404);
  });

  it('refuses malformed amounts with 400', async () => {
    for (const body of [
      { name: 'X', price_cents: '12.5', currency: 'usd', points: 10 },
      { name: 'X', price_cents: 0, currency: 'usd', points: 10 },
      { name: 'X', price_cents: 100, currency: 'usd', points: -10 },
      { name: 'X', price_cents: 100, currency: 'dollars', points: 10 },
      { name: '', price_cents: 100, currency: 'usd', points: 10 },
    ]) {
      const res = await asAdmin('POST', '/api/v1/topup/package/add', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.code).toBe(ResultCode.INVALID_INPUT);
    }
  });
});

describe('orders', () => {
  it('go pending → credited once, when the operator confirms the transfer; the ledger names the order', async () => {
    const client = await newClient(t, 0);
    const packs = (await client.get<{ list: Pack[] }>('/api/v1/topup/package/list')).data.list;
    const standard = packs.find((p) => p.name === 'Standard')!;
    const order = await client.call<Order>('POST', '/api/v1/topup/order/create', { body: { package_id: standard.id } });
    expect(order.data).toMatchObject({ status: 'pending', channel: 'manual', points: 2200, amount_cents: 2000, package_name: 'Standard' });
    expect((await ledger(client)).balance).toBe(0);

    expect((await client.call('POST', '/api/v1/topup/order/confirm', { body: { id: order.data.id } })).status).toBe(403);
    const confirmed = await asAdmin<Order>('POST', '/api/v1/topup/order/confirm', { id: order.data.id });
    expect(confirmed.data.status).toBe('credited');
    // Paid twice, also at once: nothing more arrives.
    const again = await Promise.all([1, 2, 3].map(() => asAdmin('POST', '/api/v1/topup/order/confirm', { id: order.data.id })));
    expect(again.map((r) => r.code)).toEqual([ResultCode.ORDER_STATE, ResultCode.ORDER_STATE, ResultCode.ORDER_STATE]);
    const after = await ledger(client);
    expect(after.balance).toBe(2200);
    expect(after.list.filter((e) => e.reason === 'topup')).toEqual([
      expect.objectContaining({ delta: 2200, reference: `order:${order.data.id}` }),
    ]);
    // Told once, however often the payment was confirmed.
    expect((await client.get<{ list: unknown[] }>('/api/v1/notice/list', { kind: 'topup' })).data.list).toEqual([
      expect.objectContaining({ event: 'topup_credited', params: { points: 2200, balance: 2200 } }),
    ]);

    const mine = await client.get<{ list: Order[]; total: number }>('/api/v1/topup/order/list');
    expect(mine.data.list.map((o) => [o.id, o.status])).toEqual([[order.data.id, 'credited']]);
    const other = await newClient(t, 0);
    expect((await other.get<{ total: number }>('/api/v1/topup/order/list')).data.total).toBe(0);
    expect((await other.get<{ total: number }>('/api/v1/topup/order/list', { account_id: client.accountId })).data.total).toBe(0);
    expect((await asAdmin<{ total: number }>('GET', `/api/v1/topup/order/list?account_id=${client.accountId}`)).data.total).toBe(1);
  });

  it('expire unpaid, keep what they were sold when the package goes, and refuse an unknown package', async () => {
    const client = await newClient(t, 0);
    const pack = await asAdmin<Pack>('POST', '/api/v1/topup/package/add', {
      name: 'Short-lived',
      price_cents: 300,
      currency: 'usd',
      points: 300,
    });
    const pending = await client.call<Order>('POST', '/api/v1/topup/order/create', { body: { package_id: pack.data.id } });
    const stale = await client.call<Order>('POST', '/api/v1/topup/order/create', { body: { package_id: pack.data.id } });
    await asAdmin('DELETE', '/api/v1/topup/package/del', { id: pack.data.id });
    const gone = await client.call('POST', '/api/v1/topup/order/create', { body: { package_id: pack.data.id } });
    expect(gone.code).toBe(ResultCode.PACKAGE_UNAVAILABLE);

    const db = t.server.app.ctx.db;
    await db
      .update(topupOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(topupOrders.id, stale.data.id));
    const list = (await client.get<{ list: Order[] }>('/api/v1/topup/order/list')).data.list;
    expect(Object.fromEntries(list.map((o) => [o.id, o.status]))).toEqual({ [pending.data.id]: 'pending', [stale.data.id]: 'expired' });
    expect((await client.get<{ total: number }>('/api/v1/topup/order/list', { status: 'expired' })).data.total).toBe(1);

    // The deleted package's pending order is still paid for what it was sold.
    const confirmed = await asAdmin<Order>('POST', '/api/v1/topup/order/confirm', { id: pending.data.id });
    expect(confirmed.data).toMatchObject({ status: 'credited', points: 300, package_name: '' });
    const failed = await asAdmin<Order>('POST', '/api/v1/topup/order/fail', { id: stale.data.id, note: 'never paid' });
    expect(failed.data).toMatchObject({ status: 'failed', note: 'never paid' });
    expect((await asAdmin('POST', '/api/v1/topup/order/confirm', { id: stale.data.id })).code).toBe(ResultCode.ORDER_STATE);
    expect((await asAdmin('POST', '/api/v1/topup/order/confirm', { id: 2147483647 })).status).toBe(404);
    expect((await ledger(client)).balance).toBe(300);
  });

  it('refunded take their points back, never below zero: the rest is owed', async () => {
    const client = await newClient(t, 0);
    const starter = (await client.get<{ list: Pack[] }>('/api/v1/topup/package/list')).data.list.find((p) => p.name === 'Starter')!;
    const order = await client.call<Order>('POST', '/api/v1/topup/order/create', { body: { package_id: starter.id } });
    await asAdmin('POST', '/api/v1/topup/order/confirm', { id: order.data.id });
    // 380 of the 500 points were spent.
    await asAdmin('POST', '/api/v1/account/points/grant', { account_id: client.accountId, delta: -380, reason: 'spent' });
    const refunded = await asAdmin<Order>('POST', '/api/v1/topup/order/refund', { id: order.data.id, note: 'chargeback' });
    expect(refunded.data).toMatchObject({ status: 'refunded', owed_points: 380 });
    expect((await asAdmin('POST', '/api/v1/topup/order/refund', { id: order.data.id })).code).toBe(ResultCode.ORDER_STATE);
    const after = await ledger(client);
    expect(after.balance).toBe(0);
    expect(after.list[0]).toMatchObject({ reason: 'topup_refund', delta: -120, balance_after: 0, reference: `order:${order.data.id}` });
    expect(after.list.reduce((sum, e) => sum + e.delta, 0)).toBe(0);
  });

  it('export as CSV, only the caller’s own', async () => {
    const client = await newClient(t, 0);
    const starter = (await client.get<{ list: Pack[] }>('/api/v1/topup/package/list')).data.list.find((p) => p.name === 'Starter')!;
    await client.call('POST', '/api/v1/topup/order/create', { body: { package_id: starter.id } });
    const file = await csv('/api/v1/topup/order/export?headers=keys', client.token);
    expect(file.status).toBe(200);
    expect(file.type).toContain('text/csv');
    expect(file.disposition).toContain(`topup_orders_${client.accountId}.csv`);
    const lines = file.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,account,channel,package,code,status,amount,currency,points,owed_points,created_at,credited_at,note');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',manual,Starter,,pending,5.00,usd,500,0,');
  });
});

describe('recharge codes', () => {
  it('are made in batches by the operator, exported as CSV, and work once', async () => {
    const client = await newClient(t, 10);
    expect(
      (await client.call('POST', '/api/v1/topup/code/generate', { body: { points: 100, count: 2, expires_on: nextYear() } })).status,
    ).toBe(403);
    const batch = await newBatch(250, 3);
    expect(new Set(batch.codes).size).toBe(3);
    for (const code of batch.codes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const typed = batch.codes[0].toLowerCase().replaceAll('-', ' ');
    const redeemed = await client.call<{ order_id: number; points: number; balance: number }>('POST', '/api/v1/topup/code/redeem', {
      body: { code: typed },
    });
    expect(redeemed.data).toMatchObject({ points: 250, balance: 260 });
    const used = await client.call('POST', '/api/v1/topup/code/redeem', { body: { code: batch.codes[0] } });
    expect([used.code, used.msg]).toEqual([ResultCode.RECHARGE_CODE_USED, 'This recharge code has already been used']);
    expect((await client.call('POST', '/api/v1/topup/code/redeem', { body: { code: 'AAAA-BBBB-CCCC-DDDD' } })).code).toBe(
      ResultCode.RECHARGE_CODE_UNKNOWN,
    );
    expect((await client.call('POST', '/api/v1/topup/code/redeem', { body: { code: 'not a code' } })).code).toBe(
      ResultCode.RECHARGE_CODE_UNKNOWN,
    );

    await t.server.app.ctx.db
      .update(rechargeCodes)
      .set({ expiresAt: new Date('2020-01-31T12:00:00Z') })
      .where(eq(rechargeCodes.code, batch.codes[1]));
    const expired = await client.call('POST', '/api/v1/topup/code/redeem', { body: { code: batch.codes[1] } });
    expect(expired.code).toBe(ResultCode.RECHARGE_CODE_EXPIRED);
    expect(expired.msg).toMatch(/^This recharge code expired on 2020-01-3[01]$/);

    const orders = (await client.get<{ list: Order[] }>('/api/v1/topup/order/list')).data.list;
    expect(orders).toEqual([
      expect.objectContaining({ id: redeemed.data.order_id, channel: 'code', status: 'credited', points: 250, code: batch.codes[0] }),
    ]);
    expect((await ledger(client, { reason: 'recharge_code' })).list).toEqual([
      expect.objectContaining({ delta: 250, reference: `order:${redeemed.data.order_id}` }),
    ]);
    expect((await client.get<{ list: unknown[] }>('/api/v1/notice/list', { kind: 'topup' })).data.list).toEqual([
      expect.objectContaining({ event: 'topup_credited', link: '/account', params: { points: 250, balance: 260 } }),
    ]);

    const batches = await asAdmin<{ list: { id: number; redeemed: number; count: number }[] }>('GET', '/api/v1/topup/code/batches');
    expect(batches.data.list.find((b) => b.id === batch.id)).toMatchObject({ count: 3, redeemed: 1 });
    const file = await csv(`/api/v1/topup/code/export?batch_id=${batch.id}&headers=keys`, admin);
    expect(file.disposition).toContain(`recharge_codes_${batch.id}.csv`);
    const lines = file.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('code,points,expires_at,redeemed_at,redeemed_by');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(batch.codes);
    expect(lines[1].split(',')[4]).toMatch(/^user/);
    expect((await csv(`/api/v1/topup/code/export?batch_id=${batch.id}`, client.token)).status).toBe(403);
  });

  it('are exported with headers in the reader’s language, or the stable keys when asked for', async () => {
    const batch = await newBatch(20, 1);
    const headerOf = async (query: string, language?: string) =>
      (await csv(`/api/v1/topup/code/export?batch_id=${batch.id}${query}`, admin, language)).text.split('\r\n')[0];
    expect(await headerOf('', 'zh-CN,zh;q=0.9')).toBe('\uFEFF代码,积分,过期时间,兑换时间,兑换人');
    expect(await headerOf('', 'en-US')).toBe('\uFEFFCode,Points,Expires at,Redeemed at,Redeemed by');
    // No language asked: the account's chosen one, here none, so English.
    expect(await headerOf('')).toBe('\uFEFFCode,Points,Expires at,Redeemed at,Redeemed by');
    expect(await headerOf('&headers=keys', 'zh-CN')).toBe('\uFEFFcode,points,expires_at,redeemed_at,redeemed_by');
    expect((await csv(`/api/v1/topup/code/export?batch_id=${batch.id}&headers=names`, admin)).status).toBe(400);
    // The document tells API clients how to ask for the keys.
    const document = t.server.app.swagger() as unknown as {
      paths: Record<string, { get?: { parameters?: { name: string; description?: string }[] } }>;
    };
    const parameter = document.paths['/api/v1/topup/code/export'].get?.parameters?.find((p) => p.name === 'headers');
    expect(parameter?.description).toContain('stable English keys');
  });

  it('are counted per batch in the batch list: as many redeemed as the CSV shows', async () => {
    const client = await newClient(t, 0);
    const several = await newBatch(10, 5);
    const untouched = await newBatch(10, 2);
    for (const code of several.codes.slice(0, 3)) {
      expect((await client.call('POST', '/api/v1/topup/code/redeem', { body: { code } })).code).toBe(200);
    }
    const batches = await asAdmin<{ list: { id: number; redeemed: number; count: number }[] }>('GET', '/api/v1/topup/code/batches');
    expect(batches.data.list.find((b) => b.id === several.id)).toMatchObject({ count: 5, redeemed: 3 });
    expect(batches.data.list.find((b) => b.id === untouched.id)).toMatchObject({ count: 2, redeemed: 0 });
    const file = await csv(`/api/v1/topup/code/export?batch_id=${several.id}&headers=keys`, admin);
    const header = file.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]
      .split(',');
    const rows = file.text.trim().split('\r\n').slice(1);
    expect(rows.filter((l) => l.split(',')[header.indexOf('redeemed_at')] !== '')).toHaveLength(3);
  });

  it('credit once when one code is redeemed 100 times at the same instant', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => newClient(t, 0)));
    const { codes } = await newBatch(700, 1);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        clients[i % clients.length].call('POST', '/api/v1/topup/code/redeem', { body: { code: codes[0] } }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === ResultCode.RECHARGE_CODE_USED)).toHaveLength(99);
    const balances = await Promise.all(clients.map(async (c) => (await ledger(c)).balance));
    expect(balances.sort((a, b) => a - b)).toEqual([0, 0, 0, 700]);
    const [{ n }] = (
      (await t.server.app.ctx.db.execute(
        sql`select count(*)::int as n from points_ledger where reason = 'recharge_code' and account_id in ${sql.raw(`(${clients.map((c) => c.accountId).join(',')})`)}`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(Number(n)).toBe(1);
  });

  it('refuse a batch that is expired already or malformed', async () => {
    expect((await asAdmin('POST', '/api/v1/topup/code/generate', { points: 10, count: 1, expires_on: '2020-01-01' })).status).toBe(400);
    expect(
      (await asAdmin('POST', '/api/v1/topup/code/generate', { points: 10, count: 1, expires_on: `${new Date().getFullYear() + 1}-02-30` }))
        .status,
    ).toBe(400);
    expect((await asAdmin('POST', '/api/v1/topup/code/generate', { points: 10, count: 1001, expires_on: nextYear() })).status).toBe(400);
    expect((await asAdmin('POST', '/api/v1/topup/code/generate', { points: 1.5, count: 1, expires_on: nextYear() })).status).toBe(400);
  });
});

describe('manual grants and the ledger', () => {
  it('add and take away points with a reason, never below zero', async () => {
    const client = await newClient(t, 40);
    expect(
      (await client.call('POST', '/api/v1/account/points/grant', { body: { account_id: client.accountId, delta: 100, reason: 'mine' } }))
        .status,
    ).toBe(403);
    const added = await asAdmin<{ balance: number }>('POST', '/api/v1/account/points/grant', {
      account_id: client.accountId,
      delta: 60,
      reason: 'goodwill',
    });
    expect(added.data.balance).toBe(100);
    const tooMuch = await asAdmin('POST', '/api/v1/account/points/grant', {
      account_id: client.accountId,
      delta: -101,
      reason: 'too much',
    });
    expect([tooMuch.code, tooMuch.msg]).toEqual([
      ResultCode.BALANCE_WOULD_GO_NEGATIVE,
      'The balance is 100: taking 101 points would make it negative',
    ]);
    expect(
      (await asAdmin('POST', '/api/v1/account/points/grant', { account_id: client.accountId, delta: 0, reason: 'nothing' })).status,
    ).toBe(400);
    expect((await asAdmin('POST', '/api/v1/account/points/grant', { account_id: client.accountId, delta: 5, reason: '   ' })).status).toBe(
      400,
    );
    expect((await asAdmin('POST', '/api/v1/account/points/grant', { account_id: 2147483647, delta: 5, reason: 'nobody' })).status).toBe(
      404,
    );
    const taken = await asAdmin<{ balance: number }>('POST', '/api/v1/account/points/grant', {
      account_id: client.accountId,
      delta: -100,
      reason: 'abuse',
    });
    expect(taken.data.balance).toBe(0);

    const grants = await ledger(client, { reason: 'grant' });
    expect(grants.list.map((e) => [e.delta, e.reference])).toEqual([
      [-100, 'admin: abuse'],
      [60, 'admin: goodwill'],
    ]);
    const all = await ledger(client);
    expect(all.balance).toBe(0);
    expect(all.list.reduce((sum, e) => sum + e.delta, 0)).toBe(0);
  });

  it('filters by reason and day, exports as CSV, and shows another account only to the operator', async () => {
    const client = await newClient(t, 0);
    await asAdmin('POST', '/api/v1/account/points/grant', { account_id: client.accountId, delta: 7, reason: '=HYPERLINK("x")' });
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    // Today: the welcome grant, the test's setting of the balance, and the operator's grant.
    expect((await ledger(client, { date_from: day, date_to: day })).total).toBe(3);
    expect((await ledger(client, { date_from: day, date_to: day, reason: 'grant' })).total).toBe(1);
    expect((await ledger(client, { date_from: '2020-01-01', date_to: '2020-12-31' })).total).toBe(0);
    expect((await client.get('/api/v1/account/points/list', { date_from: '2020-02-30' })).status).toBe(400);
    expect((await client.get('/api/v1/account/points/list', { date_from: '2021-01-02', date_to: '2021-01-01' })).status).toBe(400);
    expect((await client.get('/api/v1/account/points/list', { reason: 'DROP TABLE' })).status).toBe(400);

    const other = await newClient(t, 0);
    expect((await other.get('/api/v1/account/points/list', { account_id: client.accountId })).status).toBe(403);
    expect((await asAdmin<Ledger>('GET', `/api/v1/account/points/list?account_id=${client.accountId}`)).data.balance).toBe(7);

    const file = await csv(`/api/v1/account/points/export?reason=grant&headers=keys`, client.token);
    expect(file.disposition).toContain(`points_ledger_${client.accountId}.csv`);
    expect(file.text.startsWith('\uFEFFid,time,reason,reference,delta,balance_after\r\n')).toBe(true);
    const row = file.text.trim().split('\r\n')[1];
    expect(row).toMatch(/,grant,"admin: =HYPERLINK\(""x""\)",7,7$/);
  });
});
