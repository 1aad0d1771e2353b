import { randomInt } from 'node:crypto';
import { ResultCode } from '../../../contract/codes';
import type { CodeSent } from '../../../contract/schemas/auth';
import type { Ctx } from '../context';
import type { DbOrTx } from '../../db/connection';
import { lockLimit } from '../../db/limitLocks';
import * as q from '../../db/verificationCodes';
import type { CodeTarget } from '../../db/verificationCodes';
import { DomainError, refused, tooMany } from '../errors';
import { sameDigest, sha256 } from '../digests';
import { holdCaptchaRule, type SolvedCaptcha } from './captcha';
import type { Language } from '../../../contract/languages';
import { message, render } from '../../i18n/messages';

export type { CodeTarget };

/** E-mail and SMS codes: six digits, valid this long, this many tries, one per target this often. */
export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_SECONDS = 60;
/** Old code rows are dropped after a day (the per-address rule looks back one hour). */
const CODE_RETENTION_MS = 24 * 60 * 60 * 1000;

const codeHash = (t: CodeTarget, code: string) => sha256(`${t.channel}:${t.target}:${t.purpose}:${code}`);

export const wrongCode = () => refused(ResultCode.ERROR, 'verification.wrongCode');

/**
 * Issues a code for `target`, asked for from `requestIp` (with `captcha` when one was solved).
 * `deliver` sends it; when it is null (the rule says this target gets no message, e.g. a password
 * reset for an unknown address) the code is still recorded, so the answer and the resend cooldown
 * are the same either way and reveal nothing. The address's captcha rule and the target's cooldown
 * are checked in the transaction that records the code, under their locks: of requests sent at
 * once, as many get a code as one after another would.
 */
export async function issueCode(
  ctx: Ctx,
  target: CodeTarget,
  requestIp: string,
  captcha: SolvedCaptcha | null,
  deliver: ((code: string) => Promise<void>) | null,
): Promise<CodeSent> {
  const now = ctx.now();
  await q.deleteCodesCreatedBefore(ctx.db, new Date(now.getTime() - CODE_RETENTION_MS));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = await ctx.db.transaction(async (tx) => {
    await holdCaptchaRule(tx, ctx, 'send_code', requestIp, captcha);
    await lockLimit(tx, 'code_target', `${target.channel}:${target.purpose}:${target.target}`);
    const last = await q.latestCode(tx, target);
    if (last) {
      const wait = Math.ceil(CODE_RESEND_SECONDS - (now.getTime() - last.createdAt.getTime()) / 1000);
      if (wait > 0) throw tooMany('verification.wait', { seconds: wait });
    }
    return q.insertCode(tx, {
      ...target,
      codeHash: codeHash(target, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      requestIp,
      at: now,
    });
  });
  if (deliver) {
    try {
      await deliver(code);
    } catch (error) {
      ctx.log.error({ err: error, channel: target.channel }, 'could not send a verification code');
      await q.deleteCode(ctx.db, row.id);
      throw new DomainError(ResultCode.SERVER_ERROR, 'verification.notSent', {}, 502);
    }
  }
  return { resend_after: CODE_RESEND_SECONDS, expires_in: CODE_TTL_SECONDS };
}

/**
 * Checks `code` against the newest open code of the target; every check uses up one of its
 * tries. Returns the code's id, to be used up with consumeCheckedCode in the caller's
 * transaction (so a refused write leaves it usable), or null when wrong, expired or out of tries.
 */
export async function checkCode(ctx: Ctx, target: CodeTarget, code: string): Promise<number | null> {
  const now = ctx.now();
  const row = await q.latestCode(ctx.db, target);
  if (!row || row.consumedAt || row.expiresAt <= now) return null;
  if (!(await q.spendAttempt(ctx.db, row.id, CODE_MAX_ATTEMPTS, now))) return null;
  return sameDigest(row.codeHash, codeHash(target, code)) ? row.id : null;
}

/** Uses the checked code up; refuses when another request used it meanwhile. */
export async function consumeCheckedCode(ctx: Pick<Ctx, 'now'>, db: DbOrTx, id: number) {
  if (!(await q.consumeCode(db, id, ctx.now()))) throw wrongCode();
}

const minutes = Math.round(CODE_TTL_SECONDS / 60);

/** What a code is for, as its message says it. */
export type CodePurpose = 'reset_password' | 'register' | 'bind_email' | 'login' | 'bind_mobile';

/** A code's mail, in the recipient's language. */
export const mailText = (language: Language, app: string, code: string, purpose: CodePurpose) => {
  const params = { app, code, minutes, purpose: message(`codePurpose.${purpose}`) };
  return { subject: render(language, message('mail.codeSubject', params)), text: render(language, message('mail.codeText', params)) };
};

/** A code's SMS, in the recipient's language. */
export const smsText = (language: Language, app: string, code: string, purpose: CodePurpose) =>
  render(language, message('mail.smsCode', { app, code, minutes, purpose: message(`codePurpose.${purpose}`) }));
