import type { Ctx } from './context';
import type { DbOrTx } from '../db/connection';
import * as q from '../db/accounts';
import { hashPassword } from './passwords';

export interface NewAccount {
  username: string;
  password: string;
  roles: readonly string[];
  email?: string | null;
  createdIp?: string | null;
  invitedBy?: number | null;
  homePath?: string;
}

/** Creates an account with its roles and welcome grant (WELCOME_POINTS), all or nothing. */
export async function createAccount(ctx: Pick<Ctx, 'db' | 'config'>, input: NewAccount) {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const account = await q.insertAccount(tx, {
      username: input.username,
      passwordHash,
      realName: input.username,
      email: input.email ?? null,
      createdIp: input.createdIp ?? null,
      invitedBy: input.invitedBy ?? null,
      homePath: input.homePath ?? '',
    });
    await q.grantRoles(tx, account.id, input.roles);
    if (ctx.config.welcomePoints > 0) await q.addPoints(tx, account.id, ctx.config.welcomePoints, 'welcome');
    return account;
  });
}

export const findAccountByUsername = (db: DbOrTx, username: string) => q.findAccountByUsername(db, username);
