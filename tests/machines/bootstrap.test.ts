import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { ROLE_CHANGE_REFUSED } from '../../src/config/constants';
import type { PermissionMode } from '../../src/config/projectConfig';
import { bootstrapMachine, type BootstrapInput } from '../../src/machines/bootstrap.machine';
import { flattenMenus, isIgnoredAt } from '../../src/machines/menus';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, settle, type Model } from './modelPaths';
import { USER_ADA, USER_BOB, settingsChanged } from './fixtures/accounts';
import { MASTER_SECTIONS, SERVER_MENUS, menuItem } from './fixtures/menus';

const ACTORS = ['fetchPermCodes', 'fetchMenus'];

function bootstrapWith(record: (name: string, params?: unknown) => void = () => {}) {
  return bootstrapMachine.provide({
    actions: {
      requestToggledMode: ({ context }) => record('modeRequested', context.permissionMode === 'BACK' ? 'ROUTE_MAPPING' : 'BACK'),
      reload: () => record('reload'),
      announceMenus: ({ context }) => record('menusChanged', context.menus),
      announceRolesChanged: ({ context }) => record('rolesChanged', context.roles),
      announceRoutesAdded: () => record('routesAdded'),
      announceRoutesFailed: () => record('routesFailed'),
    },
  });
}

const modeChange = (permissionMode: PermissionMode) => settingsChanged({ permissionMode });

const model = (input: BootstrapInput): Model<ReturnType<typeof bootstrapWith>> => ({
  machine: bootstrapWith(),
  input,
  events: {
    'ROLE.CHANGE': [{ type: 'ROLE.CHANGE', roles: ['official'] }],
    'SESSION.SIGNED_IN': [{ type: 'SESSION.SIGNED_IN', user: USER_ADA }],
    'SESSION.SIGNED_OUT': [{ type: 'SESSION.SIGNED_OUT', reason: 'logout' }],
    'SETTINGS.CHANGED': [modeChange('BACK'), modeChange('ROUTE_MAPPING'), modeChange('ROLE')],
    'MENU.PARAMS_APPLIED': [{ type: 'MENU.PARAMS_APPLIED', pathname: '/article/7' }],
    'ROUTES.BUILD': [{ type: 'ROUTES.BUILD' }],
  },
  outputs: { fetchPermCodes: [['article:add']], fetchMenus: [SERVER_MENUS] },
  label: (event) =>
    event.type === 'SETTINGS.CHANGED'
      ? `SETTINGS.CHANGED(${(event as ReturnType<typeof modeChange>).projectConfig.permissionMode})`
      : undefined,
  // Whether a menu has parameters: a route with parameters changes the menus only then.
  serializeState: (snapshot: AnyMachineSnapshot) => {
    const { permissionMode, roles, error, menus } = snapshot.context;
    const withParameters = flattenMenus(menus).some((menu) => menu.pattern !== undefined);
    return JSON.stringify([snapshot.value, permissionMode, roles, error !== null, withParameters]);
  },
});

const models = (['BACK', 'ROLE', 'ROUTE_MAPPING'] as const).map((permissionMode) => model({ permissionMode, roles: ['master'] }));
const coverage = createTransitionCoverage('bootstrap', bootstrapMachine);

