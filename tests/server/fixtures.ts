import { createAccount, findAccountByUsername } from '../../server/domain/access/accounts';
import { loginAdmin, type TestServer } from './harness';

export const TEST_PASSWORD = 'password-1234';

/**
 * Logs in over HTTP as `username`, creating the account with `roles` first if needed (through the
 * domain: no API creates accounts with a chosen role). Returns the bearer token.
 */
export async function signIn(t: TestServer, username: string, roles: readonly string[]): Promise<string> {
  const ctx = t.server.app.ctx;
  if (!(await findAccountByUsername(ctx.db, username))) await createAccount(ctx, { username, password: TEST_PASSWORD, roles });
  const res = await t.call<{ token: string }>('POST', '/api/v1/user/login', { body: { username, password: TEST_PASSWORD } });
  if (res.code !== 200) throw new Error(`login as ${username} failed: ${res.code} ${res.msg}`);
  return res.data.token;
}

/** A session of the seeded administrator (roles admin and master). */
export const adminSession = (t: TestServer) => loginAdmin(t);
