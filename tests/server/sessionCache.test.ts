import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../contract/schemas/menu';
import type { UserDetails } from '../../contract/schemas/user';
import { findAccountByUsername } from '../../server/domain/access/accounts';
import { addPoints, grantRoles, updateAccount } from '../../server/db/accounts';
import { accountRoles, roles } from '../../server/db/schema';
import { startTestServer, type TestServer } from './harness';
import { signIn } from './fixtures';

/**
 * Every request resolves its session; on the embedded database that lookup is answered from
 * memory (db/sessions.ts). Whatever changes a session, its account or its roles must count from
 * the very next request, whichever way it was written. On PostgreSQL the same holds trivially.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const details = (token: string) => t.call<UserDetails>('GET', '/api/v1/user/get_user_details', { token });
const rootMenus = async (token: string) =>
  (await t.call<{ list: MenuItem[] }>('GET', '/admin/v1/admin-menu/list', { token })).data.list.map((m) => m.name);

/** Asks twice, so the second answer would come from memory if anything is kept. */
async function warm(token: string) {
  await details(token);
  return details(token);
}

describe('session lookups see every change at once', () => {
  it('shows a points change made in a transaction', async () => {
    const token = await signIn(t, 'cache1', ['master']);
    const before = (await warm(token)).data.points;
    const { db } = t.server.app.ctx;
    const account = (await findAccountByUsername(db, 'cache1'))!;
    await db.transaction((tx) => addPoints(tx, account.id, -7, 'test'));
    expect((await details(token)).data.points).toBe(before - 7);
  });

  it('does not keep a change that was rolled back', async () => {
    const token = await signIn(t, 'cache2', ['master']);
    const before = (await warm(token)).data.points;
    const { db } = t.server.app.ctx;
    const account = (await findAccountByUsername(db, 'cache2'))!;
    await expect(
      db.transaction(async (tx) => {
        await addPoints(tx, account.id, -5, 'test');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await details(token)).data.points).toBe(before);
  });

  it('ends a session of a disabled account, and of a logout, from the next request', async () => {
    const token = await signIn(t, 'cache3', ['master']);
    const other = await signIn(t, 'cache3', ['master']);
    expect((await warm(token)).status).toBe(200);
    expect((await warm(other)).status).toBe(200);
    const logout = await t.call('POST', '/api/v1/user/logout', { token: other });
    expect(logout.code).toBe(200);
    expect((await details(other)).status).toBe(401);
    expect((await details(token)).status).toBe(200);

    const { db } = t.server.app.ctx;
    await updateAccount(db, (await findAccountByUsername(db, 'cache3'))!.id, { disabled: true });
    expect((await details(token)).status).toBe(401);
  });

  it('applies granted and withdrawn roles from the next request, also when written as raw SQL', async () => {
    const token = await signIn(t, 'cache4', ['official']);
    expect(await rootMenus(token)).toEqual(['Dashboard']);
    const { db } = t.server.app.ctx;
    const account = (await findAccountByUsername(db, 'cache4'))!;
    await grantRoles(db, account.id, ['admin']);
    expect((await details(token)).data.roles.map((r) => r.value)).toEqual(['admin', 'official']);
    expect(await rootMenus(token)).toContain('Systems');

    const [admin] = await db.select().from(roles).where(eq(roles.code, 'admin'));
    await db.execute(
      sql`delete from ${accountRoles} where ${accountRoles.accountId} = ${account.id} and ${accountRoles.roleId} = ${admin.id}`,
    );
    expect(await rootMenus(token)).toEqual(['Dashboard']);
  });

  it('locks the session at once', async () => {
    const token = await signIn(t, 'cache5', ['master']);
    await warm(token);
    expect((await t.call('POST', '/api/v1/user/lock', { token })).code).toBe(200);
    expect((await details(token)).data.locked).toBe(true);
    expect((await t.call('GET', '/admin/v1/admin-menu/list', { token })).status).toBe(403);
  });
});
