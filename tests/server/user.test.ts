import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { illustrationFor } from '../../contract/schemas/user';
import { createAccount } from '../../server/domain/access/accounts';
import { findMenuByName, insertAccessEntry, insertMenu } from '../../server/db/menus';
import { ADMIN_PASSWORD } from './harness';
import { expectBadInput, freshIp, freshName, register, startAuthServer, type AuthServer } from './authKit';

interface Details {
  userId: number;
  id: number;
  username: string;
  realName: string;
  avatar: string;
  homePath: string;
  roles: { roleName: string; value: string }[];
  isBindGoogle: boolean;
  points: number;
  email: string | null;
  mobile: string | null;
  contact_us: string;
  inviteCode: string;
  locked: boolean;
}

let s: AuthServer;
beforeAll(async () => {
  s = await startAuthServer({ CONTACT_US: 'help@example.com' });
});
afterAll(async () => s?.close());

const DETAILS = '/api/v1/user/get_user_details';
const PERM = '/getPermCode';
const PROFILE = '/api/v1/user/profile';
const PASSWORD = '/api/v1/user/password_edit';

const login = async (username: string, password: string) => {
  const res = await s.as(freshIp())<{ token: string }>('POST', '/api/v1/user/login', { body: { username, password } });
  if (res.code !== 200) throw new Error(`login failed: ${res.msg}`);
  return res.data.token;
};

describe('get_user_details', () => {
  it("answers the signed-in user's details", async () => {
    const token = await login('admin', ADMIN_PASSWORD);
    const res = await s.t.call<Details>('GET', DETAILS, { token });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      username: 'admin',
      realName: 'admin',
      avatar: illustrationFor(res.data.id),
      homePath: '',
      roles: [
        { roleName: 'Administrator', value: 'admin' },
        { roleName: 'Account owner', value: 'master' },
      ],
      isBindGoogle: false,
      points: 1000,
      email: null,
      mobile: null,
      contact_us: 'help@example.com',
      locked: false,
    });
    expect(res.data.userId).toBe(res.data.id);
  });
});

describe('getPermCode', () => {
  it('gives each role the codes under the menus it sees: admin all, master the business ones, official none', async () => {
    const ctx = s.t.server.app.ctx;
    await createAccount(ctx, { username: 'official1', password: 'official-pass-1', roles: ['official'] });
    // Entries limited to roles: one for masters under a menu everyone sees, one for officials under
    // a menu they cannot see, one under a child of a menu hidden from masters.
    const analysis = (await findMenuByName(ctx.db, 'Analysis'))!;
    const site = (await findMenuByName(ctx.db, 'Site'))!;
    const roleMenu = (await findMenuByName(ctx.db, 'Role'))!;
    const child = await insertMenu(ctx.db, {
      name: 'OpenChild',
      title: 'x',
      url: '/systems/sub/accounts/role/open',
      parent: roleMenu.id,
      level: 3,
      roles: [],
    });
    await insertAccessEntry(ctx.db, { menuId: analysis.id, name: 'Export', authCode: 'analysis:export', roles: ['master'] });
    await insertAccessEntry(ctx.db, { menuId: site.id, name: 'Audit', authCode: 'site:audit', roles: ['official'] });
    await insertAccessEntry(ctx.db, { menuId: child.id, name: 'Open', authCode: 'open:use', roles: [] });

    const codes = async (token: string) => (await s.t.call<string[]>('GET', `${PERM}?_t=1`, { token })).data;
    const admin = await codes(await login('admin', ADMIN_PASSWORD));
    expect(admin).toEqual(expect.arrayContaining(['site:add', 'site:del', 'menu:add', 'analysis:export', 'site:audit', 'open:use']));

    const master = await codes((await register(s)).token);
    expect(master).toEqual(
      expect.arrayContaining(['site:add', 'task:edit', 'article:del', 'prompt:add', 'accesskey:add', 'analysis:export']),
    );
    expect(master).not.toContain('menu:add');
    expect(master).not.toContain('site:audit');
    expect(master).not.toContain('open:use');

    expect(await codes(await login('official1', 'official-pass-1'))).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await s.t.call('GET', PERM)).status).toBe(401);
  });
});

