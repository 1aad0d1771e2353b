import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../contract/codes';
import type { InviteInfo } from '../../contract/schemas/invite';
import { CODES_BEFORE_CAPTCHA, LOGIN_FAILURES_BEFORE_CAPTCHA, REGISTRATIONS_BEFORE_CAPTCHA } from '../../server/domain/access/captcha';
import { freshIp, freshName, register, startAuthServer, type AuthServer, type Caller } from './authKit';

/**
 * The per-address and per-account limits hold for requests sent at once: as many pass as would
 * one after another, the rest are asked for the captcha or told to wait. CI runs this file on
 * PostgreSQL too, where the requests really run side by side on several connections.
 */
let s: AuthServer;
beforeAll(async () => {
  s = await startAuthServer({ WELCOME_POINTS: '1000', INVITE_INVITER_POINTS: '100', INVITE_DAILY_LIMIT_PER_IP: '3' });
});
afterAll(async () => s?.close());

const REGISTER = '/api/v1/user/register';
const LOGIN = '/api/v1/user/login';
const SEND_EMAIL_CODE = '/api/v1/auth/send_email_code';
const SEND_SMS_CODE = '/admin/v1/system/AccountSendMsgCode';

const atOnce = <T>(n: number, request: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => request(i)));
const codesOf = (answers: { code: number }[]) => answers.map((a) => a.code);
const countOf = (codes: number[], code: number) => codes.filter((c) => c === code).length;
const newAccount = (invite_code?: string) => ({
  username: freshName(),
  password: 'long-enough-1',
  password_confirmation: 'long-enough-1',
  ...(invite_code ? { invite_code } : {}),
});
const balanceOf = async (token: string) =>
  (await s.t.call<{ balance: number }>('GET', '/api/v1/account/points/list', { token })).data.balance;

describe('limits with requests sent at once', () => {
  it('20 registrations from one address: 5 accounts, each with its welcome points, the others asked for the captcha', async () => {
    const call = s.as(freshIp());
    const answers = await atOnce(20, () => call<{ token: string }>('POST', REGISTER, { body: newAccount() }));
    const codes = codesOf(answers);
    expect(countOf(codes, 200)).toBe(REGISTRATIONS_BEFORE_CAPTCHA);
    expect(countOf(codes, ResultCode.CAPTCHA_REQUIRED)).toBe(20 - REGISTRATIONS_BEFORE_CAPTCHA);
    const balances = await Promise.all(answers.filter((a) => a.code === 200).map((a) => balanceOf(a.data.token)));
    expect(balances).toEqual(Array(REGISTRATIONS_BEFORE_CAPTCHA).fill(1000));
    expect((await call('POST', REGISTER, { body: newAccount() })).code).toBe(ResultCode.CAPTCHA_REQUIRED);
  });

  it('20 invited registrations from one address: the inviter is rewarded INVITE_DAILY_LIMIT_PER_IP times', async () => {
    const inviter = await register(s);
    const { code } = (await s.t.call<InviteInfo>('GET', '/api/v1/invitereg/info', { token: inviter.token })).data;
    const call = s.as(freshIp());
    const answers = await atOnce(20, () => call('POST', REGISTER, { body: newAccount(code) }));
    expect(countOf(codesOf(answers), 200)).toBe(REGISTRATIONS_BEFORE_CAPTCHA);
    expect(await balanceOf(inviter.token)).toBe(1000 + 3 * 100);
  });

  it('20 wrong passwords for one account from 20 addresses: 3 are checked, then the captcha, for the right password too', async () => {
    const user = await register(s);
    const answers = await atOnce(20, () =>
      s.as(freshIp())('POST', LOGIN, { body: { username: user.username, password: 'wrong-password' } }),
    );
    const codes = codesOf(answers);
    expect(countOf(codes, ResultCode.ERROR)).toBe(LOGIN_FAILURES_BEFORE_CAPTCHA);
    expect(countOf(codes, ResultCode.CAPTCHA_REQUIRED)).toBe(20 - LOGIN_FAILURES_BEFORE_CAPTCHA);
    const right = await s.as(freshIp())('POST', LOGIN, { body: { username: user.username, password: user.password } });
    expect(right.code).toBe(ResultCode.CAPTCHA_REQUIRED);
  });

  it('20 wrong passwords from one address for 20 names: 3 are checked, then the captcha', async () => {
    const call = s.as(freshIp());
    const answers = await atOnce(20, () => call('POST', LOGIN, { body: { username: freshName(), password: 'wrong-password' } }));
    const codes = codesOf(answers);
    expect(countOf(codes, ResultCode.ERROR)).toBe(LOGIN_FAILURES_BEFORE_CAPTCHA);
    expect(countOf(codes, ResultCode.CAPTCHA_REQUIRED)).toBe(20 - LOGIN_FAILURES_BEFORE_CAPTCHA);
  });

  it('right passwords sent at once from one address all log in: an attempt being checked is not a failure', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => register(s)));
    const call = s.as(freshIp());
    const answers = await Promise.all(users.map((u) => call('POST', LOGIN, { body: { username: u.username, password: u.password } })));
    expect(codesOf(answers)).toEqual(Array(10).fill(200));
  });

  it('20 mail codes asked for from one address: 3 are sent, the others asked for the captcha (or over the route’s limit)', async () => {
    const call: Caller = s.as(freshIp());
    const emails = Array.from({ length: 20 }, () => `${freshName('c')}@example.com`);
    const answers = await atOnce(20, (i) => call('POST', SEND_EMAIL_CODE, { body: { email: emails[i], purpose: 'register' } }));
    const codes = codesOf(answers);
    expect(countOf(codes, 200)).toBe(CODES_BEFORE_CAPTCHA);
    expect(countOf(codes, ResultCode.CAPTCHA_REQUIRED) + countOf(codes, ResultCode.RATE_LIMITED)).toBe(20 - CODES_BEFORE_CAPTCHA);
    expect(emails.filter((e) => s.mail.to(e).length > 0)).toHaveLength(CODES_BEFORE_CAPTCHA);
  });

  it('20 mail codes for one address asked for from 20 addresses: one is sent, the others told to wait', async () => {
    const email = `${freshName('c')}@example.com`;
    const answers = await atOnce(20, () => s.as(freshIp())('POST', SEND_EMAIL_CODE, { body: { email, purpose: 'register' } }));
    const codes = codesOf(answers);
    expect(countOf(codes, 200)).toBe(1);
    expect(countOf(codes, ResultCode.RATE_LIMITED)).toBe(19);
    expect(s.mail.to(email)).toHaveLength(1);
  });

  it('20 SMS codes asked for from one address: 3 are texted, the others asked for the captcha (or over the route’s limit)', async () => {
    const call = s.as(freshIp());
    const base = 5_550_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
    const mobiles = Array.from({ length: 20 }, (_, i) => `+1${base + i}`);
    const answers = await atOnce(20, (i) => call('POST', SEND_SMS_CODE, { body: { mobile: mobiles[i], purpose: 'bind_mobile' } }));
    const codes = codesOf(answers);
    expect(countOf(codes, 200)).toBe(CODES_BEFORE_CAPTCHA);
    expect(countOf(codes, ResultCode.CAPTCHA_REQUIRED) + countOf(codes, ResultCode.RATE_LIMITED)).toBe(20 - CODES_BEFORE_CAPTCHA);
    expect(mobiles.filter((m) => s.sms.to(m).length > 0)).toHaveLength(CODES_BEFORE_CAPTCHA);
  });
});
