import type { PermissionMode } from '../config/projectConfig';

/** What a permission check looks at (the bootstrap actor's context). */
export interface PermissionFacts {
  permissionMode: PermissionMode;
  roles: readonly string[];
  permCodes: readonly string[];
}

/**
 * Spec §6: no code required — allowed; ROLE and ROUTE_MAPPING modes check the code(s) against the
 * user's roles, BACK mode against the permission codes from the server. One match is enough.
 */
export function hasPermission(required: string | readonly string[] | undefined, facts: PermissionFacts): boolean {
  if (required === undefined) return true;
  const codes = typeof required === 'string' ? [required] : required;
  if (codes.length === 0) return true;
  switch (facts.permissionMode) {
    case 'ROLE':
    case 'ROUTE_MAPPING':
      return codes.some((code) => facts.roles.includes(code));
    case 'BACK':
      return codes.some((code) => facts.permCodes.includes(code));
    default:
      return true;
  }
}
