import { createAccount, findAccountByUsername } from '../../server/domain/accounts';
import { startSession } from '../../server/domain/sessions';
import type { TestServer } from './harness';

/**
 * Test accounts with a session each. Accounts are made through the domain (there is no account
 * administration API to make them with); everything under test then goes over HTTP.
 */
export async function signIn(t: TestServer, username: string, roles: readonly string[]): Promise<string> {
  const ctx = t.server.app.ctx;
  const account = (await findAccountByUsername(ctx.db, username)) ?? (await createAccount(ctx, { username, password: 'password-1234', roles }));
  return (await startSession(ctx, account.id, { ip: '127.0.0.1', userAgent: 'vitest' })).token;
}

/** A session of the seeded administrator (roles admin and master). */
export const adminSession = (t: TestServer) => signIn(t, t.config.adminUsername, []);
