import { BUILT_IN_ROLES } from './builtInMenus';

const SEEDED = new Map<string, string>(BUILT_IN_ROLES.map((role) => [role.code, role.name]));

/**
 * A role's name as the reader reads it: a built-in role still under the name it was seeded with,
 * in the reader's language (the shared `roles` pack, which the server's downloads read too); a
 * name an operator gave (a rename, a role of their own) as given.
 */
export function roleName(role: { code: string; name: string }, t: (key: string) => string): string {
  return SEEDED.get(role.code) === role.name ? t(`roles.${role.code}`) : role.name;
}
