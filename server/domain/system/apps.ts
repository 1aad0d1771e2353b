import type { AppInfo } from '../../../contract/schemas/app';
import type { Ctx } from '../context';
import { findApp } from '../../db/apps';
import { notFound } from '../errors';

/** A client app's name and icon (spec §7 getApp), shown before anyone logs in. */
export async function appInfo(ctx: Pick<Ctx, 'db'>, appId: string): Promise<AppInfo> {
  const row = await findApp(ctx.db, appId);
  if (!row) throw notFound('app.notFound', { id: appId });
  return { win_icon: row.winIcon, app_name: row.appName };
}
