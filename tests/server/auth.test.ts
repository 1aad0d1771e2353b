import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { illustrationFor } from '../../contract/schemas/user';
import { ADMIN_PASSWORD } from './harness';
import { expectBadInput, freshIp, freshName, register, startAuthServer, type AuthServer } from './authKit';

interface Login {
  token: string;
  id: number;
  username: string;
  avatar: string;
  contact_us: string;
}
interface Details {
  id: number;
  username: string;
  roles: { roleName: string; value: string }[];
  points: number;
  inviteCode: string;
  email: string | null;
  locked: boolean;
}

let s: AuthServer;
beforeAll(async () => {
  s = await startAuthServer({ SESSION_TTL: '300' });
});
afterAll(async () => s?.close());

const REGISTER = '/api/v1/user/register';
const LOGIN = '/api/v1/user/login';
const LOGIN_FIRST = '/api/v1/user/login_first';
const DETAILS = '/api/v1/user/get_user_details';

describe('register', () => {
  it('creates an account owner with the welcome points and logs it in at once', async () => {
    const call = s.as(freshIp());
    const username = freshName('Reg');
    const res = await call<Login>('POST', REGISTER, {
      body: { username, password: 'long-enough-1', password_confirmation: 'long-enough-1' },
    });
    expect([res.status, res.code]).toEqual([200, 200]);
    expect(res.data).toMatchObject({ username, avatar: illustrationFor(res.data.id), contact_us: 'support@inkpress.local' });
    expect(res.data.token.length).toBeGreaterThanOrEqual(40);

    const me = await call<Details>('GET', DETAILS, { token: res.data.token });
    expect(me.data).toMatchObject({
      id: res.data.id,
      username,
      points: 1000,
      roles: [{ roleName: 'Account owner', value: 'master' }],
      email: null,
    });
    expect(me.data.inviteCode).toMatch(/^[A-Z2-9]{10}$/);

    const again = await call<Login>('POST', LOGIN, { body: { username: username.toUpperCase(), password: 'long-enough-1' } });
    expect([again.code, again.data.id]).toEqual([200, res.data.id]);
  });

  it('refuses a username that is taken, whatever its case', async () => {
    const taken = await register(s);
    const res = await s.as(freshIp())('POST', REGISTER, {
      body: { username: taken.username.toUpperCase(), password: 'long-enough-1', password_confirmation: 'long-enough-1' },
    });
    expect([res.status, res.code]).toEqual([200, 100151]);
    expect(res.msg).toMatch(/is taken/);
  });

  it('registers a name once when two registrations race for it (no 500, no second account)', async () => {
    const username = freshName('race');
    const attempt = (password: string) =>
      s.as(freshIp())<Login>('POST', REGISTER, { body: { username, password, password_confirmation: password } });
    const results = await Promise.all([attempt('first-password-1'), attempt('second-password-2')]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.code).sort()).toEqual([100151, 200]);
    const loser = results.find((r) => r.code === 100151)!;
    expect(loser.msg).toMatch(/is taken/);
    const winner = results.findIndex((r) => r.code === 200);
    const password = winner === 0 ? 'first-password-1' : 'second-password-2';
    expect((await s.as(freshIp())('POST', LOGIN, { body: { username, password } })).code).toBe(200);
  });

  it("accepts another account's invite code in any case, and refuses an unknown one", async () => {
    const inviter = await register(s);
    const { data: details } = await s.t.call<Details>('GET', DETAILS, { token: inviter.token });
    const call = s.as(freshIp());
    const body = (invite_code: string) => ({
      username: freshName(),
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
      invite_code,
    });
    const ok = await call('POST', REGISTER, { body: body(details.inviteCode.toLowerCase()) });
    expect(ok.code).toBe(200);
    const bad = await call('POST', REGISTER, { body: body('NOSUCHCODE') });
    expect([bad.status, bad.msg]).toEqual([400, 'Invite code: no account has this invite code']);
    const byName = await call('POST', REGISTER, { body: body(inviter.username) });
    expect(byName.status).toBe(400);
  });

  it('needs the mailed code to register with an email address', async () => {
    const call = s.as(freshIp());
    const email = `${freshName('mail')}@example.com`;
    const base = { username: freshName(), password: 'long-enough-1', password_confirmation: 'long-enough-1', email };
    const missing = await call('POST', REGISTER, { body: base });
    expect([missing.status, missing.msg]).toEqual([400, 'Email code is required with an email address']);

    const sent = await call('POST', '/api/v1/auth/send_email_code', { body: { email, purpose: 'register' } });
    expect(sent.code).toBe(200);
    const code = s.mail.lastCode(email);
    const wrong = await call('POST', REGISTER, { body: { ...base, email_code: code === '000000' ? '111111' : '000000' } });
    expect([wrong.code, wrong.msg]).toEqual([-1, 'The code is wrong or has expired']);
    const res = await call<Login>('POST', REGISTER, { body: { ...base, email_code: code } });
    expect(res.code).toBe(200);
    const me = await call<Details>('GET', DETAILS, { token: res.data.token });
    expect(me.data.email).toBe(email);

    // A second account cannot get a register code for that address: nothing is mailed.
    s.clock.advance(61);
    const before = s.mail.to(email).length;
    const again = await s.as(freshIp())('POST', '/api/v1/auth/send_email_code', { body: { email, purpose: 'register' } });
    expect(again.code).toBe(200);
    expect(s.mail.to(email).length).toBe(before);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const username = freshName();
    const good = { username, password: 'long-enough-1', password_confirmation: 'long-enough-1' };
    await expectBadInput(s.as(freshIp()), 'POST', REGISTER, [
      [{ password: 'long-enough-1', password_confirmation: 'long-enough-1' }, /Username is required/],
      [{ ...good, username: 42 }, /Username must be text/],
      [{ ...good, username: 'ab' }, /Username/],
      [{ ...good, username: 'has space' }, /Username/],
      [{ ...good, username: 'x'.repeat(33) }, /Username/],
      [{ ...good, password: 'short' }, /Password/],
      [{ ...good, password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) }, /Password/],
      [{ ...good, password_confirmation: 'long-enough-2' }, /Password confirmation does not match the password/],
      [{ ...good, invite_code: 'x'.repeat(33) }, /Invite code/],
      [{ ...good, email: 'not-an-email' }, /Email/],
      [{ ...good, role: 'admin' }, /"role" is not a known field/],
    ]);
    const login = await s.as(freshIp())('POST', LOGIN, { body: { username, password: 'long-enough-1' } });
    expect(login.code).toBe(-1);
  });
});

