import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { prompts } from './schema';

export type PromptRow = typeof prompts.$inferSelect;

/** A prompt the account may use: its own or a built-in one. */
export async function findUsablePrompt(db: DbOrTx, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(prompts)
    .where(and(eq(prompts.id, id), or(eq(prompts.accountId, accountId), eq(prompts.builtIn, true))))
    .limit(1);
  return row ?? null;
}

export async function listPrompts(db: DbOrTx, accountId: number, opts: { limit: number; offset: number; kind?: string }) {
  const where = and(or(eq(prompts.accountId, accountId), eq(prompts.builtIn, true)), opts.kind ? eq(prompts.kind, opts.kind) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(prompts)
      .where(where)
      .orderBy(desc(prompts.builtIn), asc(prompts.kind), desc(prompts.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(prompts)
      .where(where),
  ]);
  return { rows, total };
}

export async function builtInPrompts(db: DbOrTx) {
  return db
    .select()
    .from(prompts)
    .where(and(eq(prompts.builtIn, true), isNull(prompts.accountId)));
}

export async function insertPrompt(db: DbOrTx, values: typeof prompts.$inferInsert) {
  const [row] = await db.insert(prompts).values(values).returning();
  return row;
}

export async function updatePrompt(db: DbOrTx, id: number, values: Partial<typeof prompts.$inferInsert>) {
  const [row] = await db
    .update(prompts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(prompts.id, id))
    .returning();
  return row;
}

export async function deletePrompt(db: DbOrTx, id: number) {
  await db.delete(prompts).where(eq(prompts.id, id));
}
