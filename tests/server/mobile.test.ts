import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput, freshIp, register, startAuthServer, totpCode, type AuthServer } from './authKit';

let s: AuthServer;
beforeAll(async () => {
  s = await startAuthServer();
});
afterAll(async () => s?.close());

const SEND = '/admin/v1/system/AccountSendMsgCode';
const LOGIN_MOBILE = '/api/v1/user/login_mobile';

let nextMobile = 1;
const freshMobile = () => `+86138${String(nextMobile++).padStart(8, '0')}`;

/** A registered account with a confirmed mobile number. */
async function userWithMobile() {
  const user = await register(s);
  const mobile = freshMobile();
  const call = s.as(freshIp());
  await call('POST', SEND, { body: { mobile, purpose: 'bind_mobile' } });
  const res = await call('PUT', '/api/v1/user/profile', { token: user.token, body: { mobile, mobile_code: s.sms.lastCode(mobile) } });
  if (res.code !== 200) throw new Error(`profile failed: ${res.msg}`);
  s.clock.advance(61);
  return { ...user, mobile };
}

describe('AccountSendMsgCode', () => {
  it('texts a login code to a number with an account, and answers the same for one without', async () => {
    const user = await userWithMobile();
    const call = s.as(freshIp());
    const before = s.sms.sent.length;
    const known = await call('POST', SEND, { body: { mobile: user.mobile } });
    expect([known.status, known.code, known.data]).toEqual([200, 200, { resend_after: 60, expires_in: 600 }]);
    expect(s.sms.sent.length).toBe(before + 1);
    expect(s.sms.sent.at(-1)!.text).toMatch(/^\[Inkpress\] Your code to log in is \d{6}, valid for 10 minutes\.$/);

    const unknown = await call('POST', SEND, { body: { mobile: freshMobile(), purpose: 'login' } });
    expect([unknown.status, unknown.code, unknown.msg, unknown.data]).toEqual([known.status, known.code, known.msg, known.data]);
    expect(s.sms.sent.length).toBe(before + 1);

    // In the language the request asks for, the account having chosen none.
    s.clock.advance(61);
    await s.as(freshIp())('POST', SEND, { body: { mobile: user.mobile }, headers: { 'accept-language': 'zh-CN' } });
    expect(s.sms.sent.at(-1)!.text).toMatch(/^【Inkpress】您登录的验证码是 \d{6}，10 分钟内有效。$/);

    const early = await call('POST', SEND, { body: { mobile: user.mobile } });
    expect(early.status).toBe(429);
  });

  it('refuses bad input with 400 naming the field', async () => {
    await expectBadInput(s.as(freshIp()), 'POST', SEND, [
      [{}, /Mobile number is required/],
      [{ mobile: 'call-me' }, /Mobile number/],
      [{ mobile: '+1234567890123456' }, /Mobile number/],
      [{ mobile: 13800000000 }, /Mobile number must be text/],
      [{ mobile: '+8613800000000', purpose: 'reset_password' }, /Purpose/],
      [{ mobile: '+8613800000000', country: 'CN' }, /"country" is not a known field/],
    ]);
  });
});

describe('login_mobile', () => {
  it('logs in with the texted code, once', async () => {
    const user = await userWithMobile();
    const call = s.as(freshIp());
    await call('POST', SEND, { body: { mobile: user.mobile } });
    const code = s.sms.lastCode(user.mobile);
    const res = await call<{ token: string; id: number; username: string }>('POST', LOGIN_MOBILE, { body: { mobile: user.mobile, code } });
    expect(res.code).toBe(200);
    expect([res.data.id, res.data.username]).toEqual([user.id, user.username]);
    expect((await call('GET', '/api/v1/user/get_user_details', { token: res.data.token })).code).toBe(200);

    const again = await call('POST', LOGIN_MOBILE, { body: { mobile: user.mobile, code } });
    expect([again.code, again.msg]).toEqual([-1, 'The code is wrong or has expired']);
  });

  it('refuses a wrong code, and a number without an account with the same answer', async () => {
    const user = await userWithMobile();
    const call = s.as(freshIp());
    await call('POST', SEND, { body: { mobile: user.mobile } });
    const code = s.sms.lastCode(user.mobile);
    const wrong = await call('POST', LOGIN_MOBILE, { body: { mobile: user.mobile, code: code === '000000' ? '000001' : '000000' } });
    const stranger = freshMobile();
    await call('POST', SEND, { body: { mobile: stranger } });
    const unknown = await call('POST', LOGIN_MOBILE, { body: { mobile: stranger, code: '123456' } });
    expect([wrong.status, wrong.code, wrong.msg]).toEqual([200, -1, 'The code is wrong or has expired']);
    expect([unknown.status, unknown.code, unknown.msg]).toEqual([200, -1, 'The code is wrong or has expired']);
    // The right code still works after one wrong try.
    expect((await call('POST', LOGIN_MOBILE, { body: { mobile: user.mobile, code } })).code).toBe(200);
  });

  it('needs the authenticator code too when one is bound (100020, 100124), keeping the SMS code for the retry', async () => {
    const user = await userWithMobile();
    const { data } = await s.t.call<{ secret: string }>('GET', '/admin/v1/google_captcha', { token: user.token });
    await s.t.call('POST', '/api/v1/user/bind_google_captcha', {
      token: user.token,
      body: { secret: data.secret, code: totpCode(data.secret, s.clock) },
    });
    s.clock.advance(30);

    const call = s.as(freshIp());
    await call('POST', SEND, { body: { mobile: user.mobile } });
    const code = s.sms.lastCode(user.mobile);
    const asked = await call('POST', LOGIN_MOBILE, { body: { mobile: user.mobile, code } });
    expect([asked.code, asked.data]).toEqual([100020, null]);
    const current = totpCode(data.secret, s.clock);
    const wrong = await call('POST', LOGIN_MOBILE, {
      body: { mobile: user.mobile, code, google_code: current === '000000' ? '000001' : '000000' },
    });
    expect(wrong.code).toBe(100124);
    const ok = await call('POST', LOGIN_MOBILE, { body: { mobile: user.mobile, code, google_code: current } });
    expect(ok.code).toBe(200);
  });

  it('refuses bad input with 400 naming the field', async () => {
    await expectBadInput(s.as(freshIp()), 'POST', LOGIN_MOBILE, [
      [{ code: '123456' }, /Mobile number is required/],
      [{ mobile: '+8613800000000' }, /Code is required/],
      [{ mobile: '+8613800000000', code: '12ab56' }, /Code/],
      [{ mobile: '+8613800000000', code: '123456', google_code: '1' }, /Authenticator code/],
      [{ mobile: '+8613800000000', code: '123456', password: 'x' }, /"password" is not a known field/],
    ]);
  });
});
