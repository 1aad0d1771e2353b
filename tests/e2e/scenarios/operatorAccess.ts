import type { Page } from 'playwright-core';
import type { MenuItem } from '../../../contract/schemas/menu';
import type { RoleItem, UserSession } from '../../../contract/schemas/system';
import zhSystems from '../../../src/i18n/locales/zh_CN/systems.json';
import enSystems from '../../../src/i18n/locales/en/systems.json';
import zhAccount from '../../../src/i18n/locales/zh_CN/account.json';
import enAccount from '../../../src/i18n/locales/en/account.json';
import zhPrompt from '../../../src/i18n/locales/zh_CN/prompt.json';
import zhSys from '../../../src/i18n/locales/zh_CN/sys.json';
import enSys from '../../../src/i18n/locales/en/sys.json';
import { scenario } from '../harness';
import { PASSWORD, call, loginToken, registerAccount, uniqueUsername } from '../api';
import { atRest, check, openFromSidebar, settled, signIn, toEnglishDark, waitForOverview } from '../pages';
import { en, fill, zh } from '../texts';

/** What the operator's changes do to a user's console, and the operator signing in as a user. */

const flat = (menus: MenuItem[]): MenuItem[] => menus.flatMap((menu) => [menu, ...flat(menu.children)]);

async function signedInOnLogin(page: Page, username: string, password: string) {
  await page.goto('/login');
  await signIn(page, username, password);
  await waitForOverview(page);
}

/** The sidebar's links under `section` (opened first). */
async function sectionLinks(page: Page, navigationLabel: string, section: string) {
  const menu = page.getByRole('navigation', { name: navigationLabel });
  const button = menu.getByRole('button', { name: section });
  if ((await button.getAttribute('data-state')) !== 'open') await button.click();
  await menu.locator('[data-state="open"]').first().waitFor();
  await atRest(page);
  return menu;
}

