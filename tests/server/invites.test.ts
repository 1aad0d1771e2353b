import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InviteInfo, InviteList } from '../../contract/schemas/invite';
import { loginAdmin } from './harness';
import { freshIp, freshName, register, startAuthServer, type AuthServer } from './authKit';

let s: AuthServer;
beforeAll(async () => {
  s = await startAuthServer({
    WELCOME_POINTS: '1000',
    INVITE_INVITER_POINTS: '100',
    INVITE_INVITEE_POINTS: '50',
    INVITE_FIRST_TOPUP_POINTS: '30',
    INVITE_DAILY_LIMIT_PER_IP: '2',
  });
});
afterAll(async () => s?.close());

const REGISTER = '/api/v1/user/register';
interface Ledger {
  list: { delta: number; reason: string; reference: string | null }[];
  balance: number;
}

const signUp = (ip: string, invite_code: string, username = freshName()) =>
  s.as(ip)<{ token: string; id: number }>('POST', REGISTER, {
    body: { username, password: 'long-enough-1', password_confirmation: 'long-enough-1', invite_code },
  });
const ledgerOf = async (token: string) => (await s.t.call<Ledger>('GET', '/api/v1/account/points/list', { token })).data;
const infoOf = async (token: string) => (await s.t.call<InviteInfo>('GET', '/api/v1/invitereg/info', { token })).data;
const invitedOf = async (token: string) => (await s.t.call<InviteList>('GET', '/api/v1/invitereg/list', { token })).data;

describe('invite registration', () => {
  it('rewards both sides with ledger entries naming the invite; the code is taken in any case and with spaces', async () => {
    const inviter = await register(s);
    const info = await infoOf(inviter.token);
    expect(info.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(info.link).toBe(`${s.t.config.publicUrl}/login?invite=${info.code}`);
    expect(info.qr).toMatch(/^data:image\/svg\+xml/);
    expect(info.rewards).toEqual({ inviter_points: 100, invitee_points: 50, first_topup_points: 30, daily_limit_per_ip: 2 });
    const spaced = ` ${info.code.slice(0, 5).toLowerCase()} ${info.code.slice(5)} `;
    const friend = await signUp(freshIp(), spaced, 'alice_friend');
    expect(friend.code).toBe(200);

    const mine = await ledgerOf(inviter.token);
    expect(mine.balance).toBe(1100);
    expect(mine.list[0]).toMatchObject({ delta: 100, reason: 'invite_reward' });
    expect(mine.list[0].reference).toMatch(new RegExp(`^invite ${info.code} #\\d+$`));
    const theirs = await ledgerOf(friend.data.token);
    expect(theirs.balance).toBe(1050);
    expect(theirs.list[0]).toMatchObject({ delta: 50, reason: 'invite_reward', reference: mine.list[0].reference });

    expect(await infoOf(inviter.token)).toMatchObject({ invited: 1, rewarded: 1, total_earned: 100 });
    expect((await invitedOf(inviter.token)).list).toEqual([
      { id: expect.any(Number), username: 'al***d', created_at: expect.any(String), reward: 100, withheld_reason: null },
    ]);
  });

  it('refuses an unknown code on the field and creates nothing', async () => {
    const name = freshName();
    const res = await signUp(freshIp(), 'NOSUCH2345', name);
    expect([res.status, res.msg]).toEqual([400, 'Invite code: no account has this invite code']);
    const login = await s.as(freshIp())('POST', '/api/v1/user/login', { body: { username: name, password: 'long-enough-1' } });
    expect(login.code).toBe(-1);
  });

  it('withholds the reward for an account invited by itself (from the inviter\u2019s own address), and says why', async () => {
    const ip = freshIp();
    const inviter = await s.as(ip)<{ token: string }>('POST', REGISTER, {
      body: { username: freshName(), password: 'long-enough-1', password_confirmation: 'long-enough-1' },
    });
    const { code } = await infoOf(inviter.data.token);
    const second = await signUp(ip, code);
    expect(second.code).toBe(200);
    expect((await ledgerOf(second.data.token)).balance).toBe(1000);
    expect((await ledgerOf(inviter.data.token)).balance).toBe(1000);
    expect((await invitedOf(inviter.data.token)).list.map((r) => [r.reward, r.withheld_reason])).toEqual([[0, 'self']]);
  });

  it('rewards at most INVITE_DAILY_LIMIT_PER_IP registrations per inviter per address a day, even when they race', async () => {
    const inviter = await register(s);
    const { code } = await infoOf(inviter.token);
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 4 }, () => signUp(ip, code)));
    expect(results.map((r) => r.code)).toEqual([200, 200, 200, 200]);
    const balances = await Promise.all(results.map((r) => ledgerOf(r.data.token).then((l) => l.balance)));
    expect(balances.sort()).toEqual([1000, 1000, 1050, 1050]);
    expect((await ledgerOf(inviter.token)).balance).toBe(1200);
    const reasons = (await invitedOf(inviter.token)).list.map((r) => r.withheld_reason);
    expect(reasons.sort()).toEqual(['ip_daily_limit', 'ip_daily_limit', null, null]);
    // Another address is counted apart; the same address a day later is rewarded again.
    expect((await ledgerOf((await signUp(freshIp(), code)).data.token)).balance).toBe(1050);
    s.clock.advance(86_401);
    expect((await ledgerOf((await signUp(ip, code)).data.token)).balance).toBe(1050);
    expect(await infoOf(inviter.token)).toMatchObject({ invited: 6, rewarded: 4, total_earned: 400 });
  });

  it('gives the inviter the first top-up reward once, when the friend’s first paid order is credited', async () => {
    const admin = await loginAdmin(s.t);
    const pay = async (token: string) => {
      const packs = (await s.t.call<{ list: { id: number; points: number }[] }>('GET', '/api/v1/topup/package/list', { token })).data.list;
      const order = await s.t.call<{ id: number }>('POST', '/api/v1/topup/order/create', { token, body: { package_id: packs[0].id } });
      expect((await s.t.call('POST', '/api/v1/topup/order/confirm', { token: admin, body: { id: order.data.id } })).status).toBe(200);
      return order.data.id;
    };
    const inviter = await register(s);
    const { code } = await infoOf(inviter.token);
    const friend = await signUp(freshIp(), code);
    const first = await pay(friend.data.token);
    await pay(friend.data.token);
    const ledger = await ledgerOf(inviter.token);
    expect(ledger.balance).toBe(1130);
    expect(ledger.list.filter((e) => e.reason === 'invite_topup_reward')).toEqual([
      expect.objectContaining({
        delta: 30,
        reference: expect.stringMatching(new RegExp(`^invite ${code} #\\d+, first top-up order:${first}$`)),
      }),
    ]);
    expect(await infoOf(inviter.token)).toMatchObject({ total_earned: 130 });
    // Not invited: a top-up rewards nobody.
    const loner = await register(s);
    const before = (await ledgerOf(inviter.token)).balance;
    await pay(loner.token);
    expect((await ledgerOf(inviter.token)).balance).toBe(before);
  });
});
