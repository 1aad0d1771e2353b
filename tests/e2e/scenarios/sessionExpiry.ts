import { scenario } from '../harness';
import { PASSWORD, registerAccount, uniqueUsername } from '../api';
import { check, openUserMenuItem, signIn, waitForOverview } from '../pages';
import { zh } from '../texts';

export const sessionExpiryScenarios = [
  scenario(
    'a session that expires on the server is renewed in the overlay; the page keeps its state',
    async ({ newPage, baseUrl, expireSessionsOf, screenshot }) => {
      const username = uniqueUsername('ttl');
      await registerAccount(baseUrl, username);
      const page = await newPage();
      await page.goto('/login');
      await signIn(page, username, PASSWORD);
      await waitForOverview(page);
      const urlBefore = page.url();
      // Marks this document: a reload or a redirect would lose it.
      await page.evaluate(() => Object.assign(window, { e2eMarker: 'still here' }));

      await openUserMenuItem(page, zh.layout.header.changePassword);
      const dialog = page.getByRole('dialog', { name: zh.layout.password.title });
      await dialog.getByLabel(zh.layout.password.oldPassword, { exact: true }).fill(PASSWORD);
      await dialog.getByLabel(zh.layout.password.newPassword, { exact: true }).fill('Another-passw0rd');
      await dialog.getByLabel(zh.layout.password.confirmPassword, { exact: true }).fill('Another-passw0rd');

      // The session ends on the server (as SESSION_TTL unused would end it), then it is used.
      await expireSessionsOf(username);
      await dialog.getByRole('button', { name: zh.common.okText }).click();

      const overlay = page.getByRole('alertdialog', { name: zh.sys.login.sessionTimeoutTitle });
      await overlay.waitFor();
      const prefilled = await overlay.getByLabel(zh.sys.login.userName, { exact: true }).inputValue();
      check(prefilled === username, `the overlay is prefilled with the username, got "${prefilled}"`);
      // The username is known: the cursor waits in the password field.
      await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.autocomplete === 'current-password');
      await screenshot(page, 'session-timeout-overlay');
      await signIn(page, '', PASSWORD, overlay);
      await overlay.waitFor({ state: 'hidden' });

      check(page.url() === urlBefore, `no redirect after re-login: ${page.url()} vs ${urlBefore}`);
      check(
        (await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)) === 'still here',
        'the page was not reloaded',
      );
      const kept = await dialog.getByLabel(zh.layout.password.oldPassword, { exact: true }).inputValue();
      check(kept === PASSWORD, 'the text typed before the expiry is still in the form');

      await dialog.getByRole('button', { name: zh.common.okText }).click();
      await page.getByText(zh.layout.password.changed).waitFor();
    },
  ),
];
