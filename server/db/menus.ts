import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from './types';
import { accessEntries, menus } from './schema';

export type MenuRow = typeof menus.$inferSelect;
export type AccessRow = typeof accessEntries.$inferSelect;

export const allMenus = (db: DbOrTx) => db.select().from(menus).orderBy(asc(menus.parent), asc(menus.order), asc(menus.id));

export async function findMenu(db: DbOrTx, id: number) {
  const [row] = await db.select().from(menus).where(eq(menus.id, id)).limit(1);
  return row ?? null;
}

export async function findMenuByName(db: DbOrTx, name: string) {
  const [row] = await db.select().from(menus).where(eq(menus.name, name)).limit(1);
  return row ?? null;
}

export async function insertMenu(db: DbOrTx, values: typeof menus.$inferInsert) {
  const [row] = await db.insert(menus).values(values).returning();
  return row;
}

/** Inserts unless the name is taken (then null). */
export async function insertMenuIfNew(db: DbOrTx, values: typeof menus.$inferInsert) {
  const [row] = await db.insert(menus).values(values).onConflictDoNothing({ target: menus.name }).returning();
  return row ?? null;
}

export async function setMenuLevel(db: DbOrTx, id: number, level: number) {
  await db.update(menus).set({ level }).where(eq(menus.id, id));
}

export async function updateMenu(db: DbOrTx, id: number, values: Partial<typeof menus.$inferInsert>) {
  const [row] = await db
    .update(menus)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(menus.id, id))
    .returning();
  return row ?? null;
}

export async function deleteMenu(db: DbOrTx, id: number) {
  const rows = await db.delete(menus).where(eq(menus.id, id)).returning({ id: menus.id });
  return rows.length > 0;
}

export async function countChildren(db: DbOrTx, id: number) {
  const [row] = await db.select({ n: count() }).from(menus).where(eq(menus.parent, id));
  return row.n;
}

export const allAccessEntries = (db: DbOrTx) => db.select().from(accessEntries).orderBy(asc(accessEntries.id));

export const accessEntriesOfMenu = (db: DbOrTx, menuId: number) =>
  db.select().from(accessEntries).where(eq(accessEntries.menuId, menuId)).orderBy(asc(accessEntries.id));

export async function findAccessEntry(db: DbOrTx, id: number) {
  const [row] = await db.select().from(accessEntries).where(eq(accessEntries.id, id)).limit(1);
  return row ?? null;
}

export async function findAccessByCode(db: DbOrTx, authCode: string) {
  const [row] = await db.select().from(accessEntries).where(eq(accessEntries.authCode, authCode)).limit(1);
  return row ?? null;
}

export async function insertAccessEntry(db: DbOrTx, values: typeof accessEntries.$inferInsert) {
  const [row] = await db.insert(accessEntries).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateAccessEntry(db: DbOrTx, id: number, values: Partial<typeof accessEntries.$inferInsert>) {
  const [row] = await db
    .update(accessEntries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accessEntries.id, id))
    .returning();
  return row ?? null;
}

export async function deleteAccessEntry(db: DbOrTx, id: number) {
  const rows = await db
    .delete(accessEntries)
    .where(and(eq(accessEntries.id, id)))
    .returning({ id: accessEntries.id });
  return rows.length > 0;
}
