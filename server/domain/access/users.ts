import { ResultCode } from '../../../contract/codes';
import type { Language } from '../../../contract/languages';
import type { PermCodes, ProfileBody, UserDetails } from '../../../contract/schemas/user';
import type { Ctx } from '../context';
import * as q from '../../db/accounts';
import type { AccountRow } from '../../db/accounts';
import { permissionTable } from '../../db/permissionTable';
import { avatarOf, isUniqueViolation } from './accounts';
import { mustBindAuthenticator } from './authenticatorPolicy';
import { emailTarget, smsTarget } from './auth';
import { forbidden, invalid, refused, unauthorized } from '../errors';
import type { Authenticated } from './sessions';
import { ADMIN_ROLE, codesHeld, heldRoles } from './permissions';
import { checkCode, consumeCheckedCode } from './verification';

/** Spec §3 "User info" for this session. */
export async function userDetails(
  ctx: Ctx,
  auth: Pick<Authenticated, 'session' | 'roles'> & { account: AccountRow; user: AccountRow },
): Promise<UserDetails> {
  const { user: account, roles } = auth;
  return {
    userId: account.id,
    id: account.id,
    username: account.username,
    realName: account.realName,
    avatar: avatarOf(account),
    homePath: account.homePath,
    roles: roles.map((r) => ({ roleName: r.name, value: r.code })),
    isBindGoogle: account.totpSecret !== null,
    // A sub-account spends its owner's points.
    points: auth.account.points,
    email: account.email,
    mobile: account.mobile,
    contact_us: ctx.config.contactUs,
    inviteCode: account.inviteCode,
    locked: auth.session.locked,
    ...(auth.account.id !== account.id ? { owner: { id: auth.account.id, username: auth.account.username } } : {}),
    mustChangePassword: account.mustChangePassword,
    mustBindAuthenticator: mustBindAuthenticator(
      ctx.config,
      account,
      roles.map((r) => r.code),
    ),
  };
}

/**
 * The permission codes of the account (spec §6, back-end mode): the access entries granted to one
 * of its roles (or to every role) under a menu it can see. The admin role holds every code.
 */
export async function permCodesOf(ctx: Pick<Ctx, 'db'>, auth: Pick<Authenticated, 'roles'>): Promise<PermCodes> {
  return [...(await heldCodes(ctx, auth))];
}

/** Refuses with 403 unless the session's roles hold `code`: for a call that does two things, each with its own permission. */
export async function requireCode(ctx: Pick<Ctx, 'db'>, auth: Pick<Authenticated, 'roles'>, code: string): Promise<void> {
  if (heldRoles(auth).has(ADMIN_ROLE)) return;
  if (!(await heldCodes(ctx, auth)).has(code)) throw forbidden('user.permissionMissing', { code });
}

/** The permission codes the session's roles hold (what a route's declared permission is checked against). */
export async function heldCodes(ctx: Pick<Ctx, 'db'>, auth: Pick<Authenticated, 'roles'>): Promise<Set<string>> {
  return codesHeld(await permissionTable(ctx.db), heldRoles(auth));
}

/** Remembers the language the user chose in the console, for the calls that name none. */
export async function setLanguage(ctx: Pick<Ctx, 'db'>, auth: Authenticated, language: Language): Promise<void> {
  await q.updateAccount(ctx.db, auth.user.id, { language });
}

const sameEmail = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * Changes the fields sent. A new email or mobile must come with the code sent to it; the codes
 * are used up in the same transaction as the change, so a refused change leaves them usable.
 */
export async function updateProfile(ctx: Ctx, auth: Authenticated, body: ProfileBody): Promise<UserDetails> {
  const account = auth.user;
  const changes: Partial<AccountRow> = {};
  const codes: number[] = [];
  if (body.realName !== undefined) {
    const realName = body.realName.trim();
    if (!realName) throw invalid('user.nameBlank');
    changes.realName = realName;
  }
  if (body.avatar !== undefined) changes.avatar = body.avatar;
  if (body.email !== undefined && !sameEmail(body.email, account.email)) {
    if (body.email !== null) {
      if (!body.email_code) throw invalid('user.emailCodeNeeded');
      const id = await checkCode(ctx, emailTarget(body.email, 'bind_email'), body.email_code);
      if (id === null) throw refused(ResultCode.ERROR, 'user.emailCodeWrong');
      codes.push(id);
    }
    changes.email = body.email === null ? null : body.email.trim();
  }
  if (body.mobile !== undefined && body.mobile !== account.mobile) {
    if (body.mobile !== null) {
      if (!body.mobile_code) throw invalid('user.mobileCodeNeeded');
      const id = await checkCode(ctx, smsTarget(body.mobile, 'bind_mobile'), body.mobile_code);
      if (id === null) throw refused(ResultCode.ERROR, 'user.mobileCodeWrong');
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
    throw refused(ResultCode.DUPLICATE, emailOwner && emailOwner.id !== account.id ? 'user.emailTaken' : 'user.mobileTaken');
  }
  const updated = await q.findAccountById(ctx.db, account.id);
  if (!updated) throw unauthorized();
  return userDetails(ctx, {
    session: auth.session,
    roles: auth.roles,
    account: auth.account.id === updated.id ? updated : auth.account,
    user: updated,
  });
}
