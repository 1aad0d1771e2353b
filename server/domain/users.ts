import { ResultCode } from '../../contract/codes';
import type { PermCodes, ProfileBody, UserDetails } from '../../contract/schemas/user';
import type { Ctx } from './context';
import * as q from '../db/accounts';
import type { AccountRow } from '../db/accounts';
import { allAccessEntries, allMenus } from '../db/menus';
import { avatarOf, isUniqueViolation } from './accounts';
import { emailTarget, smsTarget } from './auth';
import { invalid, refused, unauthorized } from './errors';
import type { Authenticated } from './sessions';
import { ADMIN_ROLE, menuVisibility, visibleTo } from './permissions';
import { checkCode, consumeCheckedCode } from './verification';

/** Spec §3 "User info" for this session. */
export async function userDetails(ctx: Ctx, auth: Pick<Authenticated, 'session' | 'roles'> & { account: AccountRow }): Promise<UserDetails> {
  const { account, roles } = auth;
  return {
    userId: account.id,
    id: account.id,
    username: account.username,
    realName: account.realName,
    avatar: avatarOf(account),
    homePath: account.homePath,
    roles: roles.map((r) => ({ roleName: r.name, value: r.code })),
    isBindGoogle: account.totpSecret !== null,
    points: account.points,
    email: account.email,
    mobile: account.mobile,
    contact_us: ctx.config.contactUs,
    inviteCode: account.inviteCode,
    locked: auth.session.locked,
  };
}

/**
 * The permission codes of the account (spec §6, back-end mode): the access entries granted to one
 * of its roles (or to every role) under a menu it can see. The admin role holds every code.
 */
export async function permCodesOf(ctx: Ctx, accountId: number): Promise<PermCodes> {
  const held = new Set((await q.roleCodesOf(ctx.db, accountId)).map((r) => r.code));
  const entries = await allAccessEntries(ctx.db);
  if (held.has(ADMIN_ROLE)) return entries.map((e) => e.authCode);
  const visible = menuVisibility(await allMenus(ctx.db), held);
  return entries.filter((e) => visibleTo(e.roles, held) && visible(e.menuId)).map((e) => e.authCode);
}

const sameEmail = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * Changes the fields sent. A new email or mobile must come with the code sent to it; the codes
 * are used up in the same transaction as the change, so a refused change leaves them usable.
 */
export async function updateProfile(ctx: Ctx, auth: Authenticated, body: ProfileBody): Promise<UserDetails> {
  const { account } = auth;
  const changes: Partial<AccountRow> = {};
  const codes: number[] = [];
  if (body.realName !== undefined) {
    const realName = body.realName.trim();
    if (!realName) throw invalid('realName must not be blank');
    changes.realName = realName;
  }
  if (body.avatar !== undefined) changes.avatar = body.avatar;
  if (body.email !== undefined && !sameEmail(body.email, account.email)) {
    if (body.email !== null) {
      if (!body.email_code) throw invalid('email_code is required to change email');
      const id = await checkCode(ctx, emailTarget(body.email, 'bind_email'), body.email_code);
      if (id === null) throw refused(ResultCode.ERROR, 'The email code is wrong or has expired');
      codes.push(id);
    }
    changes.email = body.email === null ? null : body.email.trim();
  }
  if (body.mobile !== undefined && body.mobile !== account.mobile) {
    if (body.mobile !== null) {
      if (!body.mobile_code) throw invalid('mobile_code is required to change mobile');
      const id = await checkCode(ctx, smsTarget(body.mobile, 'bind_mobile'), body.mobile_code);
      if (id === null) throw refused(ResultCode.ERROR, 'The mobile code is wrong or has expired');
      codes.push(id);
    }
    changes.mobile = body.mobile;
  }

  try {
    await ctx.db.transaction(async (tx) => {
      for (const id of codes) await consumeCheckedCode(ctx, tx, id);
      if (Object.keys(changes).length > 0) await q.updateAccount(tx, account.id, changes);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const emailOwner = changes.email ? await q.findAccountByEmail(ctx.db, changes.email) : null;
    const taken = emailOwner && emailOwner.id !== account.id ? 'email address' : 'mobile number';
    throw refused(ResultCode.DUPLICATE, `This ${taken} is used by another account`);
  }
  const updated = await q.findAccountById(ctx.db, account.id);
  if (!updated) throw unauthorized();
  return userDetails(ctx, { session: auth.session, roles: auth.roles, account: updated });
}
