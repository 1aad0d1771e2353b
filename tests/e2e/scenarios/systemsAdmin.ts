import type { Locator, Page } from 'playwright-core';
import zhSystems from '../../../src/i18n/locales/zh_CN/systems.json';
import enSystems from '../../../src/i18n/locales/en/systems.json';
import type { AccessEntry, MenuItem } from '../../../contract/schemas/menu';
import type { RoleItem } from '../../../contract/schemas/system';
import { scenario } from '../harness';
import { call, loginToken } from '../api';
import { check, openFromSidebar, readUntil, settled, signIn, waitForOverview } from '../pages';
import { en, fill, zh } from '../texts';
import enLayout from '../../../src/i18n/locales/en/layout.json';

async function closeDrawer(page: Page, drawer: Locator) {
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
}

async function toggleDark(page: Page, label: string) {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  await page.getByRole('button', { name: label }).click();
  await page.waitForFunction((was) => document.documentElement.classList.contains('dark') !== was, dark);
}

async function toEnglish(page: Page) {
  await page.getByRole('button', { name: zh.layout.header.language }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await page.getByRole('navigation', { name: en.layout.menu.label }).waitFor();
}

/**
 * How the menu table sits in its card: how far it sticks out sideways (0 or less: it fits, no
 * scrolling to reach the actions), its tallest row, and the share of the card its first column takes.
 */
async function menuTableFit(table: Locator) {
  return table.evaluate((element) => {
    const card = element.parentElement!;
    const rows = [...element.querySelectorAll('tbody tr')];
    const firstCell = rows[0]!.querySelector('td')!;
    return {
      overflow: card.scrollWidth - card.clientWidth,
      tallestRow: Math.round(Math.max(...rows.map((row) => row.getBoundingClientRect().height))),
      firstColumnShare: firstCell.getBoundingClientRect().width / card.clientWidth,
    };
  });
}

type Fit = Awaited<ReturnType<typeof menuTableFit>>;

/** The menu table reads on a laptop (1280 px: whole, no sideways scrolling) and on a phone (390 px: rows two lines high, the title column leaving room for the rest). */
async function checkMenuTableFits(page: Page, table: Locator, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  const laptopReads = (fit: Fit) => fit.overflow <= 0 && fit.tallestRow <= 80;
  const laptop = await readUntil(page, () => menuTableFit(table), laptopReads);
  check(laptopReads(laptop), `${name}: the menu table fits 1280 px, rows two lines high: ${JSON.stringify(laptop)}`);
  await page.setViewportSize({ width: 390, height: 844 });
  const phoneReads = (fit: Fit) => fit.tallestRow <= 80 && fit.firstColumnShare <= 0.65;
  const phone = await readUntil(page, () => menuTableFit(table), phoneReads);
  check(phoneReads(phone), `${name}: the menu table reads at 390 px: ${JSON.stringify(phone)}`);
}

/** A row's colour and its first cell's, which stays put over the others while the table scrolls sideways. */
function rowColours(row: Locator) {
  return row.evaluate((tr) => ({
    row: getComputedStyle(tr).backgroundColor,
    firstCell: getComputedStyle(tr.querySelector('td')!).backgroundColor,
  }));
}

/**
 * The first cell reads as part of its row, at rest and under the pointer: the same colour as the
 * row, which the pointer changes. The pointer stays on the row.
 */
async function checkFirstCellFollowsRow(page: Page, row: Locator, name: string) {
  const atRest = await rowColours(row);
  check(atRest.firstCell === atRest.row, `${name}: the first cell has its row's colour, got ${JSON.stringify(atRest)}`);
  // The path column: on a phone, reaching it scrolls the table sideways under the first cell.
  await row.locator('td').nth(2).hover();
  const lit = (colours: typeof atRest) => colours.row !== atRest.row && colours.firstCell === colours.row;
  const hovered = await readUntil(page, () => rowColours(row), lit);
  check(
    lit(hovered),
    `${name}: a hovered row lights up, its first cell too: at rest ${JSON.stringify(atRest)}, hovered ${JSON.stringify(hovered)}`,
  );
}

const flat = (menus: MenuItem[]): MenuItem[] => menus.flatMap((menu) => [menu, ...flat(menu.children)]);

export const systemsAdminScenarios = [
  scenario(
    'systems-admin: the operator edits a role’s tree of menus and permissions, adds a menu and an access entry; zh and en, light and dark',
    async ({ newPage, baseUrl, adminPassword, screenshot }) => {
      const token = await loginToken(baseUrl, 'admin', adminPassword);
      const page = await newPage();
      // The role tree and the menu table are the largest pages of the console: more time on a busy machine.
      await page.goto('/login');
      await signIn(page, 'admin', adminPassword);
      await waitForOverview(page);

      // Roles: a new role, its tree partly checked, saved.
      await openFromSidebar(page, zh.routes.systems.systems, zh.routes.systems.role);
      const roles = page.getByRole('table', { name: zh.routes.systems.role });
      await roles.getByText(zh.roles.master).waitFor();
      await page.getByRole('button', { name: zhSystems.role.add }).click();
      const roleForm = page.getByRole('dialog', { name: zhSystems.role.addTitle });
      await roleForm.getByLabel(zhSystems.role.fields.code, { exact: true }).fill('content_lead');
      await roleForm.getByLabel(zhSystems.role.fields.name, { exact: true }).fill('Content lead');
      await settled(roleForm);
      await screenshot(page, 'systems-role-add');
      await roleForm.getByRole('button', { name: zh.common.okText }).click();
      const row = roles.getByRole('row').filter({ hasText: 'Content lead' });
      await row.waitFor();

      await row.getByRole('button', { name: zhSystems.role.permissions }).click();
      const drawer = page.getByRole('dialog', { name: fill(zhSystems.role.treeTitle, { name: 'Content lead' }) });
      const tree = drawer.getByRole('tree');
      await tree.waitFor();
      await tree.getByText(zh.routes.site.list, { exact: true }).click();
      await tree.locator('label', { hasText: zh.common.permissions['article:add'] }).click();
      await tree.locator('label', { hasText: zh.common.permissions['article:edit'] }).click();
      // The partly checked parents show the dash.
      const articleManage = tree.locator('label', { hasText: zh.routes.article.manage }).first();
      check((await articleManage.getAttribute('data-state')) === 'indeterminate', 'the article group is partly checked');
      await settled(drawer);
      await screenshot(page, 'systems-role-tree');
      await drawer.getByRole('button', { name: zhSystems.role.saveTree }).click();
      await drawer.waitFor({ state: 'hidden' });
      const saved = (await call<{ list: RoleItem[] }>(baseUrl, 'GET', '/admin/v1/role/list', undefined, token)).list.find(
        (role) => role.code === 'content_lead',
      );
      const menus = flat((await call<{ list: MenuItem[] }>(baseUrl, 'GET', '/admin/v1/admin-menu/list?all=1', undefined, token)).list);
      const siteMenu = menus.find((menu) => menu.name === 'Site')!;
      const articleMenu = menus.find((menu) => menu.name === 'Article')!;
      check(
        saved && saved.menu_ids.includes(siteMenu.id) && saved.menu_ids.includes(articleMenu.id),
        `the role holds the checked menus, got ${JSON.stringify(saved?.menu_ids)}`,
      );
      const articleCodes = (
        await call<{ list: AccessEntry[] }>(baseUrl, 'GET', `/admin/v1/admin-access/list?menu_id=${articleMenu.id}`, undefined, token)
      ).list;
      const held = articleCodes.filter((entry) => saved.access_ids.includes(entry.id)).map((entry) => entry.auth_code);
      check(
        held.includes('article:add') && held.includes('article:edit') && !held.includes('article:del'),
        `the role holds the checked entries, got ${held.join(',')}`,
      );
      await row.getByText(fill(zhSystems.role.grants, { menus: saved.menu_ids.length, codes: saved.access_ids.length })).waitFor();
      await screenshot(page, 'systems-role-list');

      // Menus: the tree, a new menu under 站点管理, an access entry for it.
      await openFromSidebar(page, zh.routes.systems.systems, zh.routes.systems.menu);
      const table = page.getByRole('table', { name: zh.routes.systems.menu });
      await table.getByText(zh.routes.site.manage, { exact: true }).waitFor();
      await checkMenuTableFits(page, table, 'zh');
      await screenshot(page, 'systems-menu-list-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, 'systems-menu-list');
      await page.getByRole('button', { name: zhSystems.menu.add }).click();
      const menuDrawer = page.getByRole('dialog', { name: zhSystems.menu.addTitle });
      // Open before it is filled in: the drawer puts the focus in it as it opens, and focus moving
      // out of the parent picker just opened would close it under the pointer.
      await settled(menuDrawer);
      await menuDrawer.getByLabel(zhSystems.menu.fields.name, { exact: true }).fill('SiteReports');
      await menuDrawer.getByLabel(zhSystems.menu.fields.title, { exact: true }).fill('Site reports');
      await menuDrawer.getByLabel(zhSystems.menu.fields.url, { exact: true }).fill('/site-reports');
      await menuDrawer.getByLabel(zhSystems.menu.fields.component, { exact: true }).fill('iframe/index');
      await menuDrawer.getByLabel(zhSystems.menu.fields.icon, { exact: true }).fill('chart-line');
      await menuDrawer.getByLabel(zhSystems.menu.fields.order, { exact: true }).fill('3');
      // The parent picker names each menu in words, its code beneath.
      const parentPicker = menuDrawer.getByRole('combobox', { name: zhSystems.menu.fields.parent });
      await parentPicker.click();
      await page.getByRole('option').filter({ hasText: zh.routes.site.manage }).filter({ hasText: 'SiteManage' }).click();
      await parentPicker.filter({ hasText: zh.routes.site.manage }).waitFor();
      await menuDrawer.getByText('Content lead', { exact: true }).click();
      await menuDrawer.getByText(zh.roles.master, { exact: true }).click();
      await settled(menuDrawer);
      await screenshot(page, 'systems-menu-drawer');
      await menuDrawer.getByRole('button', { name: zh.common.okText }).click();
      await menuDrawer.waitFor({ state: 'hidden' });
      const newRow = table.getByRole('row').filter({ hasText: 'Site reports' });
      await newRow.waitFor();

      await newRow.getByRole('button', { name: fill(zhSystems.menu.accessOf, { title: 'Site reports' }) }).click();
      const accessDrawer = page.getByRole('dialog', { name: fill(zhSystems.access.title, { title: 'Site reports' }) });
      await accessDrawer.getByText(zhSystems.access.empty).waitFor();
      await accessDrawer.getByRole('button', { name: zhSystems.access.add }).click();
      const entryForm = page.getByRole('dialog', { name: zhSystems.access.addTitle });
      await entryForm.getByLabel(zhSystems.access.fields.name, { exact: true }).fill('Reports: export');
      await entryForm.getByLabel(zhSystems.access.fields.authCode, { exact: true }).fill('report:export');
      await settled(entryForm);
      await screenshot(page, 'systems-access-add');
      await entryForm.getByRole('button', { name: zh.common.okText }).click();
      await entryForm.waitFor({ state: 'hidden' });
      await accessDrawer.getByText('report:export').waitFor();
      await settled(accessDrawer);
      await screenshot(page, 'systems-access-drawer');
      await closeDrawer(page, accessDrawer);
      const reports = flat(
        (await call<{ list: MenuItem[] }>(baseUrl, 'GET', '/admin/v1/admin-menu/list?all=1', undefined, token)).list,
      ).find((menu) => menu.name === 'SiteReports');
      check(
        reports && reports.level === 2 && reports.role.includes('content_lead') && reports.role.includes('master'),
        `the new menu is stored under its parent with its roles, got ${JSON.stringify(reports)}`,
      );
      const entries = (
        await call<{ list: AccessEntry[] }>(baseUrl, 'GET', `/admin/v1/admin-access/list?menu_id=${reports.id}`, undefined, token)
      ).list;
      check(entries.length === 1 && entries[0]!.auth_code === 'report:export', 'the access entry is stored');

      // Chinese, dark.
      await toggleDark(page, zh.layout.header.darkMode);
      await checkFirstCellFollowsRow(page, newRow, 'zh, dark');
      await screenshot(page, 'systems-menu-list-dark');
      await newRow.getByRole('button', { name: fill(zhSystems.menu.editOf, { title: 'Site reports' }) }).click();
      const editDrawer = page.getByRole('dialog', { name: fill(zhSystems.menu.editTitle, { title: 'Site reports' }) });
      await settled(editDrawer);
      await screenshot(page, 'systems-menu-drawer-dark');
      await closeDrawer(page, editDrawer);
      await openFromSidebar(page, zh.routes.systems.systems, zh.routes.systems.role);
      await roles.getByRole('row').filter({ hasText: 'Content lead' }).getByRole('button', { name: zhSystems.role.permissions }).click();
      await drawer.getByRole('tree').waitFor();
      await settled(drawer);
      await screenshot(page, 'systems-role-tree-dark');
      await closeDrawer(page, drawer);

      // English, dark then light.
      await toEnglish(page);
      const enRoles = page.getByRole('table', { name: en.routes.systems.role });
      await enRoles.getByText('Content lead').waitFor();
      await screenshot(page, 'systems-role-list-en-dark');
      await enRoles
        .getByRole('row')
        .filter({ hasText: 'Editor' })
        .first()
        .getByRole('button', { name: enSystems.role.permissions })
        .click();
      const enDrawer = page.getByRole('dialog', { name: fill(enSystems.role.treeTitle, { name: 'Editor' }) });
      await enDrawer.getByRole('tree').waitFor();
      await enDrawer.getByRole('button', { name: enSystems.role.tree.clear }).click();
      await enDrawer.getByText(enSystems.role.builtInNotEmpty).waitFor();
      check(await enDrawer.getByRole('button', { name: enSystems.role.saveTree }).isDisabled(), 'a built-in role cannot be saved empty');
      await settled(enDrawer);
      await screenshot(page, 'systems-role-tree-builtin-empty-en-dark');
      await closeDrawer(page, enDrawer);

      await toggleDark(page, enLayout.header.lightMode);
      await screenshot(page, 'systems-role-list-en');
      // A fresh load keeps the language and theme (stored preferences).
      await page.goto('/systems/sub/accounts/auth');
      const enTable = page.getByRole('table', { name: en.routes.systems.menu });
      await enTable.getByText('Site reports').waitFor();
      await checkMenuTableFits(page, enTable, 'en');
      await checkFirstCellFollowsRow(page, enTable.getByRole('row').filter({ hasText: 'Site reports' }), 'en, light, phone');
      await screenshot(page, 'systems-menu-list-en-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, 'systems-menu-list-en');
      await enTable
        .getByRole('row')
        .filter({ hasText: 'Site reports' })
        .getByRole('button', { name: fill(enSystems.menu.accessOf, { title: 'Site reports' }) })
        .click();
      const enAccess = page.getByRole('dialog', { name: fill(enSystems.access.title, { title: 'Site reports' }) });
      await enAccess.getByText('report:export').waitFor();
      await settled(enAccess);
      await screenshot(page, 'systems-access-drawer-en');
    },
  ),
];
