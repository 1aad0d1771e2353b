import { describe, expect, it } from 'vitest';
import { hasPermission } from '../../src/machines/permissions';

describe('permission check (spec §6)', () => {
  const facts = { roles: ['master'], permCodes: ['site:add'] };

  it('allows everything when no code is required', () => {
    expect(hasPermission(undefined, { ...facts, permissionMode: 'BACK' })).toBe(true);
    expect(hasPermission([], { ...facts, permissionMode: 'ROLE' })).toBe(true);
  });

  it('checks roles in ROLE and ROUTE_MAPPING modes', () => {
    for (const permissionMode of ['ROLE', 'ROUTE_MAPPING'] as const) {
      expect(hasPermission('master', { ...facts, permissionMode })).toBe(true);
      expect(hasPermission(['official', 'master'], { ...facts, permissionMode })).toBe(true);
      expect(hasPermission('site:add', { ...facts, permissionMode })).toBe(false);
    }
  });

  it('checks the server’s permission codes in BACK mode', () => {
    expect(hasPermission('site:add', { ...facts, permissionMode: 'BACK' })).toBe(true);
    expect(hasPermission('master', { ...facts, permissionMode: 'BACK' })).toBe(false);
  });
});
