import './support/realServer';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccessEntry, MenuItem } from '../../contract/schemas/menu';
import type { RoleItem } from '../../contract/schemas/system';
import { callServer } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { fill, pattern, serverZh, zh } from './support/texts';
import { findDialog } from './support/dialogs';

/** The operator's Roles and Menus pages against the real server: what they change is what the server then holds. */

const ADMIN_PASSWORD = 'Admin-passw0rd-roles';
const server = consoleOnRealServer({ ADMIN_PASSWORD }, '10.9.14');

const adminToken = async () =>
  (await callServer<{ token: string }>(server.url, 'POST', '/api/v1/user/login', { username: 'admin', password: ADMIN_PASSWORD })).token;
const rolesOnServer = async (token: string) =>
  (await callServer<{ list: RoleItem[] }>(server.url, 'GET', '/admin/v1/role/list', undefined, token)).list;
const menusOnServer = async (token: string) =>
  (await callServer<{ list: MenuItem[] }>(server.url, 'GET', '/admin/v1/admin-menu/list?all=1', undefined, token)).list;
const flat = (menus: MenuItem[]): MenuItem[] => menus.flatMap((menu) => [menu, ...flat(menu.children)]);
const menuNamed = async (token: string, name: string) => flat(await menusOnServer(token)).find((menu) => menu.name === name);
const entriesOf = async (token: string, menuId: number) =>
  (await callServer<{ list: AccessEntry[] }>(server.url, 'GET', `/admin/v1/admin-access/list?menu_id=${menuId}`, undefined, token)).list;

/** A checkbox's state as the user sees it: checked, unchecked or the dash of a partly checked parent. */
const stateOf = (checkbox: HTMLElement) => (checkbox.closest('label') as HTMLElement).getAttribute('data-state');
const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;

/** Types a whole value at once (as a paste): jsdom on a busy machine is slow with a key at a time. */
async function typeInto(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Picks a row menu's item as a keyboard user does (Zag's menu selects the highlighted item). */
async function chooseFromMenu(user: ReturnType<typeof userEvent.setup>, trigger: HTMLElement, item: string) {
  await user.click(trigger);
  const option = await screen.findByRole('menuitem', { name: item });
  for (let step = 0; step < 5 && option.getAttribute('data-highlighted') === null; step++) await user.keyboard('{ArrowDown}');
  await user.keyboard('{Enter}');
}

async function openRoles() {
  const token = await adminToken();
  await server.open('/systems/sub/accounts/role', { token });
  const table = await screen.findByRole('table', { name: zh.routes.systems.role }, { timeout: 60_000 });
  await within(table).findByText(zh.roles.master);
  return { token, table, user: userEvent.setup() };
}

async function openTree(user: ReturnType<typeof userEvent.setup>, table: HTMLElement, roleName: string) {
  await user.click(within(rowOf(table, roleName)).getByRole('button', { name: pattern(zh.systems.role.permissions) }));
  const drawer = await findDialog('dialog', fill(zh.systems.role.treeTitle, { name: roleName }));
  const tree = await within(drawer).findByRole('tree');
  return { drawer, tree };
}

