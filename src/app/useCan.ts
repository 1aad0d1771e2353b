import { useCallback } from 'react';
import { ADMIN_ROLE } from '../../contract/roles';
import { BUILT_IN_MENUS, type BuiltInMenu } from '../../contract/builtInMenus';
import { hasPermission, type PermissionFacts } from '../machines/permissions';
import { usePermission } from './usePermission';

/**
 * The built-in roles granted each permission code, from the built-in menus: in the ROLE and
 * ROUTE_MAPPING modes (spec §6) a check looks at roles, so a button gated by `site:add` also
 * passes for the roles that hold it; in BACK mode only the server's codes count.
 */
const rolesOfCode = new Map<string, string[]>();
(function collect(menus: readonly BuiltInMenu[]) {
  for (const menu of menus) {
    for (const entry of menu.access ?? []) rolesOfCode.set(entry.auth_code, [ADMIN_ROLE, ...(entry.roles ?? menu.role)]);
    collect(menu.children ?? []);
  }
})(BUILT_IN_MENUS);

/** What passes for `code`: the code itself, or a role granted it. */
const grantsOf = (code: string) => [code, ...(rolesOfCode.get(code) ?? [ADMIN_ROLE])];

/** `(code) => boolean`: whether the signed-in user may use what the permission code guards. */
export function useCan(): (code: string) => boolean {
  const allowed = usePermission();
  return useCallback((code: string) => allowed(grantsOf(code)), [allowed]);
}

/** The same check outside React, on the permission facts of the moment (a page's loads ahead). */
export const canWith =
  (facts: PermissionFacts) =>
  (code: string): boolean =>
    hasPermission(grantsOf(code), facts);
