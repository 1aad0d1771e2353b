import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, register, startAuthServer, totpCode, type AuthServer } from './authKit';

const LOGIN_FIRST = '/api/v1/user/login_first';
const DETAILS = '/api/v1/user/get_user_details';
const SECRET = '/admin/v1/google_captcha';
const BIND = '/api/v1/user/bind_google_captcha';
// A route that needs a permission code (not just a session).
const SITE_ADD = '/api/v1/site/add';

let s: AuthServer;
beforeAll(async () => {
  // The operator requires an authenticator of account owners.
  s = await startAuthServer({ AUTHENTICATOR_REQUIRED_ROLES: 'master' });
}, 120_000);
afterAll(() => s?.close());

describe('an authenticator the operator requires', () => {
  it('login_first says it must be bound; until it is, only binding (and the other signed-in calls) are open', async () => {
    const user = await register(s);
    const first = await s.as(freshIp())('POST', LOGIN_FIRST, { body: { username: user.username, password: user.password } });
    expect(first.data).toEqual({ is_bind_google: false, must_bind_google: true });
    expect((await s.t.call<{ mustBindAuthenticator: boolean }>('GET', DETAILS, { token: user.token })).data.mustBindAuthenticator).toBe(
      true,
    );
    const refused = await s.t.call('POST', SITE_ADD, { token: user.token, body: {}, headers: { 'accept-language': 'zh-CN' } });
    expect([refused.status, refused.msg]).toEqual([403, '您的账号须使用身份验证器：请先完成绑定']);

    const { data } = await s.t.call<{ secret: string }>('GET', SECRET, { token: user.token });
    const bound = await s.t.call('POST', BIND, { token: user.token, body: { secret: data.secret, code: totpCode(data.secret, s.clock) } });
    expect(bound.code).toBe(200);
    // Past the gate: the empty body is what is refused now.
    expect((await s.t.call('POST', SITE_ADD, { token: user.token, body: {} })).status).toBe(400);
    const again = await s.as(freshIp())('POST', LOGIN_FIRST, { body: { username: user.username, password: user.password } });
    expect(again.data).toEqual({ is_bind_google: true, must_bind_google: false });
  });
});
