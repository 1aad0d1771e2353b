import { scenario } from '../harness';
import { PASSWORD, registerAccount, uniqueUsername } from '../api';
import { check, openUserMenuItem, signIn, waitForOverview } from '../pages';
import { zh } from '../texts';

export const loginScenarios = [
  scenario('register a new account from /login and land on the overview', async ({ newPage, screenshot }) => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: zh.sys.login.signInTitle }).waitFor();
    await screenshot(page, 'login-light');

    await page.getByRole('button', { name: zh.sys.login.registerButton, exact: true }).click();
    const form = page.getByRole('form', { name: zh.sys.login.signUpFormTitle });
    const username = uniqueUsername('reg');
    await form.getByLabel(zh.sys.login.userName, { exact: true }).fill(username);
    await form.getByLabel(zh.sys.login.password, { exact: true }).fill(PASSWORD);
    await form.getByLabel(zh.sys.login.confirmPassword, { exact: true }).fill(PASSWORD);
    await screenshot(page, 'register');
    await form.getByRole('button', { name: zh.sys.login.registerButton, exact: true }).click();

    await waitForOverview(page);
    await page.getByText(username).first().waitFor();
    const points = await page.getByTestId('points-balance').textContent();
    check(points && /\d/.test(points), `the points balance shows a number, got "${points}"`);
    check((await page.title()) === `${zh.routes.dashboard.analysis} - ${zh.sys.app.title}`, `page title is "${await page.title()}"`);
    const breadcrumb = await page.getByRole('navigation', { name: zh.layout.header.breadcrumb }).innerText();
    check(
      breadcrumb.includes(zh.routes.dashboard.dashboard) && breadcrumb.includes(zh.routes.dashboard.analysis),
      `breadcrumb: ${breadcrumb}`,
    );
    await screenshot(page, 'overview-light');
  }),

  scenario('the login form validates before sending and shows the server message inline', async ({ newPage, baseUrl }) => {
    const page = await newPage();
    const loginCalls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/v1/user/login') && loginCalls.push(request.url()));
    await page.goto('/login');
    const form = page.getByRole('form', { name: zh.sys.login.signInFormTitle });
    await form.getByRole('button', { name: zh.sys.login.loginButton, exact: true }).click();
    await form.getByText(zh.sys.validation.usernameRequired).waitFor();
    await form.getByText(zh.sys.validation.passwordRequired).waitFor();
    check(loginCalls.length === 0, 'an invalid form sends nothing');

    const username = uniqueUsername('wrong');
    await registerAccount(baseUrl, username);
    await signIn(page, username, 'not-the-password');
    await form.getByRole('alert').waitFor();
    check(loginCalls.length > 0, 'a valid form is sent');
    check(page.url().includes('/login'), 'a refused login stays on /login');
  }),

  scenario('an unauthenticated visit goes to /login?redirect=… and back after login', async ({ newPage, baseUrl }) => {
    const username = uniqueUsername('redir');
    await registerAccount(baseUrl, username);
    const page = await newPage();
    await page.goto('/dashboard/analysis?from=e2e');
    await page.waitForURL(/\/login\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    check(redirect === '/dashboard/analysis?from=e2e', `the redirect query holds the wanted path, got ${redirect}`);
    await signIn(page, username, PASSWORD);
    await page.waitForURL('**/dashboard/analysis?from=e2e');
    await page.getByTestId('points-balance').waitFor();
  }),

  scenario('logout returns to /login; signing in again reaches the overview', async ({ newPage, baseUrl }) => {
    const username = uniqueUsername('out');
    await registerAccount(baseUrl, username);
    const page = await newPage();
    await page.goto('/login');
    await signIn(page, username, PASSWORD);
    await waitForOverview(page);
    await openUserMenuItem(page, zh.layout.header.logout);
    await page.waitForURL(/\/login/);
    await page.goto('/dashboard/analysis');
    await page.waitForURL(/\/login\?redirect=/);
    await signIn(page, username, PASSWORD);
    await waitForOverview(page);
    await page.getByText(username).first().waitFor();
  }),
];
