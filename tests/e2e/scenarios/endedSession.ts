import { scenario } from '../harness';
import { PASSWORD, call, loginToken, registerAccount, uniqueUsername } from '../api';
import { check, signIn, waitForOverview } from '../pages';
import { zh } from '../texts';

export const endedSessionScenarios = [
  scenario(
    'a session ended on the server (401): reloading leads to /login?redirect=… and back after login',
    async ({ newPage, baseUrl }) => {
      const username = uniqueUsername('ended');
      await registerAccount(baseUrl, username);
      const page = await newPage();
      await page.goto('/login');
      await signIn(page, username, PASSWORD);
      await waitForOverview(page);

      // Changing the password elsewhere ends every other session of the account.
      const elsewhere = await loginToken(baseUrl, username, PASSWORD);
      const newPassword = 'Changed-passw0rd';
      await call(
        baseUrl,
        'PUT',
        '/api/v1/user/password_edit',
        { old_password: PASSWORD, new_password: newPassword, password_confirmation: newPassword },
        elsewhere,
      );

      const refused = page.waitForResponse(
        (response) => response.url().includes('/api/v1/user/get_user_details') && response.status() === 401,
      );
      await page.reload();
      await refused;
      await page.waitForURL(/\/login\?redirect=/);
      const redirect = new URL(page.url()).searchParams.get('redirect');
      check(redirect === '/dashboard/analysis', `the redirect query holds the page, got ${redirect}`);
      await signIn(page, username, newPassword);
      await waitForOverview(page);
      check(
        !(await page.getByRole('alertdialog', { name: zh.sys.login.sessionTimeoutTitle }).isVisible()),
        'no overlay after a fresh login',
      );
    },
  ),
];
