import { BUILT_IN_MENUS, type BuiltInMenu } from '../../contract/builtInMenus';

const seeded = (menus: BuiltInMenu[]): [string, string][] =>
  menus.flatMap((menu) => [
    ...(menu.access ?? []).map((entry): [string, string] => [entry.auth_code, entry.name]),
    ...seeded(menu.children ?? []),
  ]);
const SEEDED = new Map(seeded(BUILT_IN_MENUS));

/**
 * An access entry's name as the reader reads it: a built-in permission still under the name it was
 * seeded with, in the reader's language; a name an operator gave (an edit, an entry of their own)
 * as given.
 */
export function permissionName(entry: { auth_code: string; name: string }, t: (key: string) => string): string {
  return SEEDED.get(entry.auth_code) === entry.name ? t(`common.permissions.${entry.auth_code}`) : entry.name;
}
