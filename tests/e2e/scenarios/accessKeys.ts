import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { scenario } from '../harness';
import { PASSWORD, addSite, call, loginToken, uniqueUsername } from '../api';
import { check, openFromSidebar, signedIn, signedInAs, toEnglishDark, waitForOverview } from '../pages';
import { en, fill, zh } from '../texts';
import zhKey from '../../../src/i18n/locales/zh_CN/accessKey.json';
import enKey from '../../../src/i18n/locales/en/accessKey.json';
import zhInvite from '../../../src/i18n/locales/zh_CN/invite.json';
import enInvite from '../../../src/i18n/locales/en/invite.json';

/** The HTTP status a script gets for a read call made with `secret`. */
async function statusWith(baseUrl: string, secret: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/user/get_user_details`, {
    headers: { authorization: `Bearer ${secret}`, 'x-forwarded-for': '10.4.0.1' },
  });
  return response.status;
}

/** Creates a read key named `name` on the open /accesskey page (expiry: `YYYY-MM-DDTHH:mm` or none); returns its secret. */
async function createKeyOnPage(page: Page, name: string, expires?: string): Promise<string> {
  await page.getByRole('button', { name: zhKey.add }).first().click();
  const form = page.getByRole('form', { name: zhKey.form.title });
  await form.getByLabel(zhKey.fields.name, { exact: true }).fill(name);
  if (expires) {
    // A day as Chinese writes it, then the time: the field's two halves.
    const [day, time] = expires.split('T');
    const dayInput = form.getByRole('textbox', { name: fill(zh.common.dateTimeInput.day, { field: zhKey.fields.expires }) });
    await dayInput.fill(day.replaceAll('-', '/'));
    await dayInput.press('Enter');
    await form.getByRole('textbox', { name: fill(zh.common.dateTimeInput.time, { field: zhKey.fields.expires }) }).fill(time);
  }
  await form.getByRole('button', { name: zhKey.form.create }).click();
  const secret = (await page.getByTestId('access-key-secret').innerText()).trim();
  await page.getByRole('button', { name: zhKey.secret.done }).click();
  await page.getByTestId('access-key-secret').waitFor({ state: 'detached' });
  return secret;
}

export const accessKeyScenarios = [
  scenario(
    'keys and invites: create an API key, see its secret once, generate articles with it over HTTP, see the calls in the key log',
    async ({ newPage, baseUrl, screenshot }) => {
      const page = await signedIn(newPage, baseUrl, 'keys');
      await openFromSidebar(page, null, zh.routes.accesskey.accesskey);
      await page.getByRole('button', { name: zhKey.add }).first().click();
      const form = page.getByRole('form', { name: zhKey.form.title });
      await form.getByLabel(zhKey.fields.name, { exact: true }).fill('nightly script');
      await form.getByText(zhKey.scopes.generate, { exact: true }).click();
      await form.getByText(zhKey.scopes.sites, { exact: true }).click();
      await screenshot(page, 'accesskey-create');
      await form.getByRole('button', { name: zhKey.form.create }).click();

      const secretBox = page.getByTestId('access-key-secret');
      const secret = (await secretBox.innerText()).trim();
      check(/^ink_[A-Za-z0-9_-]{32}$/.test(secret), `the modal shows the secret, got "${secret}"`);
      await page.getByText(zhKey.secret.once).waitFor();
      await screenshot(page, 'accesskey-secret');
      await page.getByRole('button', { name: zhKey.secret.done }).click();
      await secretBox.waitFor({ state: 'detached' });
      const row = page.getByRole('row', { name: /nightly script/ });
      await row.getByText(`${secret.slice(0, 12)}…`).waitFor();
      check(!(await page.content()).includes(secret.slice(12)), 'the secret is not on the page once its modal is closed');
      await screenshot(page, 'accesskey-list');

      // A script's calls with the key: a site, a generation task, its progress, its articles.
      const site = await addSite(baseUrl, secret, { name: 'Key site', url: 'https://example.com', type: 'export' });
      const task = await call<{ id: number }>(
        baseUrl,
        'POST',
        '/api/v1/article_task/add',
        { site_id: site.id, keywords: 'green tea benefits', images: false },
        secret,
      );
      for (let i = 0; ; i++) {
        const detail = await call<{ task: { done: number; total: number } }>(
          baseUrl,
          'GET',
          `/api/v1/article_task/detail?id=${task.id}`,
          undefined,
          secret,
        );
        if (detail.task.done === detail.task.total) break;
        check(i < 300, 'the task finishes within five minutes');
        await new Promise((r) => setTimeout(r, 1000));
      }
      const articles = await call<{ total: number }>(baseUrl, 'GET', `/api/v1/article/list?task_id=${task.id}`, undefined, secret);
      check(articles.total === 1, `the task wrote its article, got ${articles.total}`);

      await page.getByRole('tab', { name: zhKey.tabs.log }).click();
      await page.getByText('POST /api/v1/article_task/add').waitFor();
      await page.getByText(`GET /api/v1/article/list`).waitFor();
      await screenshot(page, 'accesskey-log');
      await page.getByRole('tab', { name: zhKey.tabs.examples }).click();
      await page.getByTestId('curl-create').getByText('/api/v1/article_task/add').waitFor();
      await page.getByText(fill(zhKey.examples.intro, { prefix: secret.slice(0, 12) })).waitFor();
      await screenshot(page, 'accesskey-examples');

      await toEnglishDark(page);
      await page.getByRole('tab', { name: enKey.tabs.log }).click();
      await page.getByText('POST /api/v1/article_task/add').waitFor();
      await screenshot(page, 'accesskey-log-en-dark');
      await page.getByRole('tab', { name: enKey.tabs.keys }).click();
      // Back on the keys, the row shows the calls just made: last used, and from where.
      const usedRow = page.getByRole('row', { name: /nightly script/ });
      await usedRow.getByText(/^10\.2\.\d+\.\d+$/).waitFor();
      check((await usedRow.getByText(enKey.never, { exact: true }).count()) === 0, 'the key no longer reads "never used"');
      await screenshot(page, 'accesskey-list-en-dark');
    },
  ),

  scenario(
    'keys and invites: register through an invite link in a second browser and see the reward on both sides',
    async ({ newPage, baseUrl, screenshot }) => {
      const inviter = await signedIn(newPage, baseUrl, 'inviter');
      await openFromSidebar(inviter, null, zh.routes.invitereg.invitereg);
      const link = (await inviter.getByTestId('invite-link').innerText()).trim();
      const code = (await inviter.getByTestId('invite-code').innerText()).trim();
      check(link.endsWith(`/login?invite=${code}`), `the link carries the code, got ${link}`);
      await inviter.getByText(fill(zhInvite.rewards.inviter, { points: 100 })).waitFor();
      await screenshot(inviter, 'invitereg-before');

      const friend = await newPage();
      await friend.goto(`/login?invite=${code}`);
      const form = friend.getByRole('form', { name: zh.sys.login.signUpFormTitle });
      check(
        (await form.getByLabel(zh.sys.login.inviteCode, { exact: true }).inputValue()) === code,
        'the register form opens with the code filled in',
      );
      const username = uniqueUsername('friend');
      await form.getByLabel(zh.sys.login.userName, { exact: true }).fill(username);
      await form.getByLabel(zh.sys.login.password, { exact: true }).fill(PASSWORD);
      await form.getByLabel(zh.sys.login.confirmPassword, { exact: true }).fill(PASSWORD);
      await screenshot(friend, 'invitereg-register');
      await form.getByRole('button', { name: zh.sys.login.registerButton }).click();
      await waitForOverview(friend);
      await openFromSidebar(friend, null, zh.routes.account.account);
      await friend.getByText('邀请奖励', { exact: true }).waitFor();
      await friend.getByText('+50', { exact: true }).waitFor();
      await screenshot(friend, 'invitereg-friend-ledger');

      await inviter.reload();
      await inviter.getByTestId('invite-earned').filter({ hasText: /^100$/ }).waitFor();
      await inviter.getByText(`${username.slice(0, 2)}***${username.slice(-1)}`).waitFor();
      await screenshot(inviter, 'invitereg-after');
      await toEnglishDark(inviter);
      await inviter.getByText(fill(enInvite.rewards.inviter, { points: 100 })).waitFor();
      await screenshot(inviter, 'invitereg-en-dark');
    },
  ),
  scenario(
    'keys and invites: rotate, disable and let a key expire on /accesskey; each old or stopped secret gets 401 over HTTP at once',
    async ({ newPage, baseUrl, screenshot }) => {
      const username = uniqueUsername('keylife');
      const page = await signedInAs(newPage, baseUrl, username);
      await openFromSidebar(page, null, zh.routes.accesskey.accesskey);
      // A key that ends at the first whole minute at least 20 s away: the form's expiry has minute
      // steps, in the browser's time zone, and the key must still work while the steps below run.
      const soon = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
      const local = new Date(soon.getTime() - soon.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
      const shortLived = await createKeyOnPage(page, 'short lived', local);
      check((await statusWith(baseUrl, shortLived)) === 200, 'the short-lived key works before its expiry');
      const first = await createKeyOnPage(page, 'deploy script');
      check((await statusWith(baseUrl, first)) === 200, 'the new key works');

      // Rotate with no grace: the old secret is refused at once, the new one (shown once) works.
      const row = page.getByRole('row', { name: /deploy script/ });
      await row.getByRole('button', { name: zhKey.actions.rotate }).click();
      const rotateForm = page.getByRole('form', { name: zhKey.rotate.label });
      await rotateForm.getByText(zhKey.rotate.graces['0']).waitFor({ state: 'attached' });
      await screenshot(page, 'accesskey-rotate');
      await rotateForm.getByRole('button', { name: zhKey.rotate.submit }).click();
      const second = (await page.getByTestId('access-key-secret').innerText()).trim();
      check(second !== first && second.startsWith('ink_'), 'rotating shows a new secret');
      await page.getByRole('button', { name: zhKey.secret.done }).click();
      await row.getByText(`${second.slice(0, 12)}…`).waitFor();
      check((await statusWith(baseUrl, first)) === 401, 'the rotated-out secret gets 401 at once');
      check((await statusWith(baseUrl, second)) === 200, 'the new secret works');

      // Disable: 401 at once; enable: it works again.
      await row.getByRole('button', { name: zhKey.actions.disable }).click();
      await row.getByText(zhKey.status.disabled, { exact: true }).waitFor();
      check((await statusWith(baseUrl, second)) === 401, 'a disabled key gets 401 at once');
      await screenshot(page, 'accesskey-disabled');
      await row.getByRole('button', { name: zhKey.actions.enable }).click();
      await row.getByText(zhKey.status.active, { exact: true }).waitFor();
      check((await statusWith(baseUrl, second)) === 200, 'an enabled key works again');

      // The short-lived key: 401 once its time has passed, and the list says it expired. Rather than
      // wait for the form's whole minute (up to 80 s), a script brings its end to 2 s from now
      // (the API takes seconds, in the server's time, which is this machine's).
      const token = await loginToken(baseUrl, username, PASSWORD);
      const keys = await call<{ list: { id: number; name: string }[] }>(
        baseUrl,
        'GET',
        '/api/v1/accesskey/list?page=1&page_size=50',
        undefined,
        token,
      );
      const shortLivedId = keys.list.find((key) => key.name === 'short lived')?.id;
      const ends = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000);
      const endsAt = dayjs(ends).format('YYYY-MM-DD HH:mm:ss');
      await call(baseUrl, 'PUT', '/api/v1/accesskey/edit', { id: shortLivedId, expires_at: endsAt }, token);
      check((await statusWith(baseUrl, shortLived)) === 200, 'the short-lived key works until its end');
      for (let i = 0; (await statusWith(baseUrl, shortLived)) !== 401; i++) {
        check(i < 600, 'the short-lived key is refused after its expiry');
        await new Promise((r) => setTimeout(r, 100));
      }
      check(Date.now() >= ends.getTime() - 1000, 'it was not refused before its expiry');
      await page.reload();
      await page
        .getByRole('row', { name: /short lived/ })
        .getByText(zhKey.status.expired, { exact: true })
        .waitFor();
      await screenshot(page, 'accesskey-states');
      await page.getByRole('button', { name: zh.layout.header.darkMode }).click();
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      await screenshot(page, 'accesskey-states-dark');
      await page.getByRole('button', { name: zh.layout.header.language }).click();
      await page.getByRole('menuitemradio', { name: 'English' }).click();
      await page
        .getByRole('row', { name: /short lived/ })
        .getByText(enKey.status.expired, { exact: true })
        .waitFor();
      await page
        .getByRole('row', { name: /deploy script/ })
        .getByText(enKey.status.active, { exact: true })
        .waitFor();
      await screenshot(page, 'accesskey-states-en-dark');
      await page.getByRole('button', { name: en.layout.header.lightMode }).click();
      await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
      await screenshot(page, 'accesskey-states-en');
    },
  ),
];
