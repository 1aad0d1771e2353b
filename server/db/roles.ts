import type { DbOrTx } from './connection';
import { roles } from './schema';

export async function ensureRoles(db: DbOrTx, list: readonly { code: string; name: string }[]) {
  await db.insert(roles).values(list.map((r) => ({ ...r, builtIn: true }))).onConflictDoNothing();
}
