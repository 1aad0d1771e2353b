import { describe, expect, it } from 'vitest';
import { BUILT_IN_MENUS, type BuiltInMenu } from '../../contract/builtInMenus';
import { PERMISSION_CODES, type PermissionCode } from '../../contract/permissionCodes';
import type { RoutePermission } from '../../server/domain/access/permissions';

const granted = (menus: readonly BuiltInMenu[]): string[] =>
  menus.flatMap((menu) => [...(menu.access ?? []).map((entry) => entry.auth_code), ...granted(menu.children ?? [])]);

describe('permission codes', () => {
  it('are exactly the codes the built-in menus grant, each once', () => {
    const codes = granted(BUILT_IN_MENUS);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual([...PERMISSION_CODES].sort());
  });

  it('refuse a typo at compile time, in a route declaration and in a console check', () => {
    const route: RoutePermission = 'site:edit';
    // @ts-expect-error — 'site:eidt' is no permission code: the route would never be callable.
    const typo: RoutePermission = 'site:eidt';
    // @ts-expect-error — neither is a role where a code is asked for.
    const role: PermissionCode = 'master';
    expect([route, typo, role]).toHaveLength(3);
  });
});
