import { eq } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { apps } from './schema';

export async function findApp(db: DbOrTx, appId: string) {
  const [row] = await db.select().from(apps).where(eq(apps.appId, appId)).limit(1);
  return row ?? null;
}

export async function ensureApp(db: DbOrTx, values: typeof apps.$inferInsert) {
  await db.insert(apps).values(values).onConflictDoNothing();
}
