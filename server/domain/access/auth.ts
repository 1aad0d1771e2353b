import { ResultCode } from '../../../contract/codes';
import type {
  LoginBody,
  LoginFirstBody,
  LoginFirstResult,
  LoginResult,
  PasswordEditBody,
  RegisterBody,
} from '../../../contract/schemas/auth';
import type { Ctx } from '../context';
import * as q from '../../db/accounts';
import type { Tx } from '../../db/connection';
import type { AccountRow } from '../../db/accounts';
import { insertNewAccount, isUniqueViolation, loginResultOf } from './accounts';
import { clearLoginFailures, holdCaptchaRule, requireCaptcha, startLoginAttempt, type LoginAttempt, type SolvedCaptcha } from './captcha';
import { invalid, refused } from '../errors';
import { hashPassword, verifyPassword } from './passwords';
import { endOtherSessions, endSession, setSessionLocked, startSession, type Authenticated, type ClientInfo } from './sessions';
import { secondFactorWrong, totpStep } from './totp';
import { checkCode, consumeCheckedCode, wrongCode } from './verification';
import { inviterOf, recordInvite } from './invites';
import { mustBindAuthenticator } from './authenticatorPolicy';
import type { Language } from '../../../contract/languages';

/** Every self-registered account is an account owner (spec §6: master sees every business menu). */
export const REGISTERED_ROLE = 'master';

export interface Client extends ClientInfo {
  ip: string;
  /** The language the caller reads (a message sent on its behalf, when the recipient has none of their own). */
  language: Language;
}

export const wrongCredentials = () => refused(ResultCode.ERROR, 'auth.wrongCredentials');

/** Checked instead of a real hash for unknown usernames, so the answer takes as long either way. */
let decoyHash: Promise<string> | null = null;

async function checkCredentials(ctx: Ctx, username: string, password: string): Promise<AccountRow | null> {
  const account = await q.findAccountByUsername(ctx.db, username);
  if (!account) {
    decoyHash ??= hashPassword('no account has this password');
    await verifyPassword(await decoyHash, password);
    return null;
  }
  return (await verifyPassword(account.passwordHash, password)) ? account : null;
}

/**
 * The password step of login_first and login: the captcha when the failure rule demands it,
 * then the credentials, checked as an attempt that holds its place in the failure count until the
 * caller ends it (requests sent at once cannot try more passwords, or second factors, than the rule
 * allows). A wrong password counts as a failure for the name and the address.
 */
async function passwordStep(
  ctx: Ctx,
  body: LoginFirstBody,
  client: Client,
): Promise<{ account: AccountRow; captcha: SolvedCaptcha | null; attempt: LoginAttempt }> {
  const asker = { ip: client.ip, username: body.username };
  const captcha = await requireCaptcha(ctx, 'login', asker, body);
  const attempt = await startLoginAttempt(ctx, asker, captcha);
  const account = await checkCredentials(ctx, body.username, body.password).catch(async (error: unknown) => {
    await attempt.passed();
    throw error;
  });
  if (!account) {
    await attempt.failed();
    throw wrongCredentials();
  }
  if (account.disabled) {
    await attempt.passed();
    throw refused(ResultCode.ERROR, 'auth.accountDisabled');
  }
  return { account, captcha, attempt };
}

/**
 * Checks the password only and says whether the second factor will be asked for. No session.
 * The captcha (when one was due) stays valid for the login call that follows.
 */
export async function loginFirst(ctx: Ctx, body: LoginFirstBody, client: Client): Promise<LoginFirstResult> {
  const { account, captcha, attempt } = await passwordStep(ctx, body, client);
  await attempt.passed();
  await captcha?.giveBack();
  const roles = (await q.roleCodesOf(ctx.db, account.id)).map((role) => role.code);
  return { is_bind_google: account.totpSecret !== null, must_bind_google: mustBindAuthenticator(ctx.config, account, roles) };
}

/**
 * Password, then the authenticator code when one is bound: 100020 when it is missing (the
 * captcha stays valid for the retry with the code), 100124 when it is wrong or replayed (a failure).
 */
export async function login(ctx: Ctx, body: LoginBody, client: Client): Promise<LoginResult> {
  const { account, captcha, attempt } = await passwordStep(ctx, body, client);
  const secret = account.totpSecret;
  if (secret && !body.google_code) {
    await attempt.passed();
    await captcha?.giveBack();
    throw refused(ResultCode.SECOND_FACTOR_REQUIRED, 'auth.secondFactorRequired');
  }
  const step = secret && body.google_code ? totpStep(secret, body.google_code, ctx.now()) : null;
  let token: string | null;
  try {
    token = secret && step === null ? null : await openSession(ctx, account, client, step);
  } catch (error) {
    await attempt.passed();
    throw error;
  }
  if (token === null) {
    await attempt.failed();
    throw secondFactorWrong();
  }
  await attempt.passed();
  return loginResultOf(ctx, account, token);
}

