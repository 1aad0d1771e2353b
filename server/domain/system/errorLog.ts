import type { ErrorLogAddBody, ErrorLogType } from '../../../contract/schemas/errorLog';
import * as q from '../../db/errorLog';
import type { Ctx } from '../context';
import { forbidden } from '../errors';
import { ADMIN_ROLE, heldRoles } from '../access/permissions';
import type { Authenticated } from '../access/sessions';
import { pageWindow, type PageQuery } from '../pageWindow';

/** An account keeps at most this many error-log entries; older ones make room for new ones. */
export const ERROR_LOG_KEEP_PER_ACCOUNT = 1_000;

/** Stores a batch of the console's error-log entries for the caller's account. */
export async function addErrorLogs(ctx: Pick<Ctx, 'db'>, auth: Pick<Authenticated, 'account'>, body: ErrorLogAddBody): Promise<number> {
  const accountId = auth.account.id;
  return ctx.db.transaction(async (tx) => {
    const added = await q.insertErrorLogs(
      tx,
      body.entries.map((entry) => ({ accountId, ...entry })),
    );
    await q.pruneErrorLogs(tx, accountId, ERROR_LOG_KEEP_PER_ACCOUNT);
    return added;
  });
}

/** The caller's entries; with `all`, everyone's — for the admin role only. A blank keyword filters nothing. */
export async function errorLogsOf(
  ctx: Pick<Ctx, 'db'>,
  auth: Pick<Authenticated, 'account' | 'roles'>,
  options: PageQuery & { all: boolean; type?: ErrorLogType; keyword?: string },
) {
  if (options.all && !heldRoles(auth).has(ADMIN_ROLE)) throw forbidden('adminOnly.listErrorLogs');
  const filter = { accountId: options.all ? null : auth.account.id, type: options.type, keyword: options.keyword?.trim() || undefined };
  return q.listErrorLogs(ctx.db, filter, pageWindow(options));
}
