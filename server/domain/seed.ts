import { randomBytes } from 'node:crypto';
import { BUILT_IN_MENUS, BUILT_IN_ROLES, type BuiltInMenu } from '../../contract/builtInMenus';
import type { Ctx } from './context';
import type { DbOrTx } from '../db/connection';
import { ensureRoles } from '../db/roles';
import { ensureApp } from '../db/apps';
import { allAccessEntries, allMenus, insertAccessEntry, insertMenu, type MenuRow } from '../db/menus';
import { createAccount, findAccountByUsername } from './access/accounts';

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
    // What exists is read once (a restart no longer asks once per built-in menu and entry).
    const existing: Existing = {
      menus: new Map((await allMenus(tx)).map((row) => [row.name, row])),
      authCodes: new Set((await allAccessEntries(tx)).map((row) => row.authCode)),
    };
    for (const menu of BUILT_IN_MENUS) await ensureMenu(tx, existing, menu, 0, 1);
    await ensureApp(tx, { appId: 'inkpress', appName: config.appName, winIcon: '/favicon.svg' });
  });

  if (await findAccountByUsername(db, config.adminUsername)) return { generatedAdminPassword: null, adminCreated: false };
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await createAccount(ctx, { username: config.adminUsername, password, roles: ['admin', 'master'] });
  return { generatedAdminPassword: config.adminPassword ? null : password, adminCreated: true };
}

interface Existing {
  menus: Map<string, MenuRow>;
  authCodes: Set<string>;
}

async function ensureMenu(tx: DbOrTx, existing: Existing, menu: BuiltInMenu, parent: number, level: number) {
  const row =
    existing.menus.get(menu.name) ??
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
  existing.menus.set(menu.name, row);
  for (const access of menu.access ?? []) {
    if (existing.authCodes.has(access.auth_code)) continue;
    await insertAccessEntry(tx, { menuId: row.id, name: access.name, authCode: access.auth_code, roles: access.roles ?? [] });
    existing.authCodes.add(access.auth_code);
  }
  for (const child of menu.children ?? []) await ensureMenu(tx, existing, child, row.id, level + 1);
}
