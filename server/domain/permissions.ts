import type { Ctx } from './context';
import { roleCodesOf } from '../db/accounts';
import { forbidden } from './errors';

/** The role that runs the installation: sees every menu and administers menus and access entries. */
export const ADMIN_ROLE = 'admin';

export async function roleCodesOfAccount(ctx: Pick<Ctx, 'db'>, accountId: number): Promise<Set<string>> {
  return new Set((await roleCodesOf(ctx.db, accountId)).map((r) => r.code));
}

/** Whether something limited to `allowed` roles (empty: every role) shows to a holder of `held`. */
export const visibleTo = (allowed: readonly string[], held: ReadonlySet<string>) =>
  held.has(ADMIN_ROLE) || allowed.length === 0 || allowed.some((code) => held.has(code));

/** 403 unless the account holds the admin role. */
export async function requireAdmin(ctx: Pick<Ctx, 'db'>, accountId: number, what: string): Promise<void> {
  const held = await roleCodesOfAccount(ctx, accountId);
  if (!held.has(ADMIN_ROLE)) throw forbidden(`Only an administrator can ${what}`);
}
