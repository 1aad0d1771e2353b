import { randomBytes } from 'node:crypto';
import { ResultCode } from '../../../contract/codes';
import { ConsolePath } from '../../../contract/paths';
import type { QrConfirmBody, QrCreated, QrStatus } from '../../../contract/schemas/auth';
import type { Ctx } from '../context';
import * as q from '../../db/qrLogins';
import { findAccountById } from '../../db/accounts';
import { loginResultOf } from './accounts';
import { refused } from '../errors';
import { qrDataUrl } from './qrImage';
import { startSession, type Authenticated, type ClientInfo } from './sessions';

export const QR_TTL_SECONDS = 120;
/** Expired QR rows are kept this long (a late poll still reads `expired`), then dropped. */
const QR_RETENTION_MS = 60 * 60 * 1000;

/** A QR code for the login page: it encodes the console's approval page for this id. */
export async function createQrLogin(ctx: Ctx): Promise<QrCreated> {
  const now = ctx.now();
  await q.deleteQrLoginsExpiredBefore(ctx.db, new Date(now.getTime() - QR_RETENTION_MS));
  const id = randomBytes(24).toString('base64url');
  await q.insertQrLogin(ctx.db, { id, expiresAt: new Date(now.getTime() + QR_TTL_SECONDS * 1000), at: now });
  const url = `${ctx.config.publicUrl}${ConsolePath.qrApprove}?id=${id}`;
  return { id, url, qr: await qrDataUrl(url), expires_in: QR_TTL_SECONDS };
}

/**
 * What the waiting login page sees. Once approved, the first poll starts the session and gets
 * its login result; later polls see `confirmed` without it (the token was handed out once and is
 * stored nowhere). Unknown ids read as expired.
 */
export async function qrLoginStatus(ctx: Ctx, id: string, client: ClientInfo): Promise<QrStatus> {
  const now = ctx.now();
  const row = await q.findQrLogin(ctx.db, id);
  if (!row) return { status: 'expired' };
  if (row.status === 'claimed') return { status: 'confirmed' };
  if (row.expiresAt <= now) return { status: 'expired' };
  if (row.status === 'pending' || row.status === 'scanned') return { status: row.status };

  const started = await ctx.db.transaction(async (tx) => {
    const accountId = await q.claimQrLogin(tx, id, now);
    if (accountId === null) return null;
    const account = await findAccountById(tx, accountId);
    if (!account || account.disabled) return null;
    const { token } = await startSession(ctx, account.id, client, tx);
    return loginResultOf(ctx, account, token);
  });
  return started ? { status: 'confirmed', login: started } : { status: 'confirmed' };
}

/** A signed-in device scans (`scan`) and approves (`confirm`, the default) a QR login. */
export async function confirmQrLogin(ctx: Ctx, auth: Authenticated, body: QrConfirmBody) {
  const now = ctx.now();
  const accountId = auth.user.id;
  const done =
    body.action === 'scan'
      ? await q.markQrScanned(ctx.db, body.id, accountId, now)
      : await q.markQrConfirmed(ctx.db, body.id, accountId, now);
  if (done) return;
  const row = await q.findQrLogin(ctx.db, body.id);
  if (!row || row.expiresAt <= now) throw refused(ResultCode.ERROR, 'qr.expired');
  if (row.accountId !== null && row.accountId !== accountId) throw refused(ResultCode.ERROR, 'qr.otherAccount');
  throw refused(ResultCode.ERROR, 'qr.used');
}