describe('the roles page', () => {
  it('adds a role, checks and unchecks menus and access entries in its tree, and what is saved is what the server holds and the tree shows again', async () => {
    const { token, table, user } = await openRoles();

    await user.click(screen.getByRole('button', { name: zh.systems.role.add }));
    const dialog = await findDialog('dialog', zh.systems.role.addTitle);
    await typeInto(user, within(dialog).getByLabelText(zh.systems.role.fields.code), 'view_writer');
    await typeInto(user, within(dialog).getByLabelText(zh.systems.role.fields.name), 'View writer');
    await user.click(within(dialog).getByRole('button', { name: zh.common.okText }));
    await within(table).findByText('View writer');
    const created = (await rolesOnServer(token)).find((role) => role.code === 'view_writer');
    expect(created).toMatchObject({ name: 'View writer', built_in: false, holders: 0 });

    let { drawer, tree } = await openTree(user, table, 'View writer');
    const siteManage = within(tree).getByRole('checkbox', { name: zh.routes.site.manage });
    const siteList = within(tree).getByRole('checkbox', { name: zh.routes.site.list });
    expect(stateOf(siteManage)).toBe('unchecked');
    // What the role will hold reads in one place, before saving: nothing yet.
    const summary = within(drawer).getByRole('region', { name: zh.systems.role.summary.label });
    expect(summary.textContent).toContain(zh.systems.role.summary.nothing);
    // One access entry: its menu and the menu's parent are checked with it, the parents only partly.
    await user.click(within(tree).getByRole('checkbox', { name: new RegExp(`^${zh.common.permissions['site:add']}`) }));
    expect(stateOf(within(tree).getByRole('checkbox', { name: new RegExp(`^${zh.common.permissions['site:add']}`) }))).toBe('checked');
    expect(stateOf(siteList)).toBe('indeterminate');
    expect(stateOf(siteManage)).toBe('indeterminate');
    // A whole menu: it and every entry under it.
    await user.click(within(tree).getByRole('checkbox', { name: zh.routes.site.task }));
    expect(stateOf(within(tree).getByRole('checkbox', { name: zh.routes.site.task }))).toBe('checked');
    expect(stateOf(within(tree).getByRole('checkbox', { name: new RegExp(`^${zh.common.permissions['task:del']}`) }))).toBe('checked');
    const line = (menu: string, actions: string) =>
      fill(zh.systems.role.summary.line, { page: `${zh.routes.site.manage} / ${menu}`, actions });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      line(zh.routes.site.list, zh.common.permissions['site:add']),
      line(
        zh.routes.site.task,
        [zh.common.permissions['task:add'], zh.common.permissions['task:edit'], zh.common.permissions['task:del']].join(
          zh.systems.role.summary.separator,
        ),
      ),
    ]);
    expect(summary.textContent).toContain(fill(zh.systems.role.summary.counts, { menus: 3, codes: 4 }));
    await user.click(within(drawer).getByRole('button', { name: zh.systems.role.saveTree }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: fill(zh.systems.role.treeTitle, { name: 'View writer' }) })).toBeNull(),
    );

    const site = (await menuNamed(token, 'Site'))!;
    const task = (await menuNamed(token, 'Task'))!;
    const siteManageMenu = (await menuNamed(token, 'SiteManage'))!;
    const siteEntries = await entriesOf(token, site.id);
    const taskEntries = await entriesOf(token, task.id);
    const idOf = (entries: AccessEntry[], code: string) => entries.find((entry) => entry.auth_code === code)!.id;
    let saved = (await rolesOnServer(token)).find((role) => role.code === 'view_writer')!;
    expect(saved.menu_ids).toEqual(expect.arrayContaining([siteManageMenu.id, site.id, task.id]));
    expect(saved.access_ids).toEqual(expect.arrayContaining([idOf(siteEntries, 'site:add'), ...taskEntries.map((entry) => entry.id)]));
    expect(saved.access_ids).not.toContain(idOf(siteEntries, 'site:edit'));
    // The menus themselves now list the role.
    expect((await menuNamed(token, 'Task'))!.role).toContain('view_writer');

    // Opened again, the tree shows what the server holds.
    ({ drawer, tree } = await openTree(user, table, 'View writer'));
    expect(stateOf(within(tree).getByRole('checkbox', { name: new RegExp(`^${zh.common.permissions['site:add']}`) }))).toBe('checked');
    expect(stateOf(within(tree).getByRole('checkbox', { name: new RegExp(`^${zh.common.permissions['site:edit']}`) }))).toBe('unchecked');
    expect(stateOf(within(tree).getByRole('checkbox', { name: zh.routes.site.task }))).toBe('checked');
    expect(stateOf(within(tree).getByRole('checkbox', { name: zh.routes.site.manage }))).toBe('indeterminate');
    // A partly checked parent checks all under it; clicked again, it unchecks all.
    await user.click(within(tree).getByRole('checkbox', { name: zh.routes.site.manage }));
    expect(stateOf(within(tree).getByRole('checkbox', { name: new RegExp(`^${zh.common.permissions['site:edit']}`) }))).toBe('checked');
    await user.click(within(tree).getByRole('checkbox', { name: zh.routes.site.manage }));
    expect(stateOf(within(tree).getByRole('checkbox', { name: zh.routes.site.manage }))).toBe('unchecked');
    expect(stateOf(within(tree).getByRole('checkbox', { name: zh.routes.site.task }))).toBe('unchecked');
    await user.click(within(drawer).getByRole('button', { name: zh.systems.role.saveTree }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: fill(zh.systems.role.treeTitle, { name: 'View writer' }) })).toBeNull(),
    );
    saved = (await rolesOnServer(token)).find((role) => role.code === 'view_writer')!;
    expect(saved.menu_ids).not.toContain(site.id);
    expect(saved.menu_ids).not.toContain(task.id);
    expect(saved.access_ids).not.toContain(idOf(siteEntries, 'site:add'));
    expect((await menuNamed(token, 'Task'))!.role).not.toContain('view_writer');

    // Renamed through its menu.
    await chooseFromMenu(
      user,
      within(rowOf(table, 'View writer')).getByRole('button', { name: fill(zh.systems.role.more, { name: 'View writer' }) }),
      zh.systems.role.rename,
    );
    const rename = await findDialog('dialog', zh.systems.role.renameTitle);
    const nameField = within(rename).getByLabelText(zh.systems.role.fields.name);
    await user.clear(nameField);
    await typeInto(user, nameField, 'Copy writer');
    await user.click(within(rename).getByRole('button', { name: zh.common.okText }));
    await within(table).findByText('Copy writer');
    expect((await rolesOnServer(token)).find((role) => role.code === 'view_writer')!.name).toBe('Copy writer');
  }, 400_000);

  it('refuses to delete a built-in role with the server’s message, will not save a built-in role emptied, and shows the administrator role read-only', async () => {
    const { token, table, user } = await openRoles();

    await chooseFromMenu(
      user,
      within(rowOf(table, zh.roles.viewer)).getByRole('button', {
        name: fill(zh.systems.role.more, { name: zh.roles.viewer }),
      }),
      zh.systems.role.delete,
    );
    const confirm = await findDialog('dialog', zh.systems.role.deleteTitle);
    await user.click(within(confirm).getByRole('button', { name: zh.common.table.delete }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(serverZh('system.builtInNotDeleted', { code: 'viewer' }));
    await user.click(within(confirm).getByRole('button', { name: zh.common.cancelText }));
    await waitFor(() => expect(rowOf(table, zh.roles.viewer)).toBeTruthy());
    expect((await rolesOnServer(token)).some((role) => role.code === 'viewer')).toBe(true);

    const { drawer } = await openTree(user, table, zh.roles.viewer);
    const save = within(drawer).getByRole('button', { name: zh.systems.role.saveTree }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    await user.click(within(drawer).getByRole('button', { name: zh.systems.role.tree.clear }));
    expect(within(drawer).getByText(zh.systems.role.builtInNotEmpty)).toBeTruthy();
    expect(save.disabled).toBe(true);
    await user.click(within(drawer).getByRole('button', { name: zh.common.cancelText }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: fill(zh.systems.role.treeTitle, { name: zh.roles.viewer }) })).toBeNull(),
    );
    expect((await rolesOnServer(token)).find((role) => role.code === 'viewer')!.menu_ids.length).toBeGreaterThan(0);

    const admin = await openTree(user, table, zh.roles.admin);
    expect(within(admin.drawer).getByText(zh.systems.role.adminHoldsAll)).toBeTruthy();
    const siteManage = within(admin.tree).getByRole('checkbox', { name: zh.routes.site.manage }) as HTMLInputElement;
    expect(stateOf(siteManage)).toBe('checked');
    expect(siteManage.disabled).toBe(true);
    expect((within(admin.drawer).getByRole('button', { name: zh.systems.role.saveTree }) as HTMLButtonElement).disabled).toBe(true);
  }, 400_000);
});

