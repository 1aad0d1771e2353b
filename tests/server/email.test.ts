import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput, freshIp, freshName, startAuthServer, type AuthServer } from './authKit';

let s: AuthServer;
beforeAll(async () => {
  s = await startAuthServer();
});
afterAll(async () => s?.close());

const SEND = '/api/v1/auth/send_email_code';
const RESET = '/api/v1/user/reset_password';
const LOGIN = '/api/v1/user/login';

/** A registered account with a confirmed email address; its session token. */
async function userWithEmail() {
  const call = s.as(freshIp());
  const email = `${freshName('m')}@Example.com`;
  await call('POST', SEND, { body: { email, purpose: 'register' } });
  const username = freshName();
  const password = 'first-password-1';
  const res = await call<{ token: string }>('POST', '/api/v1/user/register', {
    body: { username, password, password_confirmation: password, email, email_code: s.mail.lastCode(email) },
  });
  if (res.code !== 200) throw new Error(`register failed: ${res.msg}`);
  s.clock.advance(61);
  return { email, username, password, token: res.data.token };
}

describe('send_email_code', () => {
  it('mails a reset code to an address with an account, and answers the same for one without', async () => {
    const user = await userWithEmail();
    const call = s.as(freshIp());
    const before = s.mail.sent.length;
    const known = await call('POST', SEND, { body: { email: user.email.toLowerCase(), purpose: 'reset_password' } });
    expect([known.status, known.code, known.data]).toEqual([200, 200, { resend_after: 60, expires_in: 600 }]);
    expect(s.mail.sent.length).toBe(before + 1);
    const message = s.mail.sent.at(-1)!;
    expect(message.to).toBe(user.email.toLowerCase());
    expect(message.subject).toBe('Inkpress verification code');
    expect(message.text).toMatch(/reset your password is \d{6}\. It is valid for 10 minutes/);

    const unknown = await call('POST', SEND, { body: { email: `${freshName('nobody')}@example.com`, purpose: 'reset_password' } });
    expect([unknown.status, unknown.code, unknown.msg, unknown.data]).toEqual([known.status, known.code, known.msg, known.data]);
    expect(s.mail.sent.length).toBe(before + 1);
  });

  it("mails in the account's language, else in the language the request asks for", async () => {
    const email = `${freshName('zh')}@example.com`;
    await s.as(freshIp())('POST', SEND, { body: { email, purpose: 'register' }, headers: { 'accept-language': 'zh-CN' } });
    expect(s.mail.sent.at(-1)).toMatchObject({ to: email, subject: 'Inkpress 验证码' });
    expect(s.mail.sent.at(-1)!.text).toMatch(/^您注册的 Inkpress 验证码是 \d{6}，10 分钟内有效。/);

    // An account that chose English reads English, whatever the asking browser speaks.
    const user = await userWithEmail();
    expect((await s.as(freshIp())('PUT', '/api/v1/user/language', { token: user.token, body: { language: 'en' } })).code).toBe(200);
    await s.as(freshIp())('POST', SEND, {
      body: { email: user.email, purpose: 'reset_password' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(s.mail.sent.at(-1)!.text).toMatch(/^Your Inkpress code to reset your password is \d{6}\./);
  });

  it('holds a resend for 60 s per address and purpose, for known and unknown addresses alike', async () => {
    const user = await userWithEmail();
    const call = s.as(freshIp());
    const ghost = `${freshName('ghost')}@example.com`;
    for (const email of [user.email, ghost]) {
      expect((await call('POST', SEND, { body: { email, purpose: 'reset_password' } })).code).toBe(200);
      const early = await call('POST', SEND, { body: { email, purpose: 'reset_password' } });
      expect([early.status, early.code]).toEqual([429, 429]);
      expect(early.msg).toMatch(/wait 60 s/);
    }
    s.clock.advance(61);
    expect((await s.as(freshIp())('POST', SEND, { body: { email: user.email, purpose: 'reset_password' } })).code).toBe(200);
  });

  it('answers 502 when the mail cannot be sent, and lets the user try again at once', async () => {
    const user = await userWithEmail();
    const call = s.as(freshIp());
    s.mail.failing = true;
    try {
      const res = await call('POST', SEND, { body: { email: user.email, purpose: 'reset_password' } });
      expect([res.status, res.msg]).toEqual([502, 'The message could not be sent; try again later']);
    } finally {
      s.mail.failing = false;
    }
    expect((await call('POST', SEND, { body: { email: user.email, purpose: 'reset_password' } })).code).toBe(200);
  });

  it('refuses bad input with 400 naming the field', async () => {
    await expectBadInput(s.as(freshIp()), 'POST', SEND, [
      [{ purpose: 'reset_password' }, /Email is required/],
      [{ email: 'nope', purpose: 'reset_password' }, /Email/],
      [{ email: `${'x'.repeat(250)}@example.com`, purpose: 'reset_password' }, /Email/],
      [{ email: 'a@example.com' }, /Purpose is required/],
      [{ email: 'a@example.com', purpose: 'login' }, /Purpose/],
      [{ email: 'a@example.com', purpose: 'register', template: 'x' }, /"template" is not a known field/],
    ]);
  });
});

describe('reset_password', () => {
  it('sets the password with the mailed code and ends every session of the account', async () => {
    const user = await userWithEmail();
    const call = s.as(freshIp());
    await call('POST', SEND, { body: { email: user.email, purpose: 'reset_password' } });
    const code = s.mail.lastCode(user.email);
    const body = { email: user.email.toUpperCase(), code, password: 'second-password-2', password_confirmation: 'second-password-2' };

    const res = await call('POST', RESET, { body });
    expect([res.status, res.code]).toEqual([200, 200]);
    expect((await call('GET', '/api/v1/user/get_user_details', { token: user.token })).status).toBe(401);
    expect((await call('POST', LOGIN, { body: { username: user.username, password: user.password } })).code).toBe(-1);
    expect((await s.as(freshIp())('POST', LOGIN, { body: { username: user.username, password: 'second-password-2' } })).code).toBe(200);

    const reused = await call('POST', RESET, {
      body: { ...body, password: 'third-password-3', password_confirmation: 'third-password-3' },
    });
    expect([reused.code, reused.msg]).toEqual([-1, 'The code is wrong or has expired']);
  });

  it('gives a code 5 tries: after 4 wrong ones the right one works, after 5 it does not', async () => {
    const call = s.as(freshIp());
    const tries = async (wrongTries: number) => {
      const user = await userWithEmail();
      await call('POST', SEND, { body: { email: user.email, purpose: 'reset_password' } });
      const code = s.mail.lastCode(user.email);
      const wrong = code === '000000' ? '000001' : '000000';
      const body = { email: user.email, password: 'second-password-2', password_confirmation: 'second-password-2' };
      for (let i = 0; i < wrongTries; i++) expect((await call('POST', RESET, { body: { ...body, code: wrong } })).code).toBe(-1);
      return (await call('POST', RESET, { body: { ...body, code } })).code;
    };
    expect(await tries(4)).toBe(200);
    expect(await tries(5)).toBe(-1);
  });

  it('refuses a code after 10 minutes, and a code mailed for another purpose', async () => {
    const user = await userWithEmail();
    const call = s.as(freshIp());
    const body = { email: user.email, password: 'second-password-2', password_confirmation: 'second-password-2' };
    await call('POST', SEND, { body: { email: user.email, purpose: 'reset_password' } });
    const code = s.mail.lastCode(user.email);
    s.clock.advance(601);
    expect((await call('POST', RESET, { body: { ...body, code } })).code).toBe(-1);

    const other = `${freshName('other')}@example.com`;
    await call('POST', SEND, { body: { email: other, purpose: 'bind_email' } });
    const bindCode = s.mail.lastCode(other);
    expect((await call('POST', RESET, { body: { ...body, email: other, code: bindCode } })).code).toBe(-1);
  });

  it('refuses bad input with 400 naming the field, before spending the code', async () => {
    const user = await userWithEmail();
    const call = s.as(freshIp());
    await call('POST', SEND, { body: { email: user.email, purpose: 'reset_password' } });
    const code = s.mail.lastCode(user.email);
    const good = { email: user.email, code, password: 'second-password-2', password_confirmation: 'second-password-2' };
    await expectBadInput(call, 'POST', RESET, [
      [{ ...good, password_confirmation: 'different-password' }, /Password confirmation does not match the password/],
      [{ ...good, code: '12345' }, /Code/],
      [{ ...good, code: 123456 }, /Code must be text/],
      [{ ...good, password: 'short', password_confirmation: 'short' }, /Password/],
      [{ email: user.email, code, password: 'second-password-2' }, /Password confirmation is required/],
      [{ ...good, username: 'x' }, /"username" is not a known field/],
    ]);
    expect((await call('POST', RESET, { body: good })).code).toBe(200);
  });
});