/** The row menu of `username` on the accounts list. */
async function rowAction(page: Page, texts: typeof zhSystems, username: string, item: string) {
  await page.getByRole('button', { name: fill(texts.sub.more, { name: username }) }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

export const operatorAccessScenarios = [
  scenario(
    'operator-access, role-menu-removal: the operator takes a menu out of a role in its tree; a holder reloads and has neither the menu nor its page',
    async ({ newPage, baseUrl, adminPassword, screenshot }) => {
      const admin = await loginToken(baseUrl, 'admin', adminPassword);
      const code = `reader_${Date.now().toString(36)}`;
      const roleName = `Reader ${code.slice(7)}`;
      const { id: roleId } = await call<{ id: number }>(baseUrl, 'POST', '/admin/v1/role/add', { code, name: roleName }, admin);
      const menus = flat((await call<{ list: MenuItem[] }>(baseUrl, 'GET', '/admin/v1/admin-menu/list?all=1', undefined, admin)).list);
      const ids = ['ArticleManage', 'Article', 'Prompt'].map((name) => menus.find((menu) => menu.name === name)!.id);
      await call(baseUrl, 'PUT', '/admin/v1/role/edit', { id: roleId, menu_ids: ids, access_ids: [] }, admin);
      const username = uniqueUsername('reader');
      await registerAccount(baseUrl, username);
      const { id: userId } = await call<{ id: number }>(
        baseUrl,
        'GET',
        '/api/v1/user/get_user_details',
        undefined,
        await loginToken(baseUrl, username, PASSWORD),
      );
      await call(baseUrl, 'PUT', '/admin/v1/subaccount/edit', { id: userId, role: code }, admin);

      // The holder sees the article section with its prompt page.
      const user = await newPage();
      await signedInOnLogin(user, username, PASSWORD);
      let menu = await sectionLinks(user, zh.layout.menu.label, zh.routes.article.manage);
      await menu.getByRole('link', { name: zh.routes.article.prompt, exact: true }).waitFor();
      await openFromSidebar(user, zh.routes.article.manage, zh.routes.article.prompt);
      await user.waitForFunction((title) => document.title.startsWith(title), zh.routes.article.prompt);
      await screenshot(user, 'role-menu-removal-before');

      // The operator unchecks the prompt menu in the role's tree and saves.
      const operator = await newPage();
      await signedInOnLogin(operator, 'admin', adminPassword);
      await openFromSidebar(operator, zh.routes.systems.systems, zh.routes.systems.role);
      const row = operator.getByRole('table', { name: zh.routes.systems.role }).getByRole('row').filter({ hasText: roleName });
      await row.getByRole('button', { name: zhSystems.role.permissions }).click();
      const drawer = operator.getByRole('dialog', { name: fill(zhSystems.role.treeTitle, { name: roleName }) });
      const tree = drawer.getByRole('tree');
      await tree.waitFor();
      const prompt = tree.locator('label', { hasText: zh.routes.article.prompt }).first();
      // The menu without its entries: partly checked. A click checks it whole, the next one clears it.
      check(
        (await prompt.getAttribute('data-state')) === 'indeterminate',
        'the prompt menu is held (without its entries) in the role tree before',
      );
      await prompt.click();
      if ((await prompt.getAttribute('data-state')) === 'checked') await prompt.click();
      check((await prompt.getAttribute('data-state')) === 'unchecked', 'the prompt menu is unchecked');
      await settled(drawer);
      await screenshot(operator, 'role-menu-removal-tree');
      await drawer.getByRole('button', { name: zhSystems.role.saveTree }).click();
      await drawer.waitFor({ state: 'hidden' });
      const saved = (await call<{ list: RoleItem[] }>(baseUrl, 'GET', '/admin/v1/role/list', undefined, admin)).list.find(
        (role) => role.code === code,
      )!;
      check(
        !saved.menu_ids.includes(ids[2]!) && saved.menu_ids.includes(ids[1]!),
        `the role keeps the article list without the prompt page, got ${JSON.stringify(saved.menu_ids)}`,
      );

      // The holder reloads: no prompt menu, and its address is not found; no new login asked.
      await user.goto('/article');
      menu = await sectionLinks(user, zh.layout.menu.label, zh.routes.article.manage);
      await menu.getByRole('link', { name: zh.routes.article.list, exact: true }).waitFor();
      check(
        (await menu.getByRole('link', { name: zh.routes.article.prompt, exact: true }).count()) === 0,
        'the prompt menu is gone from the holder’s sidebar',
      );
      await screenshot(user, 'role-menu-removal-after');
      await user.goto('/prompt');
      // The page is there, but no longer the holder's: no access (403), not "not found".
      await user.getByRole('heading', { name: zhSys.exception['403'].title }).waitFor();
      check((await user.getByRole('button', { name: zhPrompt.add }).count()) === 0, 'the prompt page does not open');
      await screenshot(user, 'role-menu-removal-no-access');

      await toEnglishDark(user);
      await user.getByRole('heading', { name: enSys.exception['403'].title }).waitFor();
      await screenshot(user, 'role-menu-removal-no-access-en-dark');
      await user.goto('/article');
      menu = await sectionLinks(user, en.layout.menu.label, en.routes.article.manage);
      await menu.getByRole('link', { name: en.routes.article.list, exact: true }).waitFor();
      check(
        (await menu.getByRole('link', { name: en.routes.article.prompt, exact: true }).count()) === 0,
        'no prompt menu in English either',
      );
      await screenshot(user, 'role-menu-removal-after-en-dark');
    },
  ),

  scenario(
    'operator-access, sign-in-as: the operator grants points, signs in as an owner, sees the banner and their data, the owner’s sessions show it, and returns without a new login',
    async ({ newPage, baseUrl, adminPassword, screenshot }) => {
      const ownerName = uniqueUsername('seen');
      await registerAccount(baseUrl, ownerName);
      const ownerToken = await loginToken(baseUrl, ownerName, PASSWORD);
      const promptName = `Prompt of ${ownerName}`;
      await call(
        baseUrl,
        'POST',
        '/api/v1/prompt/add',
        { kind: 'article', name: promptName, content: 'Write about {keyword}' },
        ownerToken,
      );

      const page = await newPage();
      await signedInOnLogin(page, 'admin', adminPassword);
      await page.goto('/systems/admin/subaccount');
      await page.getByRole('searchbox', { name: zhSystems.sub.search }).fill(ownerName);
      await page.keyboard.press('Enter');
      const table = page.getByRole('table', { name: zh.routes.systems.subaccount });
      const row = table.getByRole('row').filter({ hasText: ownerName });
      await row.getByRole('cell', { name: '1,000' }).waitFor();

      // Points: add 250 with a reason (the billing grant), the row shows the new balance.
      await rowAction(page, zhSystems, ownerName, zhSystems.grant.action);
      const grant = page.getByRole('dialog', { name: zhSystems.grant.title });
      await grant.getByLabel(zhSystems.grant.points, { exact: true }).fill('250');
      await grant.getByLabel(zhSystems.grant.reason, { exact: true }).fill('Launch bonus');
      await settled(grant);
      await screenshot(page, 'sign-in-as-grant');
      await grant.getByRole('button', { name: zhSystems.grant.submit }).click();
      await grant.waitFor({ state: 'hidden' });
      await page.getByText(fill(zhSystems.grant.done, { name: ownerName, balance: 1250 })).waitFor();
      await row.getByRole('cell', { name: '1,250' }).waitFor();
      const ledger = await call<{ list: { reason: string; delta: number; reference: string | null }[] }>(
        baseUrl,
        'GET',
        '/api/v1/account/points/list?page=1&page_size=5',
        undefined,
        ownerToken,
      );
      check(
        ledger.list.some((entry) => entry.reason === 'grant' && entry.delta === 250 && entry.reference?.includes('Launch bonus')),
        `the owner's ledger has the grant, got ${JSON.stringify(ledger.list)}`,
      );

      // Sign in as the owner.
      await rowAction(page, zhSystems, ownerName, zhSystems.signInAs.action);
      const confirm = page.getByRole('dialog', { name: zhSystems.signInAs.title });
      await settled(confirm);
      await screenshot(page, 'sign-in-as-confirm');
      await confirm.getByRole('button', { name: zhSystems.signInAs.submit }).click();
      await waitForOverview(page);
      const banner = page.getByRole('status', { name: zh.layout.operator.label });
      await banner.getByText(fill(zh.layout.operator.signedInAs, { user: ownerName, operator: 'admin' })).waitFor();
      check(
        (await page.getByTestId('points-balance').textContent())?.replace(/\D/g, '') === '1250',
        'the overview shows the owner’s balance',
      );
      await screenshot(page, 'sign-in-as-banner');
      // The owner's console: their System pages, not the operator's.
      const systems = await sectionLinks(page, zh.layout.menu.label, zh.routes.systems.systems);
      await systems.getByRole('link', { name: zh.routes.systems.subaccount, exact: true }).waitFor();
      check(
        (await systems.getByRole('link', { name: zh.routes.systems.role, exact: true }).count()) === 0,
        'the owner’s console: no operator-only menu',
      );
      await page.goto('/prompt');
      await page.getByRole('cell', { name: promptName }).waitFor();
      await screenshot(page, 'sign-in-as-prompts');
      await page.goto('/account');
      await page.getByRole('tab', { name: zhAccount.sessions.title }).click();
      const sessions = page.getByRole('table', { name: zhAccount.sessions.title });
      await sessions.getByText(fill(zhAccount.sessions.byOperator, { name: 'admin' })).waitFor();
      await screenshot(page, 'sign-in-as-sessions');

      await toEnglishDark(page);
      await page
        .getByRole('status', { name: en.layout.operator.label })
        .getByText(fill(en.layout.operator.signedInAs, { user: ownerName, operator: 'admin' }))
        .waitFor();
      await page.getByRole('tab', { name: enAccount.sessions.title }).click();
      await page
        .getByRole('table', { name: enAccount.sessions.title })
        .getByText(fill(enAccount.sessions.byOperator, { name: 'admin' }))
        .waitFor();
      await screenshot(page, 'sign-in-as-sessions-en-dark');

      // The owner's own list shows the operator's session too.
      const listed = (await call<{ list: UserSession[] }>(baseUrl, 'GET', '/api/v1/user/sessions', undefined, ownerToken)).list;
      check(
        listed.some((s) => s.started_by_operator === 'admin' && s.open),
        `the owner's sessions list the operator's, got ${JSON.stringify(listed)}`,
      );

      // Back to the operator's account, no login asked; the owner's session the operator used is ended.
      await page.getByRole('button', { name: en.layout.operator.return }).click();
      await page.waitForURL('**/systems/admin/subaccount');
      await page.getByRole('table', { name: en.routes.systems.subaccount }).waitFor();
      check((await page.getByRole('status', { name: en.layout.operator.label }).count()) === 0, 'no banner once back');
      const after = (await call<{ list: UserSession[] }>(baseUrl, 'GET', '/api/v1/user/sessions', undefined, ownerToken)).list;
      check(
        after.filter((s) => s.started_by_operator === 'admin').every((s) => !s.open),
        'the session the operator used has ended',
      );
      await screenshot(page, 'sign-in-as-returned-en-dark');

      // Take points away again, in English and dark.
      await page.getByRole('searchbox', { name: enSystems.sub.search }).fill(ownerName);
      await page.keyboard.press('Enter');
      const enRow = page.getByRole('table', { name: en.routes.systems.subaccount }).getByRole('row').filter({ hasText: ownerName });
      await enRow.getByRole('cell', { name: '1,250' }).waitFor();
      await rowAction(page, enSystems, ownerName, enSystems.grant.action);
      const deduct = page.getByRole('dialog', { name: enSystems.grant.title });
      await deduct.getByLabel(enSystems.grant.direction, { exact: true }).selectOption('deduct');
      await deduct.getByLabel(enSystems.grant.points, { exact: true }).fill('2000');
      await deduct.getByLabel(enSystems.grant.reason, { exact: true }).fill('Correction');
      await deduct.getByRole('button', { name: enSystems.grant.submit }).click();
      await deduct.getByRole('alert').waitFor();
      await settled(deduct);
      await screenshot(page, 'sign-in-as-deduct-refused-en-dark');
      await deduct.getByLabel(enSystems.grant.points, { exact: true }).fill('50');
      await deduct.getByRole('button', { name: enSystems.grant.submit }).click();
      await deduct.waitFor({ state: 'hidden' });
      await enRow.getByRole('cell', { name: '1,200' }).waitFor();
    },
  ),
];
