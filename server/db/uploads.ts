import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { uploads } from './schema';

export async function insertUpload(db: DbOrTx, values: typeof uploads.$inferInsert) {
  const [row] = await db.insert(uploads).values(values).returning();
  return row;
}

/** The account's upload stored under `storedName`, or null when there is none (or it is another's). */
export async function findUploadOf(db: DbOrTx, accountId: number, storedName: string) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.storedName, storedName), eq(uploads.accountId, accountId)))
    .limit(1);
  return row ?? null;
}
