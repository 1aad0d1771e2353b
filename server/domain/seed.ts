import { randomBytes } from 'node:crypto';
import { BUILT_IN_MENUS, BUILT_IN_ROLES, type BuiltInMenu } from '../../contract/builtInMenus';
import type { Ctx } from './context';
import type { DbOrTx } from '../db/connection';
import { ensureRoles } from '../db/roles';
import { ensureApp } from '../db/apps';
import { findMenuByName, insertAccessEntry, insertMenu } from '../db/menus';
import { createAccount, findAccountByUsername } from './accounts';

export interface SeedResult {
  /** Set only when the admin account was created by this start with a generated password. */
  generatedAdminPassword: string | null;
  adminCreated: boolean;
}

/**
 * Brings a fresh database to a usable state and leaves an existing one alone: built-in roles,
 * the built-in menu with its access entries (added only where missing, so edits survive and a
 * built-in menu new in this version reaches databases seeded before it), the default app, and the
 * admin account.
 */
export async function seed(ctx: Pick<Ctx, 'db' | 'config'>): Promise<SeedResult> {
  const { db, config } = ctx;
  await db.transaction(async (tx) => {
    await ensureRoles(tx, BUILT_IN_ROLES);
    for (const menu of BUILT_IN_MENUS) await ensureMenu(tx, menu, 0, 1);
    await ensureApp(tx, { appId: 'inkpress', appName: config.appName, winIcon: '/favicon.svg' });
  });

  if (await findAccountByUsername(db, config.adminUsername)) return { generatedAdminPassword: null, adminCreated: false };
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await createAccount(ctx, { username: config.adminUsername, password, roles: ['admin', 'master'] });
  return { generatedAdminPassword: config.adminPassword ? null : password, adminCreated: true };
}

async function ensureMenu(tx: DbOrTx, menu: BuiltInMenu, parent: number, level: number) {
  const row =
    (await findMenuByName(tx, menu.name)) ??
    (await insertMenu(tx, {
      name: menu.name,
      title: menu.title,
      url: menu.url,
      component: menu.component,
      icon: menu.icon,
      order: menu.order,
      parent,
      level,
      isShow: menu.is_show ?? 1,
      redirect: menu.redirect ?? '',
      dynamicLevel: menu.dynamic_level ?? 0,
      roles: menu.role,
    }));
  for (const access of menu.access ?? []) {
    await insertAccessEntry(tx, { menuId: row.id, name: access.name, authCode: access.auth_code, roles: access.roles ?? [] });
  }
  for (const child of menu.children ?? []) await ensureMenu(tx, child, row.id, level + 1);
}
