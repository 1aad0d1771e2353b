import { ADMIN_ROLE } from '../../../contract/roles';
import { ADMIN_ONLY, type PermissionCode } from '../../../contract/permissionCodes';
import type { Authenticated } from './sessions';
import { type MessageKey } from '../../i18n/messages';
import { forbidden } from '../errors';
import type { PermissionTable } from '../../db/permissionTable';

/**
 * Who sees what (spec §6): menus, access entries and administration by role. The roles come with
 * the session (resolveSession), so none of this asks the database.
 */

/** The role that runs the installation: sees every menu, holds every permission code, administers. */
export { ADMIN_ROLE };

export type HeldRoles = ReadonlySet<string>;

export const heldRoles = (auth: Pick<Authenticated, 'roles'>): HeldRoles => new Set(auth.roles.map((r) => r.code));

/** Whether something limited to `allowed` roles (empty: every role) is for a holder of `held`. */
export const visibleTo = (allowed: readonly string[], held: HeldRoles) =>
  held.has(ADMIN_ROLE) || allowed.length === 0 || allowed.some((code) => held.has(code));

interface MenuLike {
  id: number;
  parent: number;
  roles: string[];
}

/**
 * Which menus show to `held`: a menu shows when it and every ancestor are visible to the roles.
 * A missing parent or a cycle hides the menu rather than looping.
 */
export function menuVisibility(menus: readonly MenuLike[], held: HeldRoles): (menuId: number) => boolean {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const known = new Map<number, boolean>();
  const visible = (id: number, depth = 0): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    const menu = byId.get(id);
    const seen = !!menu && depth < 32 && visibleTo(menu.roles, held) && (menu.parent === 0 || visible(menu.parent, depth + 1));
    known.set(id, seen);
    return seen;
  };
  return (menuId) => visible(menuId);
}

/** 403 unless the session's account holds the admin role. */
export function requireAdmin(auth: Pick<Authenticated, 'roles'>, what: MessageKey): void {
  if (!heldRoles(auth).has(ADMIN_ROLE)) throw forbidden(what);
}

/* ---------- Route permissions the server enforces ---------- */

/** A route's `config.permission` that every signed-in user meets. */
export const SIGNED_IN = 'signedIn';
/** A route's `config.permission` that only the operator (the admin role) meets. */
export { ADMIN_ONLY };

/** What a route may declare it needs: a permission code, any signed-in user, or the operator. */
export type RoutePermission = PermissionCode | typeof SIGNED_IN | typeof ADMIN_ONLY;

/**
 * The permission codes `held` roles hold (spec §6, back-end mode): the access entries granted to
 * one of the roles (or, with no roles listed, to every role that sees the menu) under a menu the
 * roles see. The admin role holds every code. What GET /getPermCode answers and what the routes check.
 */
export function codesHeld(table: PermissionTable, held: HeldRoles): Set<string> {
  if (held.has(ADMIN_ROLE)) return new Set(table.entries.map((e) => e.authCode));
  const visible = menuVisibility(table.menus, held);
  return new Set(table.entries.filter((e) => visibleTo(e.roles, held) && visible(e.menuId)).map((e) => e.authCode));
}

/** Whether roles `held` may call a route that declares `permission`; undeclared: nobody. */
export function allows(permission: RoutePermission | undefined, held: HeldRoles, codes: () => Set<string>): boolean {
  if (!permission) return false;
  if (permission === SIGNED_IN || held.has(ADMIN_ROLE)) return true;
  if (permission === ADMIN_ONLY) return false;
  return codes().has(permission);
}
