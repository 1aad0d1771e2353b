import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../contract/codes';
import { freshIp, register, startAuthServer, type AuthServer } from './authKit';

const LOGIN = '/api/v1/user/login';
const DETAILS = '/api/v1/user/get_user_details';

let s: AuthServer;
beforeAll(async () => {
  s = await startAuthServer({ ONE_SESSION_PER_USER: '1' });
}, 120_000);
afterAll(() => s?.close());

describe('one session per user', () => {
  it('a new sign-in ends the older session, whose calls get the repeat-login code and message', async () => {
    const user = await register(s);
    const second = await s.as(freshIp())<{ token: string }>('POST', LOGIN, { body: { username: user.username, password: user.password } });
    expect(second.code).toBe(200);

    const older = await s.t.call('GET', DETAILS, { token: user.token, headers: { 'accept-language': 'zh-CN' } });
    expect([older.status, older.code, older.msg]).toEqual([
      401,
      ResultCode.REPEAT_LOGIN,
      '您的账号已在其他地方登录，当前会话已结束，请重新登录',
    ]);
    expect((await s.t.call('GET', DETAILS, { token: second.data.token })).code).toBe(200);
  });

  it('a logout is still a plain end, and other accounts keep their sessions', async () => {
    const user = await register(s);
    const other = await register(s);
    await s.t.call('POST', '/api/v1/user/logout', { token: user.token });
    expect((await s.t.call('GET', DETAILS, { token: user.token })).code).toBe(ResultCode.UNAUTHORIZED);
    expect((await s.t.call('GET', DETAILS, { token: other.token })).code).toBe(200);
  });
});
