import { and, count, desc, eq, gt, isNull, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from './types';
import { accounts, inviteRegistrations } from './schema';

export type InviteRegistrationRow = typeof inviteRegistrations.$inferSelect;

/** The inviter's rewarded registrations from `ip` since `since` (the daily limit per address). */
export async function countRewardedInvitesFrom(db: DbOrTx, inviterId: number, ip: string, since: Date) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(inviteRegistrations)
    .where(
      and(
        eq(inviteRegistrations.inviterId, inviterId),
        eq(inviteRegistrations.ip, ip),
        isNull(inviteRegistrations.withheldReason),
        gt(inviteRegistrations.createdAt, since),
      ),
    );
  return n;
}

export async function insertInviteRegistration(db: DbOrTx, values: typeof inviteRegistrations.$inferInsert) {
  const [row] = await db.insert(inviteRegistrations).values(values).returning();
  return row;
}

/** Records the rewards given for a registration. */
export async function setInviteRewards(db: DbOrTx, id: number, rewards: { inviterPoints: number; inviteePoints: number }) {
  const [row] = await db.update(inviteRegistrations).set(rewards).where(eq(inviteRegistrations.id, id)).returning();
  return row;
}

/**
 * Marks the first top-up reward of the invitee's rewarded registration as given, once: null when
 * there is no such registration or its reward was given before.
 */
export async function claimFirstTopUpReward(db: DbOrTx, inviteeId: number, points: number, at: Date) {
  const [claimed] = await db
    .update(inviteRegistrations)
    .set({ firstTopupPoints: points, firstTopupRewardedAt: at })
    .where(
      and(
        eq(inviteRegistrations.inviteeId, inviteeId),
        isNull(inviteRegistrations.withheldReason),
        isNull(inviteRegistrations.firstTopupRewardedAt),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** How many the inviter invited, how many of them were rewarded, and the points the inviter earned. */
export async function inviteSummary(db: DbOrTx, inviterId: number) {
  const [row] = await db
    .select({
      invited: count(),
      rewarded: sql<number>`count(*) filter (where ${inviteRegistrations.withheldReason} is null)::int`,
      earned: sum(sql`${inviteRegistrations.inviterPoints} + ${inviteRegistrations.firstTopupPoints}`).mapWith(Number),
    })
    .from(inviteRegistrations)
    .where(eq(inviteRegistrations.inviterId, inviterId));
  return { invited: row?.invited ?? 0, rewarded: row?.rewarded ?? 0, earned: row?.earned ?? 0 };
}

/** The inviter's registrations with the invitee's username, newest first. */
export async function listInvited(db: DbOrTx, inviterId: number, page: { limit: number; offset: number }) {
  return db
    .select({ reg: inviteRegistrations, username: accounts.username })
    .from(inviteRegistrations)
    .innerJoin(accounts, eq(accounts.id, inviteRegistrations.inviteeId))
    .where(eq(inviteRegistrations.inviterId, inviterId))
    .orderBy(desc(inviteRegistrations.createdAt), desc(inviteRegistrations.id))
    .limit(page.limit)
    .offset(page.offset);
}
