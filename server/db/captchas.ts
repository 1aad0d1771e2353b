import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { captchas } from './schema';

export type CaptchaRow = typeof captchas.$inferSelect;

export async function insertCaptcha(db: DbOrTx, values: CaptchaRow) {
  await db.insert(captchas).values(values);
}

/** Removes the captcha and returns it: whoever gets the row is the only one to check it. */
export async function takeCaptcha(db: DbOrTx, key: string) {
  const [row] = await db.delete(captchas).where(eq(captchas.key, key)).returning();
  return row ?? null;
}

export async function restoreCaptcha(db: DbOrTx, row: CaptchaRow) {
  await db.insert(captchas).values(row).onConflictDoNothing();
}

export async function deleteCaptchasExpiredBefore(db: DbOrTx, before: Date) {
  await db.delete(captchas).where(lt(captchas.expiresAt, before));
}
