import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { illustrationFor } from '../../contract/schemas/user';
import { expectBadInput, freshIp, register, startAuthServer, type AuthServer } from './authKit';

interface QrCreated {
  id: string;
  url: string;
  qr: string;
  expires_in: number;
}
interface QrStatus {
  status: string;
  login?: { token: string; id: number; username: string; avatar: string; contact_us: string };
}

let s: AuthServer;
beforeAll(async () => {
  s = await startAuthServer({ PUBLIC_URL: 'https://console.example.com/' });
});
afterAll(async () => s?.close());

const CREATE = '/api/v1/user/qr/create';
const STATUS = '/api/v1/user/qr/status';
const CONFIRM = '/api/v1/user/qr/confirm';

const create = async () => (await s.as(freshIp())<QrCreated>('POST', CREATE)).data;
const status = (id: string) => s.t.call<QrStatus>('GET', `${STATUS}?id=${id}&_t=${Date.now()}`);

describe('QR login', () => {
  it('creates a code that encodes the console approval page', async () => {
    const res = await s.as(freshIp())<QrCreated>('POST', CREATE);
    expect(res.code).toBe(200);
    expect(res.data.id).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(res.data.url).toBe(`https://console.example.com/qr-approve?id=${res.data.id}`);
    expect(res.data.expires_in).toBe(120);
    expect(Buffer.from(res.data.qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    expect((await create()).id).not.toBe(res.data.id);
  });

  it('goes pending → scanned → confirmed, hands the login out once, and that session works', async () => {
    const approver = await register(s);
    const qr = await create();
    expect((await status(qr.id)).data).toEqual({ status: 'pending' });

    expect((await s.t.call('POST', CONFIRM, { token: approver.token, body: { id: qr.id, action: 'scan' } })).code).toBe(200);
    expect((await status(qr.id)).data).toEqual({ status: 'scanned' });

    expect((await s.t.call('POST', CONFIRM, { token: approver.token, body: { id: qr.id, action: 'confirm' } })).code).toBe(200);
    const confirmed = await status(qr.id);
    expect(confirmed.data.status).toBe('confirmed');
    expect(confirmed.data.login).toMatchObject({ id: approver.id, username: approver.username, avatar: illustrationFor(approver.id) });
    const token = confirmed.data.login!.token;
    expect(token).not.toBe(approver.token);

    const me = await s.t.call<{ id: number }>('GET', '/api/v1/user/get_user_details', { token });
    expect([me.code, me.data.id]).toEqual([200, approver.id]);
    expect((await status(qr.id)).data).toEqual({ status: 'confirmed' });

    const again = await s.t.call('POST', CONFIRM, { token: approver.token, body: { id: qr.id } });
    expect([again.code, again.msg]).toEqual([-1, 'This QR code was already used']);
  });

  it('confirms straight from pending (action defaults to confirm)', async () => {
    const approver = await register(s);
    const qr = await create();
    expect((await s.t.call('POST', CONFIRM, { token: approver.token, body: { id: qr.id } })).code).toBe(200);
    expect((await status(qr.id)).data.login?.id).toBe(approver.id);
  });

  it('refuses a code scanned by another account', async () => {
    const [first, second] = [await register(s), await register(s)];
    const qr = await create();
    await s.t.call('POST', CONFIRM, { token: first.token, body: { id: qr.id, action: 'scan' } });
    const res = await s.t.call('POST', CONFIRM, { token: second.token, body: { id: qr.id, action: 'confirm' } });
    expect([res.code, res.msg]).toEqual([-1, 'This QR code was scanned by another account']);
    expect((await status(qr.id)).data).toEqual({ status: 'scanned' });
  });

  it('expires after 120 s: status expired, confirming refused; unknown ids read as expired', async () => {
    const approver = await register(s);
    const qr = await create();
    await s.t.call('POST', CONFIRM, { token: approver.token, body: { id: qr.id } });
    s.clock.advance(121);
    expect((await status(qr.id)).data).toEqual({ status: 'expired' });
    const late = await create();
    s.clock.advance(121);
    const res = await s.t.call('POST', CONFIRM, { token: approver.token, body: { id: late.id } });
    expect([res.code, res.msg]).toEqual([-1, 'This QR code has expired; refresh it on the other device']);
    expect((await status('x'.repeat(32))).data).toEqual({ status: 'expired' });
  });

  it('needs a session to scan or confirm', async () => {
    const qr = await create();
    expect((await s.t.call('POST', CONFIRM, { body: { id: qr.id } })).status).toBe(401);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const approver = await register(s);
    for (const [query, msg] of [
      ['', /ID is required/],
      ['?id=short', /ID/],
      [`?id=${'x'.repeat(65)}`, /ID/],
      [`?id=${'x'.repeat(32)}&poll=1`, /"poll" is not a known field/],
    ] as const) {
      const res = await s.t.call('GET', `${STATUS}${query}`);
      expect([res.status, msg.test(res.msg)]).toEqual([400, true]);
    }
    await expectBadInput(
      s.t.call.bind(s.t),
      'POST',
      CONFIRM,
      [
        [{}, /ID is required/],
        [{ id: 42 }, /ID must be text/],
        [{ id: 'x'.repeat(32), action: 'approve' }, /Action/],
        [{ id: 'x'.repeat(32), token: 'x' }, /"token" is not a known field/],
      ],
      approver.token,
    );
  });
});
