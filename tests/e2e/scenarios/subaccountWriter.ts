import type { Page } from 'playwright-core';
import { ApiPath } from '../../../contract/paths';
import { scenario } from '../harness';
import { PASSWORD, loginToken, uniqueUsername } from '../api';
import { check, signedInAs, signIn, toEnglishDark } from '../pages';
import { en, zh } from '../texts';
import zhSystems from '../../../src/i18n/locales/zh_CN/systems.json';
import zhAccounts from '../../../contract/locales/zh_CN/accounts.json';
import zhPublishing from '../../../src/i18n/locales/zh_CN/publishing.json';
import enPublishing from '../../../src/i18n/locales/en/publishing.json';
import zhAccount from '../../../src/i18n/locales/zh_CN/account.json';
import enAccount from '../../../src/i18n/locales/en/account.json';
import enSys from '../../../src/i18n/locales/en/sys.json';

/** The HTTP status and envelope a direct call gets with `token`. */
async function statusOf(baseUrl: string, path: string, body: unknown, token: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': '10.4.0.14' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string };
  return { status: response.status, ...envelope };
}

/** The page shows its header (its buttons render with it), then a moment for its data (the notice stream never idles). */
async function settled(page: Page, title: string) {
  await page.getByRole('heading', { name: title }).first().waitFor();
  await page.waitForTimeout(1000);
}

export const subaccountWriterScenarios = [
  scenario(
    'subaccount-writer: an owner creates a writer, who sees no publish or top-up button, gets 403 calling them, and is signed out when disabled',
    async ({ newPage, baseUrl, screenshot }) => {
      const ownerName = uniqueUsername('owner');
      const writerName = `${ownerName}_w`;
      const owner = await signedInAs(newPage, baseUrl, ownerName);

      // The System menu's own path opens its first page.
      await owner.goto('/systems');
      await owner.waitForURL('**/systems/admin/subaccount');
      await settled(owner, zh.routes.systems.subaccount);
      await owner.getByRole('button', { name: zhSystems.sub.add }).click();
      const form = owner.getByRole('form', { name: zhSystems.sub.formLabel });
      await form.getByLabel(zhSystems.fields.username, { exact: true }).fill(writerName);
      await form.getByLabel(zhSystems.fields.realName, { exact: true }).fill('Wendy Writer');
      await form.getByLabel(zhSystems.fields.password, { exact: true }).fill(PASSWORD);
      await form.getByLabel(zhSystems.fields.role, { exact: true }).selectOption('writer');
      await screenshot(owner, 'subaccount-writer-create');
      await form.getByRole('button', { name: zh.common.okText }).click();
      await form.waitFor({ state: 'hidden' });
      await owner.getByRole('cell', { name: writerName }).first().waitFor();
      await screenshot(owner, 'subaccount-writer-list');

      // The writer, in a browser of their own.
      const writer = await newPage();
      await writer.goto('/login');
      await signIn(writer, writerName, PASSWORD);
      await writer.waitForURL('**/dashboard/analysis');
      await writer.goto('/task');
      await settled(writer, zh.routes.site.task);
      check(
        (await writer.getByRole('button', { name: zhPublishing.add }).count()) === 0,
        'a writer sees no button to publish (new publishing task)',
      );
      await screenshot(writer, 'subaccount-writer-task');
      await writer.goto('/account');
      await settled(writer, zh.routes.account.account);
      check((await writer.getByRole('button', { name: zhAccount.topUp }).count()) === 0, 'a writer sees no top-up button');
      await writer.goto('/account?recharge=1');
      await settled(writer, zh.routes.account.account);
      check(
        (await writer.getByRole('dialog', { name: zhAccount.recharge.title }).count()) === 0,
        'a writer gets no recharge dialog by its address',
      );
      await screenshot(writer, 'subaccount-writer-account');
      // An operator's page (a static route kept for the admin role) is not the writer's to open (403),
      // and neither the window nor the breadcrumb names it.
      await writer.goto('/systems/sub/accounts/role');
      await writer.getByRole('heading', { name: zh.sys.exception['403'].title }).waitFor();
      check((await writer.title()) === zh.sys.app.title, `the window names no operator page: "${await writer.title()}"`);
      check((await writer.getByText(zh.routes.systems.role).count()) === 0, 'nothing on the no-access page names the roles page');
      await screenshot(writer, 'subaccount-writer-operator-page-no-access');

      await toEnglishDark(writer);
      await writer.goto('/task');
      await settled(writer, en.routes.site.task);
      check((await writer.getByRole('button', { name: enPublishing.add }).count()) === 0, 'no publish button in English either');
      await screenshot(writer, 'subaccount-writer-task-en-dark');
      await writer.goto('/account');
      await settled(writer, en.routes.account.account);
      check((await writer.getByRole('button', { name: enAccount.topUp }).count()) === 0, 'no top-up button in English either');
      await screenshot(writer, 'subaccount-writer-account-en-dark');

      // Called directly with the writer's token, the server refuses publishing and topping up.
      const token = await loginToken(baseUrl, writerName, PASSWORD);
      for (const [path, body] of [
        [ApiPath.taskAdd, { name: 'x', site_id: 1, article_ids: [1] }],
        [ApiPath.topupOrderCreate, { package_id: 1 }],
        [ApiPath.topupCodeRedeem, { code: 'AAAA-BBBB-CCCC-DDDD' }],
      ] as const) {
        const refused = await statusOf(baseUrl, path, body, token);
        check(
          refused.status === 403 && refused.code === 403,
          `${path} with a writer's token: 403, got ${refused.status} ${refused.code} ${refused.msg}`,
        );
      }

      // The owner disables the writer: the open session ends at its next request.
      await owner.getByRole('button', { name: zhSystems.sub.more.replace('{{name}}', writerName) }).click();
      await owner.getByRole('menuitem', { name: zhSystems.sub.disable }).click();
      await owner.getByText(zhSystems.sub.disabledToast.replace('{{name}}', writerName)).waitFor();
      await owner.getByRole('cell', { name: zhAccounts.status.disabled }).waitFor();

      await writer.reload();
      await writer.waitForURL(/\/login/);
      await writer.getByRole('form', { name: enSys.login.signInFormTitle }).waitFor();
      await screenshot(writer, 'subaccount-writer-disabled-en-dark');
      const again = await statusOf(baseUrl, ApiPath.taskAdd, {}, token);
      check(again.status === 401, `the writer's token is refused once disabled, got ${again.status}`);

      await toEnglishDark(owner);
      await settled(owner, en.routes.systems.subaccount);
      await screenshot(owner, 'subaccount-writer-list-en-dark');
    },
  ),
];