describe('profile', () => {
  it('changes the name and avatar, and answers the new details', async () => {
    const user = await register(s);
    const res = await s.t.call<Details>('PUT', PROFILE, {
      token: user.token,
      body: { realName: '  Ada Lovelace ', avatar: '/uploads/a.png' },
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ realName: 'Ada Lovelace', avatar: '/uploads/a.png', username: user.username });
    const back = await s.t.call<Details>('PUT', PROFILE, { token: user.token, body: { avatar: '' } });
    expect(back.data.avatar).toBe(illustrationFor(back.data.id));
  });

  it('gives accounts without an avatar one of six illustrations by id, and keeps a chosen one', async () => {
    const first = await register(s);
    const second = await register(s);
    const details = (token: string) => s.t.call<Details>('GET', DETAILS, { token });
    const avatars = [(await details(first.token)).data.avatar, (await details(second.token)).data.avatar];
    expect(avatars[0]).toMatch(/^\/avatars\/[1-6]\.svg$/);
    expect(avatars[1]).toMatch(/^\/avatars\/[1-6]\.svg$/);
    expect(avatars[0]).not.toBe(avatars[1]);
    const chosen = await s.t.call<Details>('PUT', PROFILE, { token: first.token, body: { avatar: '/avatars/5.svg' } });
    expect(chosen.data.avatar).toBe('/avatars/5.svg');
    expect((await details(first.token)).data.avatar).toBe('/avatars/5.svg');
  });

  it('sets an email only with the code mailed to it, and removes it with null', async () => {
    const user = await register(s);
    const call = s.as(freshIp());
    const email = `${freshName('p')}@example.com`;
    const missing = await call('PUT', PROFILE, { token: user.token, body: { email } });
    expect([missing.status, missing.msg]).toEqual([400, 'Email code is required to change the email address']);
    await call('POST', '/api/v1/auth/send_email_code', { body: { email, purpose: 'bind_email' } });
    const code = s.mail.lastCode(email);
    const wrong = await call('PUT', PROFILE, { token: user.token, body: { email, email_code: code === '000000' ? '000001' : '000000' } });
    expect([wrong.code, wrong.msg]).toEqual([-1, 'The email code is wrong or has expired']);
    const ok = await call<Details>('PUT', PROFILE, { token: user.token, body: { email, email_code: code } });
    expect([ok.code, ok.data.email]).toEqual([200, email]);
    // The same address again needs no code; another account cannot get a code for it.
    expect((await call('PUT', PROFILE, { token: user.token, body: { email: email.toUpperCase() } })).code).toBe(200);
    const other = await register(s);
    s.clock.advance(61);
    const before = s.mail.to(email).length;
    await s.as(freshIp())('POST', '/api/v1/auth/send_email_code', { body: { email, purpose: 'bind_email' } });
    expect(s.mail.to(email).length).toBe(before);
    expect((await call('PUT', PROFILE, { token: other.token, body: { email, email_code: code } })).code).toBe(-1);

    const cleared = await call<Details>('PUT', PROFILE, { token: user.token, body: { email: null } });
    expect(cleared.data.email).toBeNull();
  });

  it('refuses an address taken by another account meanwhile (100151), keeping the rest unchanged', async () => {
    const user = await register(s);
    const email = `${freshName('race')}@example.com`;
    const mine = s.as(freshIp());
    await mine('POST', '/api/v1/auth/send_email_code', { body: { email, purpose: 'bind_email' } });
    const bindCode = s.mail.lastCode(email);
    // Meanwhile someone registers with that address.
    const theirs = s.as(freshIp());
    await theirs('POST', '/api/v1/auth/send_email_code', { body: { email, purpose: 'register' } });
    const other = await theirs('POST', '/api/v1/user/register', {
      body: {
        username: freshName(),
        password: 'long-enough-1',
        password_confirmation: 'long-enough-1',
        email,
        email_code: s.mail.lastCode(email),
      },
    });
    expect(other.code).toBe(200);

    const res = await mine('PUT', PROFILE, { token: user.token, body: { realName: 'Not Saved', email, email_code: bindCode } });
    expect([res.status, res.code, res.msg]).toEqual([200, 100151, 'This email address is used by another account']);
    const me = await mine<Details>('GET', DETAILS, { token: user.token });
    expect([me.data.email, me.data.realName]).toEqual([null, user.username]);
  });

  it('sets a mobile only with the code texted to it, atomically with the other fields', async () => {
    const user = await register(s);
    const call = s.as(freshIp());
    const mobile = '+8613912345678';
    await call('POST', '/admin/v1/system/AccountSendMsgCode', { body: { mobile, purpose: 'bind_mobile' } });
    const code = s.sms.lastCode(mobile);
    const wrong = await call('PUT', PROFILE, {
      token: user.token,
      body: { realName: 'Changed', mobile, mobile_code: code === '000000' ? '000001' : '000000' },
    });
    expect(wrong.code).toBe(-1);
    expect((await call<Details>('GET', DETAILS, { token: user.token })).data.realName).toBe(user.username);
    const ok = await call<Details>('PUT', PROFILE, { token: user.token, body: { realName: 'Changed', mobile, mobile_code: code } });
    expect([ok.code, ok.data.mobile, ok.data.realName]).toEqual([200, mobile, 'Changed']);
  });

  it('refuses bad input with 400 naming the field, changing nothing', async () => {
    const user = await register(s);
    await expectBadInput(
      s.t.call.bind(s.t),
      'PUT',
      PROFILE,
      [
        [{ realName: '' }, /Name/],
        [{ realName: 'x'.repeat(65) }, /Name/],
        [{ realName: '   ' }, /Name must not be blank/],
        [{ realName: 7 }, /Name must be text/],
        [{ email: 'not-mail' }, /Email/],
        [{ mobile: 'abc' }, /Mobile number/],
        [{ mobile: '+8613900000000' }, /SMS code is required/],
        [{ avatar: 'javascript:alert(1)' }, /Avatar/],
        [{ avatar: '//evil.example/x.png' }, /Avatar/],
        [{ avatar: `/${'x'.repeat(512)}` }, /Avatar/],
        [{ realName: 'New', username: 'root' }, /"username" is not a known field/],
      ],
      user.token,
    );
    expect((await s.t.call<Details>('GET', DETAILS, { token: user.token })).data.realName).toBe(user.username);
    expect((await s.t.call('PUT', PROFILE, { body: { realName: 'x' } })).status).toBe(401);
  });
});

