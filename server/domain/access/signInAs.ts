import { ResultCode } from '../../../contract/codes';
import { ApiPath } from '../../../contract/paths';
import type { Ctx } from '../context';
import * as accountsDb from '../../db/accounts';
import * as q from '../../db/operatorSessions';
import { loginResultOf } from './accounts';
import { recordAdminLog } from '../system/adminLog';
import { ADMIN_ROLE } from './permissions';
import { notFound, refused } from '../errors';
import { startSession, type Authenticated, type ClientInfo } from './sessions';

/**
 * The operator signs in as a user to see what they see. The session is the user's own
 * (their menus, codes and data), marked as started by the operator: the user's session list shows
 * it, and the admin log of the user's account names both. Another operator and a disabled account
 * (or a sub-account of a disabled owner) cannot be signed in as.
 */
export async function signInAs(
  ctx: Pick<Ctx, 'db' | 'now' | 'config'>,
  operator: Pick<Authenticated, 'user'>,
  targetId: number,
  client: ClientInfo,
) {
  const target = await accountsDb.findAccountById(ctx.db, targetId);
  if (!target) throw notFound('signInAs.noAccount', { id: targetId });
  const roles = await accountsDb.roleCodesOf(ctx.db, target.id);
  if (target.id === operator.user.id || roles.some((r) => r.code === ADMIN_ROLE)) {
    throw refused(ResultCode.ERROR, 'signInAs.administrator', { username: target.username });
  }
  if (target.disabled) throw refused(ResultCode.ERROR, 'signInAs.disabled', { username: target.username });
  // Its session would only show the change-password gate, which is the user's to pass.
  if (target.mustChangePassword) throw refused(ResultCode.ERROR, 'signInAs.mustChangePassword', { username: target.username });
  if (target.ownerId !== null) {
    const owner = await accountsDb.findAccountById(ctx.db, target.ownerId);
    if (!owner || owner.disabled) throw refused(ResultCode.ERROR, 'signInAs.ownerDisabled', { username: target.username });
  }
  const { token, session } = await ctx.db.transaction(async (tx) => {
    // Not the user's login: their last login stays theirs (and the dashboard does not count it).
    const started = await startSession(ctx, target.id, client, tx, false);
    await q.insertOperatorSession(tx, {
      sessionId: started.session.id,
      operatorId: operator.user.id,
      operatorName: operator.user.username,
      at: ctx.now(),
    });
    return started;
  });
  // In the user's account's log, so its owner sees who looked (the operator's own request is logged by the http hook).
  await recordAdminLog(ctx, {
    accountId: target.ownerId ?? target.id,
    actorId: operator.user.id,
    actorName: operator.user.username,
    action: 'sign_in_as',
    method: 'POST',
    route: ApiPath.subAccountSignInAs,
    resource: 'subaccount',
    resourceId: String(target.id),
    status: 200,
    code: ResultCode.SUCCESS,
    ip: client.ip,
    userAgent: client.userAgent,
    after: { operator: operator.user.username, user: target.username, session_id: session.id },
  });
  return loginResultOf(ctx, target, token);
}

/** How many of the user's sessions the list shows. */
const LISTED_SESSIONS = 20;

/**
 * The signed-in user's latest sessions (theirs, not their owner's): where and when, whether each
 * is still open, the one asking, and the operator who started one.
 */
export async function sessionsOf(ctx: Pick<Ctx, 'db' | 'now' | 'config'>, auth: Pick<Authenticated, 'user' | 'session'>) {
  const rows = await q.latestSessionsOfAccount(ctx.db, auth.user.id, LISTED_SESSIONS);
  const now = ctx.now().getTime();
  return rows.map((row) => ({
    ...row,
    current: row.id === auth.session.id,
    open: row.endedAt === null && now - row.lastUsedAt.getTime() <= ctx.config.sessionTtl * 1000,
  }));
}

/**
 * Who the admin log names for a write made in `auth`'s session: the user, or for a session the
 * operator started, the operator acting as the user (`admin (as alice)`, the operator's id).
 */
export async function actorOfSession(ctx: Pick<Ctx, 'db'>, auth: Pick<Authenticated, 'session' | 'user'>) {
  const operator = auth.session.id > 0 ? await q.findOperatorOfSession(ctx.db, auth.session.id) : null;
  if (!operator) return { actorId: auth.user.id, actorName: auth.user.username };
  return { actorId: operator.operatorId, actorName: `${operator.operatorName} (as ${auth.user.username})` };
}
