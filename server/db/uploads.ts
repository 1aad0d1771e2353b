import type { DbOrTx } from './connection';
import { uploads } from './schema';

export async function insertUpload(db: DbOrTx, values: typeof uploads.$inferInsert) {
  const [row] = await db.insert(uploads).values(values).returning();
  return row;
}
