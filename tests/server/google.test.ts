import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ANSWER, expectBadInput, freshIp, register, startAuthServer, totpCode, type AuthServer, type Registered } from './authKit';

interface Secret {
  secret: string;
  uri: string;
  qr: string;
}

let s: AuthServer;
beforeAll(async () => {
  s = await startAuthServer();
});
afterAll(async () => s?.close());

const SECRET = '/admin/v1/google_captcha';
const BIND = '/api/v1/user/bind_google_captcha';
const LOGIN = '/api/v1/user/login';

/** A user with an authenticator bound; the clock has moved to the next step since binding. */
async function boundUser(): Promise<Registered & { secret: string }> {
  const user = await register(s);
  const { data } = await s.t.call<Secret>('GET', SECRET, { token: user.token });
  const bound = await s.t.call('POST', BIND, { token: user.token, body: { secret: data.secret, code: totpCode(data.secret, s.clock) } });
  if (bound.code !== 200) throw new Error(`bind failed: ${bound.msg}`);
  s.clock.advance(30);
  return { ...user, secret: data.secret };
}

describe('authenticator secret', () => {
  it('offers a fresh 20-byte base32 secret with its otpauth URI and QR code', async () => {
    const user = await register(s);
    const res = await s.t.call<Secret>('GET', SECRET, { token: user.token });
    expect(res.code).toBe(200);
    expect(res.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(res.data.uri);
    expect([uri.protocol, uri.host]).toEqual(['otpauth:', 'totp']);
    expect(decodeURIComponent(uri.pathname)).toBe(`/Inkpress:${user.username}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: 'Inkpress',
      secret: res.data.secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(Buffer.from(res.data.qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    const again = await s.t.call<Secret>('GET', SECRET, { token: user.token });
    expect(again.data.secret).not.toBe(res.data.secret);
  });

  it('needs a session', async () => {
    expect((await s.t.call('GET', SECRET)).status).toBe(401);
    expect((await s.t.call('POST', BIND, { body: { secret: 'A'.repeat(32), code: '123456' } })).status).toBe(401);
  });
});

describe('binding', () => {
  it('binds with the current code, refuses a wrong one (100124) and a second binding', async () => {
    const user = await register(s);
    const { data } = await s.t.call<Secret>('GET', SECRET, { token: user.token });
    const good = totpCode(data.secret, s.clock);
    const wrong = await s.t.call('POST', BIND, {
      token: user.token,
      body: { secret: data.secret, code: good === '000000' ? '000001' : '000000' },
    });
    expect([wrong.status, wrong.code]).toEqual([200, 100124]);
    const far = await s.t.call('POST', BIND, { token: user.token, body: { secret: data.secret, code: totpCode(data.secret, s.clock, 3) } });
    expect(far.code).toBe(100124);
    expect(
      (await s.t.call<{ isBindGoogle: boolean }>('GET', '/api/v1/user/get_user_details', { token: user.token })).data.isBindGoogle,
    ).toBe(false);

    const ok = await s.t.call('POST', BIND, { token: user.token, body: { secret: data.secret, code: good } });
    expect(ok.code).toBe(200);
    expect(
      (await s.t.call<{ isBindGoogle: boolean }>('GET', '/api/v1/user/get_user_details', { token: user.token })).data.isBindGoogle,
    ).toBe(true);

    const other = (await s.t.call<Secret>('GET', SECRET, { token: user.token })).data;
    const twice = await s.t.call('POST', BIND, {
      token: user.token,
      body: { secret: other.secret, code: totpCode(other.secret, s.clock) },
    });
    expect([twice.code, twice.msg]).toEqual([-1, 'An authenticator is already bound to this account']);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const user = await register(s);
    await expectBadInput(
      s.t.call.bind(s.t),
      'POST',
      BIND,
      [
        [{ code: '123456' }, /Secret is required/],
        [{ secret: 'A'.repeat(32) }, /Code is required/],
        [{ secret: 'a'.repeat(32), code: '123456' }, /Secret/],
        [{ secret: 'A'.repeat(8), code: '123456' }, /Secret/],
        [{ secret: 'A'.repeat(129), code: '123456' }, /Secret/],
        [{ secret: 'A'.repeat(32), code: '12345' }, /Code/],
        [{ secret: 'A'.repeat(32), code: 123456 }, /Code must be text/],
        [{ secret: 'A'.repeat(32), code: '123456', label: 'x' }, /"label" is not a known field/],
      ],
      user.token,
    );
  });
});

describe('login with the second factor', () => {
  it('asks for the code (100020) without a session, then logs in with it', async () => {
    const user = await boundUser();
    const call = s.as(freshIp());
    const first = await call('POST', '/api/v1/user/login_first', { body: { username: user.username, password: user.password } });
    expect(first.data).toEqual({ is_bind_google: true, must_bind_google: false });
    const noCode = await call('POST', LOGIN, { body: { username: user.username, password: user.password } });
    expect([noCode.status, noCode.code, noCode.data]).toEqual([200, 100020, null]);
    const res = await call<{ token: string }>('POST', LOGIN, {
      body: { username: user.username, password: user.password, google_code: totpCode(user.secret, s.clock) },
    });
    expect(res.code).toBe(200);
    expect((await call('GET', '/api/v1/user/get_user_details', { token: res.data.token })).code).toBe(200);
  });

  it('refuses a replayed code, also the one used to bind, and accepts the next step', async () => {
    const user = await register(s);
    const { data } = await s.t.call<Secret>('GET', SECRET, { token: user.token });
    const bindCode = totpCode(data.secret, s.clock);
    await s.t.call('POST', BIND, { token: user.token, body: { secret: data.secret, code: bindCode } });
    const call = s.as(freshIp());
    const login = (code: string) => call('POST', LOGIN, { body: { username: user.username, password: user.password, google_code: code } });

    expect((await login(bindCode)).code).toBe(100124);
    s.clock.advance(30);
    const code = totpCode(data.secret, s.clock);
    expect((await login(code)).code).toBe(200);
    const replay = await login(code);
    expect([replay.code, replay.msg]).toEqual([100124, 'The authenticator code is wrong or was already used']);
    // The previous step is inside the ±1 window, yet older than the last one used.
    expect((await login(totpCode(data.secret, s.clock, -1))).code).toBe(100124);
    // The next step's code (one step of drift) is accepted: the good sign-in cleared the failure
    // before it, and the two replays since (they count as failures) do not yet ask for a captcha.
    expect((await login(totpCode(data.secret, s.clock, 1))).code).toBe(200);
  });

  it('counts wrong codes as failed logins: a captcha is due after 3', async () => {
    const user = await boundUser();
    const call = s.as(freshIp());
    const current = totpCode(user.secret, s.clock);
    const wrongCode = current === '999999' ? '999998' : '999999';
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', LOGIN, { body: { username: user.username, password: user.password, google_code: wrongCode } })).code).toBe(
        100124,
      );
    }
    expect((await call('POST', LOGIN, { body: { username: user.username, password: user.password, google_code: current } })).code).toBe(
      100121,
    );
  });

  it('keeps the captcha valid across the second-factor prompt, so the console can send it again with the code', async () => {
    const user = await boundUser();
    const call = s.as(freshIp());
    for (let i = 0; i < 3; i++) await call('POST', LOGIN, { body: { username: user.username, password: 'wrong-password' } });
    const { data: c } = await call<{ key: string }>('GET', '/api/v1/graphic/code');
    const body = { username: user.username, password: user.password, captcha_key: c.key, captcha_code: CAPTCHA_ANSWER };
    expect((await call('POST', LOGIN, { body })).code).toBe(100020);
    const res = await call('POST', LOGIN, { body: { ...body, google_code: totpCode(user.secret, s.clock) } });
    expect(res.code).toBe(200);
    // The good sign-in cleared the failures; three more make the captcha due again, and the one
    // the completed login used is gone.
    for (let i = 0; i < 3; i++) await call('POST', LOGIN, { body: { username: user.username, password: 'wrong-password' } });
    s.clock.advance(30);
    const reuse = await call('POST', LOGIN, { body: { ...body, google_code: totpCode(user.secret, s.clock) } });
    expect(reuse.code).toBe(100123);
  });
});
