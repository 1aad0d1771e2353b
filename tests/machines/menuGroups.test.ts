import { describe, expect, it } from 'vitest';
import { BUILT_IN_MENUS } from '../../contract/builtInMenus';
import { groupTargets, menusForRoles, menusFromServer, type Menu } from '../../src/machines/menus';
import { SERVER_MENUS } from './fixtures/menus';

/** A menu group's own path leads to its redirect or its first visible page. */

const menu = (path: string, fields: Partial<Menu> = {}): Menu => ({
  path,
  name: path,
  title: path,
  icon: '',
  order: 1,
  hideMenu: false,
  children: [],
  ...fields,
});

describe('menu groups', () => {
  it('the built-in groups lead to their redirect, for the roles that see them', () => {
    expect(groupTargets(menusForRoles(BUILT_IN_MENUS, ['admin']))).toEqual({
      '/dashboard': '/dashboard/analysis',
      '/site-manage': '/site',
      '/article-manage': '/article',
      '/systems': '/systems/admin/subaccount',
      '/support': '/workorder/queue',
    });
    expect(groupTargets(menusForRoles(BUILT_IN_MENUS, ['official']))).toEqual({ '/dashboard': '/dashboard/analysis' });
  });

  it('without a redirect, or one that is not the user’s page, the first visible child without parameters', () => {
    // The server's tree is sorted: the hidden detail route with a parameter comes first and is passed over.
    expect(groupTargets(menusFromServer(SERVER_MENUS))).toEqual({ '/article-manage': '/article' });
    const tree = [
      menu('/systems', {
        component: 'LAYOUT',
        redirect: '/systems/sub/accounts/role',
        children: [menu('/systems/log/admin', { hideMenu: true }), menu('/systems/admin/subaccount')],
      }),
    ];
    expect(groupTargets(tree)).toEqual({ '/systems': '/systems/admin/subaccount' });
  });

  it('follows a group inside a group; a group with nowhere to go, or going round, stays not found', () => {
    const nested = [menu('/a', { children: [menu('/a/b', { component: 'LAYOUT', children: [menu('/a/b/c')] })] })];
    expect(groupTargets(nested)).toEqual({ '/a': '/a/b/c', '/a/b': '/a/b/c' });
    const empty = [menu('/e', { component: 'LAYOUT' }), menu('/h', { children: [menu('/h/x', { hideMenu: true })] })];
    expect(groupTargets(empty)).toEqual({});
    const loop = [menu('/x', { component: 'LAYOUT', redirect: '/y' }), menu('/y', { component: 'LAYOUT', redirect: '/x' })];
    expect(groupTargets(loop)).toEqual({});
  });
});