describe('password_edit', () => {
  it('changes the password and ends every other session of the account', async () => {
    const user = await register(s);
    const other = await login(user.username, user.password);
    const res = await s.t.call('PUT', PASSWORD, {
      token: user.token,
      body: { old_password: user.password, new_password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' },
    });
    expect([res.status, res.code]).toEqual([200, 200]);
    expect((await s.t.call('GET', DETAILS, { token: user.token })).code).toBe(200);
    const ended = await s.t.call('GET', DETAILS, { token: other });
    expect([ended.status, ended.code]).toEqual([401, 401]);
    expect((await s.as(freshIp())('POST', '/api/v1/user/login', { body: { username: user.username, password: user.password } })).code).toBe(
      -1,
    );
    expect(await login(user.username, 'brand-new-pass-1')).toBeTruthy();
  });

  it('refuses a wrong current password and keeps everything as it was', async () => {
    const user = await register(s);
    const other = await login(user.username, user.password);
    const res = await s.t.call('PUT', PASSWORD, {
      token: user.token,
      body: { old_password: 'not-my-password', new_password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' },
    });
    expect([res.status, res.code, res.msg]).toEqual([200, -1, 'The current password is wrong']);
    expect((await s.t.call('GET', DETAILS, { token: other })).code).toBe(200);
    expect(await login(user.username, user.password)).toBeTruthy();
  });

  it('refuses bad input with 400 naming the field', async () => {
    const user = await register(s);
    const good = { old_password: user.password, new_password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' };
    await expectBadInput(
      s.t.call.bind(s.t),
      'PUT',
      PASSWORD,
      [
        [{ ...good, password_confirmation: 'brand-new-pass-2' }, /Password confirmation does not match the new password/],
        [{ new_password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' }, /Current password is required/],
        [{ ...good, new_password: 'short', password_confirmation: 'short' }, /New password/],
        [{ ...good, new_password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) }, /New password/],
        [{ ...good, old_password: 12345678 }, /Current password must be text/],
        [{ ...good, logout_others: false }, /"logout_others" is not a known field/],
      ],
      user.token,
    );
    expect(await login(user.username, user.password)).toBeTruthy();
  });
});
