import { randomBytes } from 'node:crypto';
import { ResultCode } from '../../contract/codes';
import type { CaptchaImage, CaptchaScene } from '../../contract/schemas/auth';
import type { Ctx } from './context';
import { countAccountsCreatedFrom } from '../db/accounts';
import { clearFailures, countFailures, deleteFailuresBefore, insertFailures } from '../db/authFailures';
import { deleteCaptchasExpiredBefore, insertCaptcha, restoreCaptcha, takeCaptcha } from '../db/captchas';
import { countCodesRequestedFrom } from '../db/verificationCodes';
import type { DbOrTx } from '../db/connection';
import { refused } from './errors';
import { sameDigest, sha256, svgDataUrl } from './digests';

/** A captcha can be answered within this time, once. */
export const CAPTCHA_TTL_SECONDS = 5 * 60;
/** Failed logins of one account, or from one address, within the window before a captcha is due. */
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
/** Accounts registered from one address within the window before a captcha is due. */
export const REGISTRATIONS_BEFORE_CAPTCHA = 5;
export const REGISTRATION_WINDOW_SECONDS = 60 * 60;
/** E-mail and SMS codes asked for from one address within the window before a captcha is due. */
export const CODES_BEFORE_CAPTCHA = 3;
export const CODE_REQUEST_WINDOW_SECONDS = 60 * 60;

/** Who is asking: the client address, and for logins the username typed. */
export interface Asker {
  ip: string;
  username?: string;
}

export interface CaptchaFields {
  captcha_key?: string;
  captcha_code?: string;
}

const answerHash = (key: string, answer: string) => sha256(`${key}:${answer.trim().toLowerCase()}`);
const secondsAgo = (ctx: Pick<Ctx, 'now'>, seconds: number) => new Date(ctx.now().getTime() - seconds * 1000);

/** Whether the rule of `scene` demands a captcha from this asker right now. */
export async function captchaRequired(ctx: Ctx, scene: CaptchaScene, asker: Asker): Promise<boolean> {
  switch (scene) {
    case 'login': {
      const since = secondsAgo(ctx, LOGIN_FAILURE_WINDOW_SECONDS);
      if ((await countFailures(ctx.db, 'ip', asker.ip, since)) >= LOGIN_FAILURES_BEFORE_CAPTCHA) return true;
      return asker.username
        ? (await countFailures(ctx.db, 'account', asker.username.toLowerCase(), since)) >= LOGIN_FAILURES_BEFORE_CAPTCHA
        : false;
    }
    case 'register':
      return (
        (await countAccountsCreatedFrom(ctx.db, asker.ip, secondsAgo(ctx, REGISTRATION_WINDOW_SECONDS))) >= REGISTRATIONS_BEFORE_CAPTCHA
      );
    case 'send_code':
      return (await countCodesRequestedFrom(ctx.db, asker.ip, secondsAgo(ctx, CODE_REQUEST_WINDOW_SECONDS))) >= CODES_BEFORE_CAPTCHA;
  }
}

/** A new captcha picture; its answer is kept only as a hash, for CAPTCHA_TTL_SECONDS. */
export async function issueCaptcha(ctx: Ctx, scene: CaptchaScene, asker: Asker): Promise<CaptchaImage> {
  const now = ctx.now();
  await deleteCaptchasExpiredBefore(ctx.db, now);
  const { text, svg } = ctx.captcha.create();
  const key = randomBytes(18).toString('base64url');
  await insertCaptcha(ctx.db, { key, answerHash: answerHash(key, text), expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000) });
  return { key, img: svgDataUrl(svg), required: await captchaRequired(ctx, scene, asker) };
}

/** A captcha that was answered correctly; it is used up unless given back. */
export interface SolvedCaptcha {
  /** Makes it valid again: the attempt stopped half-way (second factor asked for) and goes on. */
  giveBack(): Promise<void>;
}

/**
 * When the rule of `scene` demands a captcha, checks the one sent and uses it up (whoever takes
 * it first is the only one to check it, also across processes). Refusals: 100121 none sent,
 * 100123 wrong, expired or already used. Null when no captcha was needed.
 */
export async function requireCaptcha(ctx: Ctx, scene: CaptchaScene, asker: Asker, fields: CaptchaFields): Promise<SolvedCaptcha | null> {
  if (!(await captchaRequired(ctx, scene, asker))) return null;
  const { captcha_key: key, captcha_code: code } = fields;
  if (!key || !code?.trim()) throw refused(ResultCode.CAPTCHA_REQUIRED, 'captcha.required');
  const row = await takeCaptcha(ctx.db, key);
  if (!row || row.expiresAt <= ctx.now() || !sameDigest(row.answerHash, answerHash(key, code))) {
    throw refused(ResultCode.CAPTCHA_WRONG, 'captcha.wrong');
  }
  return { giveBack: () => restoreCaptcha(ctx.db, row) };
}

/** A failed login (wrong password or second factor) counts for the account name and the address. */
export async function recordLoginFailure(ctx: Ctx, asker: Required<Asker>) {
  const at = ctx.now();
  await deleteFailuresBefore(ctx.db, secondsAgo(ctx, LOGIN_FAILURE_WINDOW_SECONDS));
  await insertFailures(ctx.db, [
    { scope: 'account', subject: asker.username.toLowerCase(), at },
    { scope: 'ip', subject: asker.ip, at },
  ]);
}

/**
 * A successful login forgets the account's failures. The address's stay until they age out, so
 * one good login cannot reset the count of an address trying many accounts.
 */
export const clearAccountFailures = (db: DbOrTx, username: string) => clearFailures(db, 'account', username.toLowerCase());