function start(input: BootstrapInput, record?: (name: string, params?: unknown) => void, inspect?: typeof coverage.inspect) {
  const fakes = createFakeActors(ACTORS);
  const actor = createActor(bootstrapWith(record).provide({ actors: fakes.logic }), { input, ...(inspect ? { inspect } : {}) });
  return { actor, fakes };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('bootstrap machine: generated paths replayed on real actors', () => {
  it.each(models.map((bootstrapModel) => [(bootstrapModel.input as BootstrapInput).permissionMode, bootstrapModel] as const))(
    'every path starting in %s mode reaches the states the graph predicts',
    async (_, bootstrapModel) => {
      expect(
        await replayAll(bootstrapModel, coverage, (inspect) => start(bootstrapModel.input as BootstrapInput, undefined, inspect)),
      ).toBeGreaterThan(0);
    },
  );
});

describe('bootstrap machine: what the console gets', () => {
  it('in BACK mode asks for the permission codes and the server tree at once, sorts the tree by order, flags hidden items, and announces it', async () => {
    const record = vi.fn();
    const { actor, fakes } = start({ permissionMode: 'BACK' }, record);
    actor.start();
    actor.send({ type: 'ROUTES.BUILD' });
    expect([fakes.started('fetchPermCodes'), fakes.started('fetchMenus')]).toEqual([1, 1]);
    // The tree answers first: the routes wait for the codes too.
    fakes.resolve('fetchMenus', SERVER_MENUS);
    await settle();
    expect(actor.getSnapshot().hasTag('routesAdded')).toBe(false);
    expect(record.mock.calls.map(([name]) => name)).not.toContain('routesAdded');
    fakes.resolve('fetchPermCodes', ['article:add']);
    await settle();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(context.permCodes).toEqual(['article:add']);
    expect(actor.getSnapshot().hasTag('routesAdded')).toBe(true);
    expect(context.menus.map((menu) => menu.path)).toEqual(['/dashboard/analysis', '/article-manage']);
    expect(context.menus[1].children.map((menu) => [menu.path, menu.hideMenu])).toEqual([
      ['/article/:id', true],
      ['/article', false],
    ]);
    expect(record.mock.calls.filter(([name]) => name === 'menusChanged')).toEqual([['menusChanged', context.menus]]);
  });

  it('in BACK mode leaves a menu the operator ignored out of the routes and the menu, with its children, for everyone', async () => {
    const { actor, fakes } = start({ permissionMode: 'BACK' });
    actor.start();
    actor.send({ type: 'ROUTES.BUILD' });
    fakes.resolve('fetchPermCodes', []);
    fakes.resolve('fetchMenus', [
      ...SERVER_MENUS,
      menuItem({
        id: 7,
        name: 'Invites',
        url: '/invitereg',
        order: 60,
        ignored: 1,
        children: [menuItem({ id: 8, name: 'InviteLog', url: '/invitereg/log/:id', order: 1, parent: 7, level: 2 })],
      }),
    ]);
    await settle();
    const { context } = actor.getSnapshot();
    expect(flattenMenus(context.menus).map((menu) => menu.pattern ?? menu.path)).toEqual([
      '/dashboard/analysis',
      '/article-manage',
      '/article/:id',
      '/article',
    ]);
    expect(context.ignoredUrls).toEqual(['/invitereg', '/invitereg/log/:id']);
    expect(isIgnoredAt(context.ignoredUrls, '/invitereg/log/3')).toBe(true);
    expect(isIgnoredAt(context.ignoredUrls, '/article')).toBe(false);
  });

  it('gives each menu the button permissions the user holds: the server’s with their ids, in ROLE mode the client list’s by role', async () => {
    const back = start({ permissionMode: 'BACK' });
    back.actor.start();
    back.actor.send({ type: 'ROUTES.BUILD' });
    back.fakes.resolve('fetchPermCodes', ['task:edit']);
    const entry = { id: 31, name: 'Publishing task: edit', auth_code: 'task:edit' };
    back.fakes.resolve('fetchMenus', [menuItem({ id: 3, name: 'Task', url: '/task', order: 1, access: [entry] })]);
    await settle();
    expect(back.actor.getSnapshot().context.menus[0].access).toEqual([entry]);

    const accessOf = (roles: string[], name: string) => {
      const role = start({ permissionMode: 'ROLE', roles });
      role.actor.start();
      role.actor.send({ type: 'ROUTES.BUILD' });
      return flattenMenus(role.actor.getSnapshot().context.menus)
        .find((menu) => menu.name === name)
        ?.access?.map((held) => held.auth_code);
    };
    expect(accessOf(['writer'], 'Article')).toEqual(['article:add', 'article:edit']);
    expect(accessOf(['writer'], 'Task')).toBeUndefined();
    expect(accessOf(['editor'], 'Task')).toEqual(['task:add', 'task:edit', 'task:del']);
    expect(accessOf(['admin'], 'Site')).toEqual(['site:add', 'site:edit', 'site:del']);
  });

  it('in ROLE mode builds the fixed client list: master sees every business item and its team pages, official the dashboard', async () => {
    const master = start({ permissionMode: 'ROLE' });
    master.actor.start();
    master.actor.send({ type: 'SESSION.SIGNED_IN', user: USER_ADA });
    master.actor.send({ type: 'ROUTES.BUILD' });
    expect(master.fakes.started('fetchMenus')).toBe(0);
    expect(master.actor.getSnapshot().context.menus.map((menu) => menu.name)).toEqual(MASTER_SECTIONS);
    const systems = master.actor.getSnapshot().context.menus.find((menu) => menu.name === 'Systems');
    expect(systems?.children?.map((menu) => menu.name)).toEqual(['SubAccount', 'AdminLog']);

    const official = start({ permissionMode: 'ROLE' });
    official.actor.start();
    official.actor.send({ type: 'SESSION.SIGNED_IN', user: USER_BOB });
    official.actor.send({ type: 'ROUTES.BUILD' });
    expect(official.actor.getSnapshot().context.menus.map((menu) => menu.name)).toEqual(['Dashboard']);
  });

  it('refuses a role change outside ROUTE_MAPPING mode with the spec message', () => {
    const record = vi.fn();
    const { actor } = start({ permissionMode: 'ROLE', roles: ['master'] }, record);
    actor.start();
    actor.send({ type: 'ROUTES.BUILD' });
    actor.send({ type: 'ROLE.CHANGE', roles: ['official'] });
    expect(actor.getSnapshot().context.error).toBe(ROLE_CHANGE_REFUSED);
    expect(actor.getSnapshot().context.roles).toEqual(['master']);
    expect(record.mock.calls.map(([name]) => name)).not.toContain('rolesChanged');
  });

  it('in ROUTE_MAPPING mode a role change rebuilds the menus and announces both (the app closes every tab)', () => {
    const record = vi.fn();
    const { actor } = start({ permissionMode: 'ROUTE_MAPPING', roles: ['master'] }, record);
    actor.start();
    actor.send({ type: 'ROUTES.BUILD' });
    actor.send({ type: 'ROLE.CHANGE', roles: ['official'] });
    expect(actor.getSnapshot().context.menus.map((menu) => menu.name)).toEqual(['Dashboard']);
    expect(record).toHaveBeenCalledWith('menusChanged', actor.getSnapshot().context.menus);
    expect(record).toHaveBeenLastCalledWith('rolesChanged', ['official']);
  });

  it('toggling the mode asks for the other one, and reloads once the settings changed it', () => {
    const record = vi.fn();
    const { actor } = start({ permissionMode: 'BACK' }, record);
    actor.start();
    actor.send({ type: 'PERMISSION_MODE.TOGGLE' });
    expect(record).toHaveBeenCalledWith('modeRequested', 'ROUTE_MAPPING');
    expect(record).not.toHaveBeenCalledWith('reload');
    actor.send(modeChange('ROUTE_MAPPING'));
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(record).toHaveBeenCalledWith('reload');
  });

  it('gives a menu route with a parameter the visited path, and announces the menus again', async () => {
    const record = vi.fn();
    const { actor, fakes } = start({ permissionMode: 'BACK' }, record);
    actor.start();
    actor.send({ type: 'ROUTES.BUILD' });
    fakes.resolve('fetchPermCodes', []);
    await settle();
    fakes.resolve('fetchMenus', SERVER_MENUS);
    await settle();
    actor.send({ type: 'MENU.PARAMS_APPLIED', pathname: '/article/7' });
    const detail = actor.getSnapshot().context.menus[1].children[0];
    expect(detail).toMatchObject({ path: '/article/7', pattern: '/article/:id' });
    expect(record).toHaveBeenLastCalledWith('menusChanged', actor.getSnapshot().context.menus);
    // Another page of the same menu, then a page without parameters: only the first changes the menus.
    const announced = () => record.mock.calls.filter(([name]) => name === 'menusChanged').length;
    const before = announced();
    actor.send({ type: 'MENU.PARAMS_APPLIED', pathname: '/article/8' });
    expect(actor.getSnapshot().context.menus[1].children[0]).toMatchObject({ path: '/article/8' });
    expect(announced()).toBe(before + 1);
    const menus = actor.getSnapshot().context.menus;
    actor.send({ type: 'MENU.PARAMS_APPLIED', pathname: '/dashboard/analysis' });
    expect(actor.getSnapshot().context.menus).toBe(menus);
    expect(announced()).toBe(before + 1);
  });
});

afterAll(() => {
  coverage.report();
});

it('bootstrap machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
