import { randomInt } from 'node:crypto';
import { illustrationFor } from '../../../contract/schemas/user';
import type { LoginResult } from '../../../contract/schemas/auth';
import type { Ctx } from '../context';
import type { DbOrTx, Tx } from '../../db/connection';
import * as q from '../../db/accounts';
import type { AccountRow } from '../../db/accounts';
import { hashPassword } from './passwords';

export type { AccountRow };

export interface NewAccount {
  username: string;
  password: string;
  roles: readonly string[];
  email?: string | null;
  createdIp?: string | null;
  invitedBy?: number | null;
  homePath?: string;
}

/** Invite codes: ten characters that cannot be misread (no I, L, O, U, 0, 1); about 2^49 of them. */
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const newInviteCode = () => Array.from({ length: 10 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/** Creates an account with its roles and welcome grant (WELCOME_POINTS), all or nothing. */
export async function createAccount(ctx: Pick<Ctx, 'db' | 'config'> & Partial<Pick<Ctx, 'now'>>, input: NewAccount) {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction((tx) => insertNewAccount(tx, ctx, input, passwordHash));
}

/** The writes of createAccount, in the caller's transaction (the password already hashed). */
export async function insertNewAccount(
  tx: Tx,
  ctx: Pick<Ctx, 'config'> & Partial<Pick<Ctx, 'now'>>,
  input: Omit<NewAccount, 'password'>,
  passwordHash: string,
) {
  const at = ctx.now?.();
  const account = await q.insertAccount(tx, {
    username: input.username,
    passwordHash,
    realName: input.username,
    email: input.email ?? null,
    createdIp: input.createdIp ?? null,
    invitedBy: input.invitedBy ?? null,
    homePath: input.homePath ?? '',
    inviteCode: newInviteCode(),
    ...(at ? { createdAt: at, updatedAt: at } : {}),
  });
  await q.grantRoles(tx, account.id, input.roles);
  if (ctx.config.welcomePoints > 0) await q.addPoints(tx, account.id, ctx.config.welcomePoints, 'welcome');
  return account;
}

export const findAccountByUsername = (db: DbOrTx, username: string) => q.findAccountByUsername(db, username);

/** The avatar the console shows: the account's own (an upload or a chosen illustration), or an illustration by its id. */
export const avatarOf = (account: AccountRow) => account.avatar || illustrationFor(account.id);

/** Spec §3 "Login response", for a session just started. */
export const loginResultOf = (ctx: Pick<Ctx, 'config'>, account: AccountRow, token: string): LoginResult => ({
  token,
  id: account.id,
  username: account.username,
  avatar: avatarOf(account),
  contact_us: ctx.config.contactUs,
});

/** PostgreSQL's unique_violation, as thrown directly or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}
