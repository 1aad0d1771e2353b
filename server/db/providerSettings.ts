import { eq } from 'drizzle-orm';
import type { DbOrTx } from './types';
import { providerLimits, providerSettings } from './schema';

export type ProviderSettingsRow = typeof providerSettings.$inferSelect;
export type ProviderLimitsRow = typeof providerLimits.$inferSelect;
type SettingsChanges = Partial<Omit<typeof providerSettings.$inferInsert, 'accountId'>>;
type LimitsChanges = Partial<Omit<typeof providerLimits.$inferInsert, 'accountId'>>;

/** The account's own model services (their addresses, models and sealed keys), or null when it set none. */
export async function findProviderSettings(db: DbOrTx, accountId: number): Promise<ProviderSettingsRow | null> {
  const [row] = await db.select().from(providerSettings).where(eq(providerSettings.accountId, accountId)).limit(1);
  return row ?? null;
}

/** The account's own throttles for its model services, or null when it set none. */
export async function findProviderLimits(db: DbOrTx, accountId: number): Promise<ProviderLimitsRow | null> {
  const [row] = await db.select().from(providerLimits).where(eq(providerLimits.accountId, accountId)).limit(1);
  return row ?? null;
}

/** Writes the fields given over the account's settings, creating its row on the first save. */
export async function saveProviderSettings(db: DbOrTx, accountId: number, changes: SettingsChanges) {
  await db
    .insert(providerSettings)
    .values({ accountId, ...changes })
    .onConflictDoUpdate({ target: providerSettings.accountId, set: changes });
}

/** Writes the limits given over the account's own, creating its row on the first save. */
export async function saveProviderLimits(db: DbOrTx, accountId: number, changes: LimitsChanges) {
  await db
    .insert(providerLimits)
    .values({ accountId, ...changes })
    .onConflictDoUpdate({ target: providerLimits.accountId, set: changes });
}
