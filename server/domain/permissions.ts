import { ADMIN_ROLE } from '../../contract/roles';
import type { Authenticated } from './sessions';
import { forbidden } from './errors';

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
export function requireAdmin(auth: Pick<Authenticated, 'roles'>, what: string): void {
  if (!heldRoles(auth).has(ADMIN_ROLE)) throw forbidden(`Only an administrator can ${what}`);
}