describe('login_first and login', () => {
  it('login_first checks the password without starting a session', async () => {
    const user = await register(s);
    const call = s.as(freshIp());
    const res = await call('POST', LOGIN_FIRST, { body: { username: user.username, password: user.password } });
    expect([res.code, res.data]).toEqual([200, { is_bind_google: false, must_bind_google: false }]);
    const wrong = await call('POST', LOGIN_FIRST, { body: { username: user.username, password: 'wrong-password' } });
    expect([wrong.status, wrong.code, wrong.msg]).toEqual([200, -1, 'Wrong username or password']);
  });

  it('logs in with the password, and answers a wrong password and an unknown user alike', async () => {
    const call = s.as(freshIp());
    const res = await call<Login>('POST', LOGIN, { body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(res.code).toBe(200);
    expect(Object.keys(res.data).sort()).toEqual(['avatar', 'contact_us', 'id', 'token', 'username']);
    expect(res.data).toMatchObject({ username: 'admin', avatar: illustrationFor(res.data.id) });

    const wrong = await s.as(freshIp())('POST', LOGIN, { body: { username: 'admin', password: 'not-the-password' } });
    const unknown = await s.as(freshIp())('POST', LOGIN, { body: { username: 'nobody-here', password: 'not-the-password' } });
    expect([wrong.status, wrong.code, wrong.msg, wrong.data]).toEqual([200, -1, 'Wrong username or password', null]);
    expect([unknown.status, unknown.code, unknown.msg, unknown.data]).toEqual([200, -1, 'Wrong username or password', null]);
  });

  it('refuses bad login input with 400 naming the field', async () => {
    const call = s.as(freshIp());
    const cases: [unknown, RegExp][] = [
      [{ password: 'x' }, /Username is required/],
      [{ username: 'admin' }, /Password is required/],
      [{ username: ['admin'], password: 'x' }, /Username must be text/],
      [{ username: 'admin', password: 'x'.repeat(129) }, /Password/],
      [{ username: 'admin', password: 'x', google_code: '12345' }, /Authenticator code/],
      [{ username: 'admin', password: 'x', remember: true }, /"remember" is not a known field/],
    ];
    await expectBadInput(call, 'POST', LOGIN, cases);
    await expectBadInput(call, 'POST', LOGIN_FIRST, cases.slice(0, 4));
  });

  it('limits login attempts per address (429), counting every request', async () => {
    // Requests refused for their input count too; they are cheap, so all 31 fall well inside the
    // one-minute window even on a slow machine.
    for (const path of [LOGIN, LOGIN_FIRST]) {
      const call = s.as(freshIp());
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await call('POST', path, { body: { username: `nobody${i}` } })).status);
      expect(new Set(statuses)).toEqual(new Set([400]));
      const limited = await call('POST', path, { body: { username: 'nobody', password: 'x' } });
      expect([limited.status, limited.code]).toEqual([429, 429]);
      const other = await s.as(freshIp())('POST', path, { body: { username: 'nobody', password: 'x' } });
      expect([other.status, other.code]).toEqual([200, -1]);
    }
  });
});