/**
 * Starts a session (and, for a second factor, uses up its step: a replay gets null), and forgets
 * the login failures on the account's name (see clearLoginFailures), in one transaction.
 */
export async function openSession(
  ctx: Ctx,
  account: AccountRow,
  client: ClientInfo,
  totpStepUsed: number | null,
  extra?: (tx: Tx) => Promise<void>,
) {
  return ctx.db.transaction(async (tx) => {
    if (totpStepUsed !== null && !(await q.claimTotpStep(tx, account.id, totpStepUsed))) return null;
    await extra?.(tx);
    const { token } = await startSession(ctx, account.id, client, tx);
    await clearLoginFailures(tx, account.username, client.ip);
    return token;
  });
}

/**
 * A new account owner, logged in at once. `invite_code` must be another account's invite code;
 * `email` needs the code sent to it (purpose `register`). Captcha after REGISTRATIONS_BEFORE_CAPTCHA
 * accounts from one address within the hour.
 */
export async function register(ctx: Ctx, body: RegisterBody, client: Client): Promise<LoginResult> {
  if (body.password !== body.password_confirmation) throw invalid('auth.passwordMismatch');
  if (body.email && !body.email_code) throw invalid('auth.emailCodeNeeded');
  if (body.email_code && !body.email) throw invalid('auth.emailNeeded');
  const captcha = await requireCaptcha(ctx, 'register', { ip: client.ip }, body);

  const usernameTaken = () => refused(ResultCode.DUPLICATE, 'auth.usernameTaken', { username: body.username });
  if (await q.findAccountByUsername(ctx.db, body.username)) throw usernameTaken();
  // Invite code: spaces and case do not matter; an unknown one is a 400 on the field.
  const inviter = body.invite_code?.trim() ? await inviterOf(ctx.db, body.invite_code) : null;
  const invitedBy = inviter?.id ?? null;
  const codeId = body.email && body.email_code ? await checkCode(ctx, emailTarget(body.email, 'register'), body.email_code) : null;
  if (body.email && codeId === null) throw wrongCode();

  const passwordHash = await hashPassword(body.password);
  try {
    const created = await ctx.db.transaction(async (tx) => {
      await holdCaptchaRule(tx, ctx, 'register', client.ip, captcha);
      if (codeId !== null) await consumeCheckedCode(ctx, tx, codeId);
      const account = await insertNewAccount(
        tx,
        ctx,
        { username: body.username, roles: [REGISTERED_ROLE], email: body.email ?? null, createdIp: client.ip, invitedBy },
        passwordHash,
      );
      if (inviter)
        await recordInvite(tx, ctx, { inviterId: inviter.id, inviteCode: inviter.inviteCode, inviteeId: account.id, ip: client.ip });
      const { token } = await startSession(ctx, account.id, client, tx);
      return { account, token };
    });
    return loginResultOf(ctx, created.account, created.token);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (await q.findAccountByUsername(ctx.db, body.username)) throw usernameTaken();
    throw refused(ResultCode.DUPLICATE, 'auth.emailTaken');
  }
}

export const emailTarget = (email: string, purpose: string) => ({ channel: 'mail' as const, target: email.trim().toLowerCase(), purpose });
export const smsTarget = (mobile: string, purpose: string) => ({ channel: 'sms' as const, target: mobile, purpose });

/** Ends this session: its token gets 401 from now on. */
export const logout = (ctx: Ctx, auth: Authenticated) => endSession(ctx, auth.session.id);

/** Locks this session: until unlocked, only unlock, logout and the user details are answered. */
export const lockSession = (ctx: Ctx, auth: Authenticated) => setSessionLocked(ctx, auth.session.id, true);

/** Unlocks this session with the account's password. */
export async function unlockSession(ctx: Ctx, auth: Authenticated, password: string) {
  if (!(await verifyPassword(auth.user.passwordHash, password))) throw refused(ResultCode.ERROR, 'auth.wrongPassword');
  await setSessionLocked(ctx, auth.session.id, false);
}

/** A new password, given the current one; every other session of the account ends. */
export async function changePassword(ctx: Ctx, auth: Authenticated, body: PasswordEditBody) {
  if (body.new_password !== body.password_confirmation) throw invalid('auth.newPasswordMismatch');
  if (!(await verifyPassword(auth.user.passwordHash, body.old_password))) throw refused(ResultCode.ERROR, 'auth.wrongCurrentPassword');
  const passwordHash = await hashPassword(body.new_password);
  await ctx.db.transaction(async (tx) => {
    await q.updateAccount(tx, auth.user.id, { passwordHash, mustChangePassword: false });
    await endOtherSessions(ctx, auth.user.id, auth.session.id, tx);
  });
}
