import { inArray } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { roles } from './schema';

export async function ensureRoles(db: DbOrTx, list: readonly { code: string; name: string }[]) {
  await db
    .insert(roles)
    .values(list.map((r) => ({ ...r, builtIn: true })))
    .onConflictDoNothing();
}

/** Which of `codes` name an existing role. */
export async function existingRoleCodes(db: DbOrTx, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: roles.code })
    .from(roles)
    .where(inArray(roles.code, [...codes]));
  return new Set(rows.map((r) => r.code));
}
