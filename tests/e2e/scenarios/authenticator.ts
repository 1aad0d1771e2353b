import { scenario } from '../harness';
import { PASSWORD, registerAccount, uniqueUsername } from '../api';
import { check, openUserMenuItem, signIn, waitForOverview } from '../pages';
import { zh } from '../texts';
import { authenticatorApp, startOfTotpStep } from '../totp';

export const authenticatorScenarios = [
  scenario('bind an authenticator from the user menu, then sign in with its code', async ({ newPage, baseUrl, screenshot }) => {
    const username = uniqueUsername('totp');
    await registerAccount(baseUrl, username);
    await startOfTotpStep();
    const page = await newPage();
    await page.goto('/login');
    await signIn(page, username, PASSWORD);
    await waitForOverview(page);

    await openUserMenuItem(page, zh.layout.header.bindAuthenticator);
    const dialog = page.getByRole('dialog', { name: zh.layout.authenticator.title });
    const secretText = dialog.getByTestId('authenticator-secret');
    await secretText.waitFor();
    await dialog.getByRole('img', { name: zh.layout.authenticator.qrAlt }).waitFor();
    await screenshot(page, 'bind-authenticator');
    const secret = (await secretText.textContent())?.trim() ?? '';
    check(/^[A-Z2-7]+=*$/.test(secret), `the dialog shows a base32 secret, got "${secret}"`);
    const app = authenticatorApp(secret);

    await dialog.getByRole('button', { name: zh.layout.authenticator.bind }).click();
    await dialog.getByText(zh.sys.validation.codeRequired).waitFor();
    await dialog.getByLabel(zh.layout.authenticator.code).fill(app.nextCode());
    await dialog.getByRole('button', { name: zh.layout.authenticator.bind }).click();
    await page.getByText(zh.layout.authenticator.bound).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await openUserMenuItem(page, zh.layout.header.logout);
    await page.waitForURL(/\/login/);
    await signIn(page, username, PASSWORD);
    const step = page.getByRole('form', { name: zh.sys.login.secondFactorTitle });
    await step.waitFor();
    await step.getByLabel(zh.sys.login.authenticatorCode).fill(app.wrongCode());
    await step.getByRole('button', { name: zh.sys.login.verify }).click();
    await step.getByRole('alert').waitFor();
    check(page.url().includes('/login'), 'a wrong code keeps the second-factor step');
    await screenshot(page, 'login-second-factor');

    await step.getByLabel(zh.sys.login.authenticatorCode).fill(app.nextCode());
    await step.getByRole('button', { name: zh.sys.login.verify }).click();
    await waitForOverview(page);
  }),
];
