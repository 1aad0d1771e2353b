import { useCallback, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { ADMIN_ROLE } from '../../contract/roles';
import { ADMIN_ONLY, type Permission, type PermissionCode } from '../../contract/permissionCodes';
import { hasPermission, type PermissionFacts } from '../machines/permissions';
import { buttonAllowed, rolesGranted } from '../machines/buttonPermissions';
import { menuAt } from '../machines/menus';
import { pathnameOf } from '../shared/location';
import { useBootstrapActor, useSessionActor } from './AppActorProvider';

/** What passes for `code`: the code itself, or a role granted it. */
const grantsOf = (code: PermissionCode) => [code, ...rolesGranted(code)];

/**
 * The one way a view asks "may I?" (spec §6, the v-auth check): `(permission) => boolean` for the
 * signed-in user. A permission code, or an access entry's id, is checked against the current
 * menu's button map, a code of another menu by the permission mode (buttonPermissions.ts);
 * `'admin'` asks whether the session holds the operator's role as the server sees it, whatever the
 * mode — for what the server itself keeps to the operator (everyone's error log, role changes).
 */
export function useCan(): (permission: Permission | number) => boolean {
  const bootstrap = useBootstrapActor();
  const session = useSessionActor();
  const [location] = useLocation();
  const permissionMode = useSelector(bootstrap, (state) => state.context.permissionMode);
  const roles = useSelector(bootstrap, (state) => state.context.roles);
  const permCodes = useSelector(bootstrap, (state) => state.context.permCodes);
  const menus = useSelector(bootstrap, (state) => state.context.menus);
  const operator = useSelector(session, (state) => state.context.user?.roles.some((held) => held.value === ADMIN_ROLE) ?? false);
  const pathname = pathnameOf(location);
  const place = useMemo(() => ({ current: menuAt(menus, pathname), menus }), [menus, pathname]);
  return useCallback(
    (permission: Permission | number) =>
      permission === ADMIN_ONLY
        ? operator
        : buttonAllowed(permission, place, (code) => hasPermission(grantsOf(code as PermissionCode), { permissionMode, roles, permCodes })),
    [operator, place, permissionMode, roles, permCodes],
  );
}

/** The same check of a permission code outside React, on the facts of the moment (a page's loads ahead). */
export const canWith =
  (facts: PermissionFacts) =>
  (code: PermissionCode): boolean =>
    hasPermission(grantsOf(code), facts);
