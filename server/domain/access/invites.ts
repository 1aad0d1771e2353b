import type { Ctx } from '../context';
import type { DbOrTx, Tx } from '../../db/types';
import { addPoints, findAccountById, findAccountByInviteCode } from '../../db/accounts';
import * as q from '../../db/invites';
import { hasOpenSessionFrom } from '../../db/sessions';
import { invalid } from '../errors';
import { lockedBalance } from '../money/points';

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
  const inviter = normal ? await findAccountByInviteCode(db, normal) : null;
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
  const inviter = await findAccountById(tx, input.inviterId);
  const cfg = ctx.config.invite;
  const now = ctx.now();
  let reason: WithheldReason | null = null;
  if (input.ip !== null) {
    const ownSession = inviter?.createdIp === input.ip || (await hasOpenSessionFrom(tx, input.inviterId, input.ip));
    if (ownSession) reason = 'self';
    else if (cfg.dailyPerIp > 0) {
      const n = await q.countRewardedInvitesFrom(tx, input.inviterId, input.ip, new Date(now.getTime() - DAY_MS));
      if (n >= cfg.dailyPerIp) reason = 'ip_daily_limit';
    }
  }
  const row = await q.insertInviteRegistration(tx, {
    inviterId: input.inviterId,
    inviteeId: input.inviteeId,
    ip: input.ip,
    withheldReason: reason,
    createdAt: now,
  });
  if (reason) return row;
  const reference = `invite ${input.inviteCode} #${row.id}`;
  if (cfg.inviterPoints > 0) await addPoints(tx, input.inviterId, cfg.inviterPoints, 'invite_reward', reference);
  if (cfg.inviteePoints > 0) await addPoints(tx, input.inviteeId, cfg.inviteePoints, 'invite_reward', reference);
  return q.setInviteRewards(tx, row.id, { inviterPoints: cfg.inviterPoints, inviteePoints: cfg.inviteePoints });
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
  const claimed = await q.claimFirstTopUpReward(tx, inviteeId, points, ctx.now());
  if (!claimed) return 0;
  const inviter = await findAccountById(tx, claimed.inviterId);
  await addPoints(
    tx,
    claimed.inviterId,
    points,
    'invite_topup_reward',
    `invite ${inviter?.inviteCode ?? ''} #${claimed.id}, first top-up ${orderReference}`.slice(0, 200),
  );
  return points;
}

/** `alice` → `al***e`: enough for the inviter to recognise a friend, not to read the name off. */
export function maskUsername(name: string): string {
  if (name.length <= 2) return `${name[0] ?? ''}***`;
  if (name.length <= 4) return `${name[0]}***${name[name.length - 1]}`;
  return `${name.slice(0, 2)}***${name[name.length - 1]}`;
}

/** What the inviter's page shows: the summary and the list of those invited. */
export { inviteSummary, listInvited } from '../../db/invites';
