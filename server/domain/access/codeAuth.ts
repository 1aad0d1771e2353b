import { ResultCode } from '../../../contract/codes';
import type {
  CodeSent,
  LoginMobileBody,
  LoginResult,
  ResetPasswordBody,
  SendEmailCodeBody,
  SendSmsCodeBody,
} from '../../../contract/schemas/auth';
import { isLanguage, type Language } from '../../../contract/languages';
import type { Ctx } from '../context';
import * as q from '../../db/accounts';
import { loginResultOf } from './accounts';
import { emailTarget, openSession, smsTarget, type Client } from './auth';
import { clearLoginFailures, requireCaptcha } from './captcha';
import { invalid, refused } from '../errors';
import { hashPassword } from './passwords';
import { endOtherSessions } from './sessions';
import { secondFactorWrong, totpStep } from './totp';
import { checkCode, consumeCheckedCode, issueCode, mailText, smsText, wrongCode } from './verification';

/** Whom a code goes to reads it in their account's language, else in the language of the request that asked for it. */
const recipientLanguage = (owner: { language: string | null } | null, client: Client): Language =>
  isLanguage(owner?.language) ? owner.language : client.language;

/**
 * Sends an e-mail code. The answer never says whether an account has the address: a reset code
 * is mailed only when one has it, a `register` or `bind_email` code only when none has it, and
 * the answer (and the resend cooldown) is the same either way. Captcha after CODES_BEFORE_CAPTCHA
 * codes from one address within the hour. The mail is in the account's language, else the caller's.
 */
export async function sendEmailCode(ctx: Ctx, body: SendEmailCodeBody, client: Client): Promise<CodeSent> {
  const captcha = await requireCaptcha(ctx, 'send_code', { ip: client.ip }, body);
  const owner = await q.findAccountByEmail(ctx.db, body.email.trim());
  const deliverable = body.purpose === 'reset_password' ? owner !== null && !owner.disabled : owner === null;
  const to = body.email.trim();
  return issueCode(
    ctx,
    emailTarget(to, body.purpose),
    client.ip,
    captcha,
    deliverable
      ? (code) => ctx.mail.send({ to, ...mailText(recipientLanguage(owner, client), ctx.config.appName, code, body.purpose) })
      : null,
  );
}

/** Sets a new password with a code mailed to the account's address; every session of the account ends. */
export async function resetPassword(ctx: Ctx, body: ResetPasswordBody) {
  if (body.password !== body.password_confirmation) throw invalid('auth.passwordMismatch');
  const codeId = await checkCode(ctx, emailTarget(body.email, 'reset_password'), body.code);
  const account = codeId === null ? null : await q.findAccountByEmail(ctx.db, body.email.trim());
  if (codeId === null || !account) throw wrongCode();
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    await consumeCheckedCode(ctx, tx, codeId);
    await q.updateAccount(tx, account.id, { passwordHash });
    await endOtherSessions(ctx, account.id, undefined, tx);
    await clearLoginFailures(tx, account.username, null);
  });
}

/**
 * Sends an SMS code: for `login` only when an account has the number, for `bind_mobile` only
 * when none has it; the answer is the same either way. The text is in the account's language, else the caller's.
 */
export async function sendSmsCode(ctx: Ctx, body: SendSmsCodeBody, client: Client): Promise<CodeSent> {
  const captcha = await requireCaptcha(ctx, 'send_code', { ip: client.ip }, body);
  const purpose = body.purpose ?? 'login';
  const owner = await q.findAccountByMobile(ctx.db, body.mobile);
  const deliverable = purpose === 'login' ? owner !== null && !owner.disabled : owner === null;
  return issueCode(
    ctx,
    smsTarget(body.mobile, purpose),
    client.ip,
    captcha,
    deliverable
      ? (code) =>
          ctx.sms.send({ to: body.mobile, subject: '', text: smsText(recipientLanguage(owner, client), ctx.config.appName, code, purpose) })
      : null,
  );
}

/**
 * Logs in with an SMS code sent to the account's mobile. An unknown number gets the same refusal
 * as a wrong code (no code was sent to it). An account with an authenticator also needs its code
 * (100020 / 100124), so a phone alone does not bypass the second factor; the SMS code stays
 * usable for that retry (within its tries).
 */
export async function loginMobile(ctx: Ctx, body: LoginMobileBody, client: Client): Promise<LoginResult> {
  const codeId = await checkCode(ctx, smsTarget(body.mobile, 'login'), body.code);
  const account = codeId === null ? null : await q.findAccountByMobile(ctx.db, body.mobile);
  if (codeId === null || !account) throw wrongCode();
  if (account.disabled) throw refused(ResultCode.ERROR, 'auth.accountDisabled');
  let step: number | null = null;
  if (account.totpSecret) {
    if (!body.google_code) throw refused(ResultCode.SECOND_FACTOR_REQUIRED, 'auth.secondFactorRequired');
    step = totpStep(account.totpSecret, body.google_code, ctx.now());
    if (step === null) throw secondFactorWrong();
  }
  const token = await openSession(ctx, account, client, step, (tx) => consumeCheckedCode(ctx, tx, codeId));
  if (token === null) throw secondFactorWrong();
  return loginResultOf(ctx, account, token);
}
