import { and, count, desc, eq, gt, isNull, sql, sum } from 'drizzle-orm';
import type { Ctx } from './context';
import type { DbOrTx, Tx } from '../db/connection';
import { addPoints } from '../db/accounts';
import { accounts, inviteRegistrations, sessions } from '../db/schema';
import { invalid } from './errors';
import { lockedBalance } from './points';

/**
 * Invite registration. An account registered with another's invite code is recorded
 * in invite_registrations; the rewards of configuration (INVITE_*) go to both as ledger entries
 * naming the invite, in the registration's transaction, unless withheld:
 * - `self`: the new account registers from an address the inviter uses (where the inviter
 *   registered, or an open session of the inviter): an account invited by itself;
 * - `ip_daily_limit`: the inviter already had INVITE_DAILY_LIMIT_PER_IP rewarded registrations
 *   from that address in the last 24 hours.
 * The registration succeeds either way. The inviter's account row is locked first, so concurrent
 * registrations with one code are counted one after another.
 */

export type WithheldReason = 'self' | 'ip_daily_limit';

/** Spaces anywhere and case do not matter: `abcd efgh 23` is `ABCDEFGH23`. */
export const normaliseInviteCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

/** The inviter an invite code names, or 400 on the `invite_code` field. */
export async function inviterOf(db: DbOrTx, code: string) {
  const normal = normaliseInviteCode(code);
  const [inviter] = normal ? await db.select().from(accounts).where(eq(accounts.inviteCode, normal)).limit(1) : [];
  if (!inviter || inviter.disabled) throw invalid('invite.unknownCode');
  return inviter;
}

const DAY_MS = 86_400_000;

/** Records the invite of a just-created account and gives the rewards, in the registration's transaction. */
export async function recordInvite(
  tx: Tx,
  ctx: Pick<Ctx, 'config' | 'now'>,
  input: { inviterId: number; inviteCode: string; inviteeId: number; ip: string | null },
) {
  await lockedBalance(tx, input.inviterId);
  const [inviter] = await tx.select({ createdIp: accounts.createdIp }).from(accounts).where(eq(accounts.id, input.inviterId));
  const cfg = ctx.config.invite;
  const now = ctx.now();
  let reason: WithheldReason | null = null;
  if (input.ip !== null) {
    const ownSession =
      inviter?.createdIp === input.ip ||
      (
        await tx
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.accountId, input.inviterId), eq(sessions.ip, input.ip), isNull(sessions.endedAt)))
          .limit(1)
      ).length > 0;
    if (ownSession) reason = 'self';
    else if (cfg.dailyPerIp > 0) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(inviteRegistrations)
        .where(
          and(
            eq(inviteRegistrations.inviterId, input.inviterId),
            eq(inviteRegistrations.ip, input.ip),
            isNull(inviteRegistrations.withheldReason),
            gt(inviteRegistrations.createdAt, new Date(now.getTime() - DAY_MS)),
          ),
        );
      if (n >= cfg.dailyPerIp) reason = 'ip_daily_limit';
    }
  }
  const [row] = await tx
    .insert(inviteRegistrations)
    .values({ inviterId: input.inviterId, inviteeId: input.inviteeId, ip: input.ip, withheldReason: reason, createdAt: now })
    .returning();
  if (reason) return row;
  const reference = `invite ${input.inviteCode} #${row.id}`;
  if (cfg.inviterPoints > 0) await addPoints(tx, input.inviterId, cfg.inviterPoints, 'invite_reward', reference);
  if (cfg.inviteePoints > 0) await addPoints(tx, input.inviteeId, cfg.inviteePoints, 'invite_reward', reference);
  const [updated] = await tx
    .update(inviteRegistrations)
    .set({ inviterPoints: cfg.inviterPoints, inviteePoints: cfg.inviteePoints })
    .where(eq(inviteRegistrations.id, row.id))
    .returning();
  return updated;
}

/**
 * The hook for top-ups: call it in the transaction that credits an account's first paid top-up.
 * When the account was invited with its reward given, and INVITE_FIRST_TOPUP_POINTS is set, the
 * inviter gets those points once (a ledger entry naming the invite and the order). Returns the
 * points given (0 when none).
 */
export async function rewardFirstTopUp(
  tx: Tx,
  ctx: Pick<Ctx, 'config' | 'now'>,
  inviteeId: number,
  orderReference: string,
): Promise<number> {
  const points = ctx.config.invite.firstTopupPoints;
  if (points <= 0) return 0;
  const [claimed] = await tx
    .update(inviteRegistrations)
    .set({ firstTopupPoints: points, firstTopupRewardedAt: ctx.now() })
    .where(
      and(
        eq(inviteRegistrations.inviteeId, inviteeId),
        isNull(inviteRegistrations.withheldReason),
        isNull(inviteRegistrations.firstTopupRewardedAt),
      ),
    )
    .returning();
  if (!claimed) return 0;
  const [inviter] = await tx.select({ code: accounts.inviteCode }).from(accounts).where(eq(accounts.id, claimed.inviterId));
  await addPoints(
    tx,
    claimed.inviterId,
    points,
    'invite_topup_reward',
    `invite ${inviter?.code ?? ''} #${claimed.id}, first top-up ${orderReference}`.slice(0, 200),
  );
  return points;
}

/** `alice` → `al***e`: enough for the inviter to recognise a friend, not to read the name off. */
export function maskUsername(name: string): string {
  if (name.length <= 2) return `${name[0] ?? ''}***`;
  if (name.length <= 4) return `${name[0]}***${name[name.length - 1]}`;
  return `${name.slice(0, 2)}***${name[name.length - 1]}`;
}

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

export async function listInvited(db: DbOrTx, inviterId: number, page: { limit: number; offset: number }) {
  const rows = await db
    .select({ reg: inviteRegistrations, username: accounts.username })
    .from(inviteRegistrations)
    .innerJoin(accounts, eq(accounts.id, inviteRegistrations.inviteeId))
    .where(eq(inviteRegistrations.inviterId, inviterId))
    .orderBy(desc(inviteRegistrations.createdAt), desc(inviteRegistrations.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows;
}