describe('the menus page', () => {
  it('adds, edits and deletes a menu through the menu drawer, and adds and deletes an access entry through its access drawer', async () => {
    const token = await adminToken();
    await server.open('/systems/sub/accounts/auth', { token });
    const table = await screen.findByRole('table', { name: zh.routes.systems.menu }, { timeout: 60_000 });
    await within(table).findByText(zh.routes.site.manage);
    // Titles that are translation keys show translated, with the key beside them.
    expect(within(rowOf(table, zh.routes.site.list)).getByText('routes.site.list')).toBeTruthy();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: zh.systems.menu.add }));
    let drawer = await findDialog('dialog', zh.systems.menu.addTitle);
    await typeInto(user, within(drawer).getByLabelText(zh.systems.menu.fields.name), 'ViewDocs');
    await typeInto(user, within(drawer).getByLabelText(zh.systems.menu.fields.title), 'View docs');
    await typeInto(user, within(drawer).getByLabelText(zh.systems.menu.fields.url), '/view-docs');
    await typeInto(user, within(drawer).getByLabelText(zh.systems.menu.fields.component), 'iframe/index');
    await user.clear(within(drawer).getByLabelText(zh.systems.menu.fields.order));
    await typeInto(user, within(drawer).getByLabelText(zh.systems.menu.fields.order), '95');
    await user.click(within(drawer).getByRole('checkbox', { name: zh.roles.master }));
    await user.click(within(drawer).getByRole('checkbox', { name: zh.roles.writer }));
    await user.click(within(drawer).getByRole('button', { name: zh.common.okText }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: zh.systems.menu.addTitle })).toBeNull());
    await within(table).findByText('View docs');
    let docs = (await menuNamed(token, 'ViewDocs'))!;
    expect(docs).toMatchObject({
      title: 'View docs',
      url: '/view-docs',
      component: 'iframe/index',
      order: 95,
      parent: 0,
      level: 1,
      is_show: 1,
    });
    expect([...docs.role].sort()).toEqual(['master', 'writer']);
    // The roles in one text cut to two lines, every one of them on hover.
    const rolesOf = within(rowOf(table, 'View docs')).getByTitle((title) =>
      [zh.roles.master, zh.roles.writer].every((role) => title.split(zh.systems.menu.roleSeparator).includes(role)),
    );
    expect(rolesOf.textContent).toBe(rolesOf.getAttribute('title'));

    // Edited: a new title, hidden from the sidebar, ignored (out of the router for everyone), moved under SiteManage.
    await user.click(within(table).getByRole('button', { name: fill(zh.systems.menu.editOf, { title: 'View docs' }) }));
    drawer = await findDialog('dialog', fill(zh.systems.menu.editTitle, { title: 'View docs' }));
    const title = within(drawer).getByLabelText(zh.systems.menu.fields.title);
    await user.clear(title);
    await typeInto(user, title, 'View handbook');
    await user.click(within(drawer).getByRole('checkbox', { name: zh.systems.menu.fields.isShow }));
    await user.click(within(drawer).getByRole('checkbox', { name: zh.systems.menu.fields.ignored }));
    await user.click(within(drawer).getByRole('combobox', { name: zh.systems.menu.fields.parent }));
    const parents = await within(drawer).findAllByRole('option');
    await user.click(parents.find((option) => option.textContent === `${zh.routes.site.manage}SiteManage`)!);
    expect(within(drawer).getByText(fill(zh.systems.menu.levelIs, { level: 2 }))).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: zh.common.okText }));
    await within(table).findByText('View handbook');
    docs = (await menuNamed(token, 'ViewDocs'))!;
    const siteManage = (await menuNamed(token, 'SiteManage'))!;
    expect(docs).toMatchObject({ title: 'View handbook', is_show: 0, ignored: 1, parent: siteManage.id, level: 2 });
    expect(within(rowOf(table, 'View handbook')).getByText(zh.systems.menu.hidden)).toBeTruthy();
    expect(within(rowOf(table, 'View handbook')).getByText(zh.systems.menu.ignored)).toBeTruthy();

    // Its access drawer: add an entry, see it listed by the server, delete it.
    await user.click(within(table).getByRole('button', { name: fill(zh.systems.menu.accessOf, { title: 'View handbook' }) }));
    drawer = await findDialog('dialog', fill(zh.systems.access.title, { title: 'View handbook' }));
    expect(await within(drawer).findByText(zh.systems.access.empty)).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: zh.systems.access.add }));
    const entryForm = await findDialog('dialog', zh.systems.access.addTitle);
    await typeInto(user, within(entryForm).getByLabelText(zh.systems.access.fields.name), 'Docs: read');
    await typeInto(user, within(entryForm).getByLabelText(zh.systems.access.fields.authCode), 'docs:read');
    await user.click(within(entryForm).getByRole('button', { name: zh.common.okText }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: zh.systems.access.addTitle })).toBeNull());
    const entries = within(drawer).getByRole('table', { name: fill(zh.systems.access.tableLabel, { title: 'View handbook' }) });
    await within(entries).findByText('docs:read');
    expect((await entriesOf(token, docs.id)).map((entry) => [entry.name, entry.auth_code])).toEqual([['Docs: read', 'docs:read']]);

    // A code already used elsewhere is refused in the server's words.
    await user.click(within(drawer).getByRole('button', { name: zh.systems.access.add }));
    const duplicate = await findDialog('dialog', zh.systems.access.addTitle);
    await typeInto(user, within(duplicate).getByLabelText(zh.systems.access.fields.name), 'Another add');
    await typeInto(user, within(duplicate).getByLabelText(zh.systems.access.fields.authCode), 'site:add');
    await user.click(within(duplicate).getByRole('button', { name: zh.common.okText }));
    expect((await within(duplicate).findByRole('alert')).textContent).toMatch(
      pattern(serverZh('menu.authCodeUsedIn', { code: 'site:add', holder: '{{holder}}', menu: '{{menu}}' })),
    );
    await user.click(within(duplicate).getByRole('button', { name: zh.common.cancelText }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: zh.systems.access.addTitle })).toBeNull());

    await user.click(within(entries).getByRole('button', { name: fill(zh.systems.access.deleteOf, { name: 'Docs: read' }) }));
    const confirmEntry = await findDialog('dialog', zh.systems.access.deleteTitle);
    await user.click(within(confirmEntry).getByRole('button', { name: zh.common.table.delete }));
    await within(drawer).findByText(zh.systems.access.empty);
    expect(await entriesOf(token, docs.id)).toEqual([]);
    // The drawer is the top layer again (and its buttons reachable) once the confirmation has gone.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: zh.systems.access.deleteTitle })).toBeNull());
    await user.click(within(drawer).getByRole('button', { name: zh.common.closeText }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: fill(zh.systems.access.title, { title: 'View handbook' }) })).toBeNull(),
    );

    // A menu with children is refused; the new one is deleted.
    await chooseFromMenu(
      user,
      within(table).getByRole('button', { name: fill(zh.systems.menu.more, { title: zh.routes.site.manage }) }),
      zh.systems.menu.delete,
    );
    let confirm = await findDialog('dialog', zh.systems.menu.deleteTitle);
    await user.click(within(confirm).getByRole('button', { name: zh.common.table.delete }));
    expect((await within(confirm).findByRole('alert')).textContent).toMatch(
      pattern(serverZh('menu.hasChildren', { name: 'SiteManage', count: '{{count}}' })),
    );
    await user.click(within(confirm).getByRole('button', { name: zh.common.cancelText }));
    await within(table).findByText(zh.routes.site.manage);

    await chooseFromMenu(
      user,
      within(table).getByRole('button', { name: fill(zh.systems.menu.more, { title: 'View handbook' }) }),
      zh.systems.menu.delete,
    );
    confirm = await findDialog('dialog', zh.systems.menu.deleteTitle);
    await user.click(within(confirm).getByRole('button', { name: zh.common.table.delete }));
    await waitFor(() => expect(within(table).queryByText('View handbook')).toBeNull());
    expect(await menuNamed(token, 'ViewDocs')).toBeUndefined();
  }, 400_000);
});
