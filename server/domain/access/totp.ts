import { Secret, TOTP } from 'otpauth';
import { ResultCode } from '../../../contract/codes';
import type { GoogleSecret } from '../../../contract/schemas/auth';
import type { Ctx } from '../context';
import type { AccountRow } from '../../db/accounts';
import { bindTotp } from '../../db/accounts';
import { refused } from '../errors';
import { qrDataUrl } from './qrImage';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30 s, one step of drift either way. */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const WINDOW = 1;

/** A fresh 20-byte secret with its otpauth:// URI and that URI as a QR code. Nothing is stored yet. */
export async function newAuthenticatorSecret(ctx: Pick<Ctx, 'config'>, username: string): Promise<GoogleSecret> {
  const secret = new Secret({ size: 20 });
  const uri = new TOTP({ issuer: ctx.config.appName, label: username, secret, ...TOTP_PARAMS }).toString();
  return { secret: secret.base32, uri, qr: await qrDataUrl(uri) };
}

/** The time step `code` belongs to (now, or one step before or after), or null when it matches none. */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  let secret: Secret;
  try {
    secret = Secret.fromBase32(secretBase32);
  } catch {
    return null;
  }
  const delta = TOTP.validate({ token: code, secret, timestamp, window: WINDOW, ...TOTP_PARAMS });
  return delta === null ? null : TOTP.counter({ period: TOTP_PARAMS.period, timestamp }) + delta;
}

export const secondFactorWrong = () => refused(ResultCode.SECOND_FACTOR_WRONG, 'totp.wrong');

/**
 * Binds the authenticator whose secret the user scanned, once its current code proves it works.
 * That code's step counts as used, so it cannot log in afterwards. Already bound: refused.
 */
export async function bindAuthenticator(ctx: Ctx, account: AccountRow, secret: string, code: string) {
  const alreadyBound = () => refused(ResultCode.ERROR, 'totp.alreadyBound');
  if (account.totpSecret) throw alreadyBound();
  const step = totpStep(secret, code, ctx.now());
  if (step === null) throw refused(ResultCode.SECOND_FACTOR_WRONG, 'totp.keyMismatch');
  if (!(await bindTotp(ctx.db, account.id, secret, step))) throw alreadyBound();
}
