import { randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { ResultCode } from '../../../contract/codes';
import type { CaptchaImage, CaptchaScene } from '../../../contract/schemas/auth';
import type { Ctx } from '../context';
import { countAccountsCreatedFrom } from '../../db/accounts';
import {
  clearNameFailures,
  countFailures,
  countFailuresAndAttempts,
  deleteFailuresBefore,
  insertAttempts,
  settleAttempts,
} from '../../db/authFailures';
import { deleteCaptchasExpiredBefore, insertCaptcha, restoreCaptcha, takeCaptcha } from '../../db/captchas';
import { countCodesRequestedFrom } from '../../db/verificationCodes';
import type { DbOrTx, Tx } from '../../db/connection';
import { lockLimit } from '../../db/limitLocks';
import { refused } from '../errors';
import { attemptEnded, nextAttemptEnd } from './loginAttemptEnds';
import { sameDigest, sha256, svgDataUrl } from '../digests';

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

/** Whether the rule of `scene` demands a captcha from this asker at `now`, as `db` shows it. */
async function captchaDue(db: DbOrTx, now: Date, scene: CaptchaScene, asker: Asker): Promise<boolean> {
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  switch (scene) {
    case 'login': {
      const since = ago(LOGIN_FAILURE_WINDOW_SECONDS);
      if ((await countFailures(db, 'ip', asker.ip, since)) >= LOGIN_FAILURES_BEFORE_CAPTCHA) return true;
      return asker.username
        ? (await countFailures(db, 'account', asker.username.toLowerCase(), since)) >= LOGIN_FAILURES_BEFORE_CAPTCHA
        : false;
    }
    case 'register':
      return (await countAccountsCreatedFrom(db, asker.ip, ago(REGISTRATION_WINDOW_SECONDS))) >= REGISTRATIONS_BEFORE_CAPTCHA;
    case 'send_code':
      return (await countCodesRequestedFrom(db, asker.ip, ago(CODE_REQUEST_WINDOW_SECONDS))) >= CODES_BEFORE_CAPTCHA;
  }
}

/** Whether the rule of `scene` demands a captcha from this asker right now. */
export const captchaRequired = (ctx: Ctx, scene: CaptchaScene, asker: Asker) => captchaDue(ctx.db, ctx.now(), scene, asker);

const captchaMissing = () => refused(ResultCode.CAPTCHA_REQUIRED, 'captcha.required');

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
  if (!key || !code?.trim()) throw captchaMissing();
  const row = await takeCaptcha(ctx.db, key);
  if (!row || row.expiresAt <= ctx.now() || !sameDigest(row.answerHash, answerHash(key, code))) {
    throw refused(ResultCode.CAPTCHA_WRONG, 'captcha.wrong');
  }
  return { giveBack: () => restoreCaptcha(ctx.db, row) };
}

/**
 * In the transaction that does what the rule of `scene` counts (creates the account, records the
 * code): takes the rule's lock for the address, then refuses (100121) when no captcha was solved
 * for this request and the rule demands one now. requireCaptcha's check before it reads without a
 * lock, so requests sent at once all pass it; this one counts them one after another.
 */
export async function holdCaptchaRule(
  tx: Tx,
  ctx: Pick<Ctx, 'now'>,
  scene: 'register' | 'send_code',
  ip: string,
  solved: SolvedCaptcha | null,
): Promise<void> {
  await lockLimit(tx, scene, ip);
  if (!solved && (await captchaDue(tx, ctx.now(), scene, { ip }))) throw captchaMissing();
}

/** A login attempt being checked: it ends failed (it counts as a failure) or passed (forgotten). */
export interface LoginAttempt {
  failed(): Promise<void>;
  passed(): Promise<void>;
}

/** An attempt being checked for longer than this (its process died) no longer holds a place. */
const ATTEMPT_STALE_SECONDS = 60;
/** How long an attempt waits for the ones being checked before it to end. */
const ATTEMPT_WAIT_MS = 10_000;
/**
 * An attempt of this process ending wakes the waiting ones at once; one ending in another process
 * (PostgreSQL shared by several), or going stale, is seen when they look again after this.
 */
const ATTEMPT_LOOK_AGAIN_MS = 1_000;

/**
 * Starts a login attempt before its password is checked. Each attempt being checked holds one of
 * the failures the rule allows, so of the attempts sent at once only as many are checked as could
 * fail before a captcha is due. When the failures and the attempts being checked fill the allowance,
 * the attempt waits for those to end (a right password frees its place) instead of asking for a
 * captcha that the failures may never make due. With a solved captcha, it is checked at once.
 */
export async function startLoginAttempt(ctx: Ctx, asker: Required<Asker>, solved: SolvedCaptcha | null): Promise<LoginAttempt> {
  const accountName = asker.username.toLowerCase();
  const subjects = [
    { scope: 'ip', subject: asker.ip },
    { scope: 'account', subject: accountName },
  ] as const;
  await deleteFailuresBefore(ctx.db, secondsAgo(ctx, LOGIN_FAILURE_WINDOW_SECONDS));
  // The wait is measured by a timer of its own: how long a person waits, whatever the domain's clock says.
  const waited = new AbortController();
  const givenUp = setTimeout(ATTEMPT_WAIT_MS, true, { signal: waited.signal }).catch(() => false);
  try {
    for (;;) {
      const ended = nextAttemptEnd(ctx.db);
      const ids = await ctx.db.transaction(async (tx) => {
        for (const { scope, subject } of subjects) await lockLimit(tx, `login_${scope}`, subject);
        if (!solved) {
          let undecided = false;
          for (const { scope, subject } of subjects) {
            const { failures, checking } = await countFailuresAndAttempts(
              tx,
              scope,
              subject,
              secondsAgo(ctx, LOGIN_FAILURE_WINDOW_SECONDS),
              secondsAgo(ctx, ATTEMPT_STALE_SECONDS),
            );
            if (failures >= LOGIN_FAILURES_BEFORE_CAPTCHA) throw captchaMissing();
            if (failures + checking >= LOGIN_FAILURES_BEFORE_CAPTCHA) undecided = true;
          }
          if (undecided) return null;
        }
        const at = ctx.now();
        return insertAttempts(
          tx,
          subjects.map((s) => ({ ...s, accountName, at })),
        );
      });
      if (ids) {
        const end = (failedAt: Date | null) => settleAttempts(ctx.db, ids, failedAt).finally(() => attemptEnded(ctx.db));
        return { failed: () => end(ctx.now()), passed: () => end(null) };
      }
      // The attempts being checked still decide whether a captcha is due: asked for one if they take too long.
      const lookAgain = setTimeout(ATTEMPT_LOOK_AGAIN_MS, false, { signal: waited.signal }).catch(() => false);
      if (await Promise.race([givenUp, ended.then(() => false), lookAgain])) throw captchaMissing();
    }
  } finally {
    waited.abort();
  }
}

/**
 * A successful login forgets the failures on the account name, and the failures from this address
 * on that same name: those were the owner's own mistypes, now proven. The address's failures on
 * other names stay until they age out, so an address trying many accounts cannot reset its count
 * by signing in to one of its own.
 */
export const clearLoginFailures = (db: DbOrTx, username: string, ip: string | null) => clearNameFailures(db, username.toLowerCase(), ip);
