import { inArray } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { roles } from './schema';

export async function ensureRoles(db: DbOrTx, list: readonly { code: string; name: string }[]) {
  // Only the missing ones are inserted: an INSERT that inserts nothing still fires the
  // table's statement trigger (migration 0018), and on the embedded database the first trigger of a
  // start loads PL/pgSQL, ~50–70 ms of every restart before the server could listen.
  const existing = await existingRoleCodes(
    db,
    list.map((r) => r.code),
  );
  const missing = list.filter((r) => !existing.has(r.code));
  if (missing.length === 0) return;
  await db
    .insert(roles)
    .values(missing.map((r) => ({ ...r, builtIn: true })))
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