describe('sessions', () => {
  it('logout ends the session: the same token then gets 401', async () => {
    const user = await register(s);
    const out = await s.t.call('POST', '/api/v1/user/logout', { token: user.token });
    expect([out.status, out.code]).toEqual([200, 200]);
    const after = await s.t.call('GET', DETAILS, { token: user.token });
    expect([after.status, after.code]).toEqual([401, 401]);
  });

  it('answers 401 without a token or with an unknown one, via either header', async () => {
    const none = await s.t.call('GET', DETAILS);
    expect([none.status, none.code]).toEqual([401, 401]);
    const bogus = await s.t.call('GET', DETAILS, { token: 'not-a-token' });
    expect(bogus.status).toBe(401);
    const user = await register(s);
    const viaHeader = await s.t.call('GET', DETAILS, { headers: { token: user.token } });
    expect(viaHeader.code).toBe(200);
  });

  it('slides with use and expires after SESSION_TTL seconds unused: 401 with code 100007', async () => {
    const user = await register(s);
    s.clock.advance(200);
    expect((await s.t.call('GET', DETAILS, { token: user.token })).code).toBe(200);
    s.clock.advance(200);
    expect((await s.t.call('GET', DETAILS, { token: user.token })).code).toBe(200);
    s.clock.advance(301);
    const expired = await s.t.call('GET', DETAILS, { token: user.token });
    expect([expired.status, expired.code]).toEqual([401, 100007]);
  });

  it('a locked session answers only unlock, logout and the user details until the password unlocks it', async () => {
    const user = await register(s);
    const call = s.as(freshIp());
    expect((await call('POST', '/api/v1/user/lock', { token: user.token })).code).toBe(200);
    const me = await call<Details>('GET', DETAILS, { token: user.token });
    expect([me.code, me.data.locked]).toEqual([200, true]);
    const blocked = await call('GET', '/getPermCode', { token: user.token });
    expect([blocked.status, blocked.code]).toEqual([403, 100150]);
    const relock = await call('POST', '/api/v1/user/lock', { token: user.token });
    expect(relock.status).toBe(403);

    const wrong = await call('POST', '/api/v1/user/unlock', { token: user.token, body: { password: 'wrong-password' } });
    expect([wrong.status, wrong.code, wrong.msg]).toEqual([200, -1, 'Wrong password']);
    expect((await call('GET', '/getPermCode', { token: user.token })).status).toBe(403);
    await expectBadInput(
      call,
      'POST',
      '/api/v1/user/unlock',
      [
        [{}, /Password is required/],
        [{ password: 1 }, /Password must be text/],
        [{ password: 'x', extra: 1 }, /"extra" is not a known field/],
      ],
      user.token,
    );

    const ok = await call('POST', '/api/v1/user/unlock', { token: user.token, body: { password: user.password } });
    expect(ok.code).toBe(200);
    expect((await call('GET', '/getPermCode', { token: user.token })).status).toBe(200);
    expect((await call<Details>('GET', DETAILS, { token: user.token })).data.locked).toBe(false);

    // Logout works while locked.
    await call('POST', '/api/v1/user/lock', { token: user.token });
    expect((await call('POST', '/api/v1/user/logout', { token: user.token })).code).toBe(200);
    expect((await call('GET', DETAILS, { token: user.token })).status).toBe(401);
  });

  it('limits unlock attempts per address (429)', async () => {
    const user = await register(s);
    const call = s.as(freshIp());
    await call('POST', '/api/v1/user/lock', { token: user.token });
    let last = 0;
    for (let i = 0; i < 11; i++)
      last = (await call('POST', '/api/v1/user/unlock', { token: user.token, body: { password: 'wrong-password' } })).status;
    expect(last).toBe(429);
  });
});
