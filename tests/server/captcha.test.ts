import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSvgCaptchaGenerator } from '../../server/providers/captcha';
import { CAPTCHA_ANSWER, expectBadInput, freshIp, freshName, register, startAuthServer, type AuthServer, type Caller } from './authKit';

interface Captcha {
  key: string;
  img: string;
  required: boolean;
}

let s: AuthServer;
beforeAll(async () => {
  s = await startAuthServer();
});
afterAll(async () => s?.close());

const CODE = '/api/v1/graphic/code';
const LOGIN = '/api/v1/user/login';

const captcha = async (call: Caller, query = '') => (await call<Captcha>('GET', `${CODE}${query}`)).data;
const failLogin = (call: Caller, username: string) => call('POST', LOGIN, { body: { username, password: 'wrong-password' } });

describe('graphic captcha', () => {
  it('serves a new single-use captcha as an SVG data URL, not required at first', async () => {
    const call = s.as(freshIp());
    const res = await call<Captcha>('GET', `${CODE}?_t=1700000000000`);
    expect([res.status, res.code]).toEqual([200, 200]);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.data.required).toBe(false);
    expect(res.data.key.length).toBeGreaterThanOrEqual(24);
    expect(res.data.img.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(res.data.img.split(',')[1], 'base64').toString()).toContain('<svg');
    const other = await captcha(call);
    expect(other.key).not.toBe(res.data.key);
  });

  it('the built-in generator draws four characters as SVG', () => {
    const { text, svg } = createSvgCaptchaGenerator().create();
    expect(text).toMatch(/^[A-Za-z0-9]{4}$/);
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it('refuses unknown or bad query parameters with 400 naming them', async () => {
    const call = s.as(freshIp());
    for (const [query, msg] of [
      ['?foo=1', /"foo" is not a known field/],
      ['?scene=everything', /Scene/],
      [`?username=${'x'.repeat(65)}`, /Username/],
    ] as const) {
      const res = await call('GET', `${CODE}${query}`);
      expect([res.status, msg.test(res.msg)]).toEqual([400, true]);
    }
  });

  it('limits captcha pictures per address (429)', async () => {
    const call = s.as(freshIp());
    for (let i = 0; i < 30; i++) expect((await call('GET', CODE)).status).toBe(200);
    const limited = await call('GET', CODE);
    expect([limited.status, limited.code]).toEqual([429, 429]);
    expect((await s.as(freshIp())('GET', CODE)).status).toBe(200);
  });
});

describe('captcha after failed logins', () => {
  it('is required for an account after 3 failed logins (from any address), then checked: missing 100121, wrong 100123, right passes once', async () => {
    const user = await register(s);
    for (let i = 0; i < 3; i++) expect((await failLogin(s.as(freshIp()), user.username)).code).toBe(-1);

    const call = s.as(freshIp());
    expect((await captcha(call, `?scene=login&username=${user.username.toUpperCase()}`)).required).toBe(true);
    expect((await captcha(call, '?scene=login')).required).toBe(false);
    const body = { username: user.username, password: user.password };

    const missing = await call('POST', LOGIN, { body });
    expect([missing.status, missing.code, missing.data]).toEqual([200, 100121, null]);
    const onlyKey = await call('POST', LOGIN, { body: { ...body, captcha_key: (await captcha(call)).key } });
    expect(onlyKey.code).toBe(100121);

    const first = await captcha(call);
    const wrong = await call('POST', LOGIN, { body: { ...body, captcha_key: first.key, captcha_code: 'zzzz' } });
    expect([wrong.status, wrong.code]).toEqual([200, 100123]);
    // A wrong answer uses the captcha up: the right answer no longer opens it.
    const reused = await call('POST', LOGIN, { body: { ...body, captcha_key: first.key, captcha_code: CAPTCHA_ANSWER } });
    expect(reused.code).toBe(100123);
    const unknownKey = await call('POST', LOGIN, { body: { ...body, captcha_key: 'no-such-key', captcha_code: CAPTCHA_ANSWER } });
    expect(unknownKey.code).toBe(100123);

    const second = await captcha(call);
    const ok = await call('POST', LOGIN, { body: { ...body, captcha_key: second.key, captcha_code: ` ${CAPTCHA_ANSWER.toLowerCase()} ` } });
    expect(ok.code).toBe(200);

    // The good login forgot the account's failures: from a clean address no captcha is due.
    const clean = s.as(freshIp());
    expect((await captcha(clean, `?scene=login&username=${user.username}`)).required).toBe(false);
    expect((await clean('POST', LOGIN, { body })).code).toBe(200);
  });

  it('a wrong password with the right captcha still counts, and the captcha is spent', async () => {
    const user = await register(s);
    const call = s.as(freshIp());
    for (let i = 0; i < 3; i++) await failLogin(call, user.username);
    const c = await captcha(call);
    const res = await call('POST', LOGIN, {
      body: { username: user.username, password: 'still-wrong', captcha_key: c.key, captcha_code: CAPTCHA_ANSWER },
    });
    expect([res.code, res.msg]).toEqual([-1, 'Wrong username or password']);
    const again = await call('POST', LOGIN, {
      body: { username: user.username, password: user.password, captcha_key: c.key, captcha_code: CAPTCHA_ANSWER },
    });
    expect(again.code).toBe(100123);
  });

  it('is required for an address after 3 failed logins there, whatever the accounts', async () => {
    const user = await register(s);
    const call = s.as(freshIp());
    for (let i = 0; i < 3; i++) await failLogin(call, freshName('ghost'));
    expect((await captcha(call)).required).toBe(true);
    expect((await call('POST', LOGIN, { body: { username: user.username, password: user.password } })).code).toBe(100121);
    expect((await call('POST', '/api/v1/user/login_first', { body: { username: user.username, password: user.password } })).code).toBe(
      100121,
    );
    // Elsewhere the same account logs in freely.
    expect((await s.as(freshIp())('POST', LOGIN, { body: { username: user.username, password: user.password } })).code).toBe(200);
  });

  it('a successful sign-in clears it for a fresh browser at that address, after failures on that name', async () => {
    const user = await register(s);
    const call = s.as(freshIp());
    for (let i = 0; i < 3; i++) await failLogin(call, user.username);
    expect((await captcha(call, '?scene=login')).required).toBe(true);
    const ok = await call('POST', LOGIN, {
      body: { username: user.username, password: user.password, captcha_key: (await captcha(call)).key, captcha_code: CAPTCHA_ANSWER },
    });
    expect(ok.code).toBe(200);
    // A fresh browser asks without a name: the address's failures were all on the name now proven.
    expect((await captcha(call, '?scene=login')).required).toBe(false);
    expect((await call('POST', LOGIN, { body: { username: user.username, password: user.password } })).code).toBe(200);
  });

  it("signing in to one's own account does not clear an address's failures on other names", async () => {
    const own = await register(s);
    const victim = await register(s);
    const call = s.as(freshIp());
    await failLogin(call, own.username);
    for (let i = 0; i < 2; i++) await failLogin(call, victim.username);
    expect((await captcha(call, '?scene=login')).required).toBe(true);
    const ok = await call('POST', LOGIN, {
      body: { username: own.username, password: own.password, captcha_key: (await captcha(call)).key, captcha_code: CAPTCHA_ANSWER },
    });
    expect(ok.code).toBe(200);
    // Two failures on the other name remain: one more and the address is asked again.
    expect((await captcha(call, '?scene=login')).required).toBe(false);
    await failLogin(call, victim.username);
    expect((await captcha(call, '?scene=login')).required).toBe(true);
    expect((await call('POST', LOGIN, { body: { username: victim.username, password: victim.password } })).code).toBe(100121);
  });

  it('is no longer required once the failures are 15 minutes old', async () => {
    const user = await register(s);
    const call = s.as(freshIp());
    for (let i = 0; i < 3; i++) await failLogin(call, user.username);
    expect((await call('POST', LOGIN, { body: { username: user.username, password: user.password } })).code).toBe(100121);
    s.clock.advance(15 * 60 + 1);
    expect((await captcha(call, `?username=${user.username}`)).required).toBe(false);
    expect((await call('POST', LOGIN, { body: { username: user.username, password: user.password } })).code).toBe(200);
  });

  it('expires 5 minutes after it was drawn', async () => {
    const user = await register(s);
    const call = s.as(freshIp());
    for (let i = 0; i < 3; i++) await failLogin(call, user.username);
    const c = await captcha(call);
    s.clock.advance(5 * 60 + 1);
    const res = await call('POST', LOGIN, {
      body: { username: user.username, password: user.password, captcha_key: c.key, captcha_code: CAPTCHA_ANSWER },
    });
    expect(res.code).toBe(100123);
  });

  it('refuses oversized captcha fields with 400', async () => {
    await expectBadInput(s.as(freshIp()), 'POST', LOGIN, [
      [{ username: 'a', password: 'b', captcha_key: 'x'.repeat(65) }, /Captcha key/],
      [{ username: 'a', password: 'b', captcha_code: 'x'.repeat(17) }, /Captcha/],
      [{ username: 'a', password: 'b', captcha_code: 1234 }, /Captcha must be text/],
    ]);
  });
});

describe('captcha for registrations', () => {
  it('is required after 5 accounts from one address within the hour', async () => {
    const call = s.as(freshIp());
    const body = () => ({ username: freshName(), password: 'long-enough-1', password_confirmation: 'long-enough-1' });
    for (let i = 0; i < 5; i++) expect((await call('POST', '/api/v1/user/register', { body: body() })).code).toBe(200);
    expect((await captcha(call, '?scene=register')).required).toBe(true);
    expect((await captcha(call, '?scene=login')).required).toBe(false);

    const name = body();
    expect((await call('POST', '/api/v1/user/register', { body: name })).code).toBe(100121);
    const wrong = await call('POST', '/api/v1/user/register', {
      body: { ...name, captcha_key: (await captcha(call)).key, captcha_code: 'nope' },
    });
    expect(wrong.code).toBe(100123);
    const ok = await call('POST', '/api/v1/user/register', {
      body: { ...name, captcha_key: (await captcha(call)).key, captcha_code: CAPTCHA_ANSWER },
    });
    expect(ok.code).toBe(200);
    // Nothing was written by the refused attempts: the name registered once.
    expect((await s.as(freshIp())('POST', LOGIN, { body: { username: name.username, password: name.password } })).code).toBe(200);

    expect((await s.as(freshIp())('POST', '/api/v1/user/register', { body: body() })).code).toBe(200);
    s.clock.advance(60 * 60 + 1);
    expect((await call('POST', '/api/v1/user/register', { body: body() })).code).toBe(200);
  });
});

describe('captcha for mail and SMS codes', () => {
  it('is required after 3 codes asked for from one address within the hour', async () => {
    const call = s.as(freshIp());
    const send = (email: string, extra = {}) =>
      call('POST', '/api/v1/auth/send_email_code', { body: { email, purpose: 'register', ...extra } });
    for (let i = 0; i < 3; i++) expect((await send(`${freshName('c')}@example.com`)).code).toBe(200);
    expect((await captcha(call, '?scene=send_code')).required).toBe(true);
    expect((await send(`${freshName('c')}@example.com`)).code).toBe(100121);
    expect((await call('POST', '/admin/v1/system/AccountSendMsgCode', { body: { mobile: '+15550001111' } })).code).toBe(100121);
    const ok = await send(`${freshName('c')}@example.com`, { captcha_key: (await captcha(call)).key, captcha_code: CAPTCHA_ANSWER });
    expect(ok.code).toBe(200);
  });
});
