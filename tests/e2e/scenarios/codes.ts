import { scenario } from '../harness';
import { PASSWORD, addContacts, codeSentTo, loginToken, registerAccount, uniqueUsername } from '../api';
import { check, openUserMenuItem, signIn, waitForOverview } from '../pages';
import { fill, zh } from '../texts';

export const codeScenarios = [
  scenario(
    'reset a forgotten password with an e-mailed code, then sign in with an SMS code',
    async ({ newPage, baseUrl, adminPassword, screenshot }) => {
      const username = uniqueUsername('codes');
      const email = `${username}@example.com`;
      const mobile = `+86138${String(Date.now()).slice(-8)}`;
      await registerAccount(baseUrl, username);
      const admin = await loginToken(baseUrl, 'admin', adminPassword);
      await addContacts(baseUrl, admin, await loginToken(baseUrl, username, PASSWORD), email, mobile);

      const page = await newPage();
      await page.goto('/login');
      await page.getByRole('button', { name: zh.sys.login.forgetPassword }).click();
      const reset = page.getByRole('form', { name: zh.sys.login.forgetFormTitle });
      await reset.getByLabel(zh.sys.login.email, { exact: true }).fill(email);
      await reset.getByRole('button', { name: zh.sys.login.sendCode }).click();
      await reset.getByText(fill(zh.sys.login.codeSentTo, { email })).waitFor();
      const resendLabel = await reset.getByRole('button', { name: /秒后重新获取/ }).innerText();
      check(/\d+/.test(resendLabel), `the send button counts down, got "${resendLabel}"`);
      await reset.getByLabel(zh.sys.login.emailCode, { exact: true }).fill(await codeSentTo(baseUrl, admin, email));
      const newPassword = 'Brand-new-passw0rd';
      await reset.getByLabel(zh.sys.login.newPassword, { exact: true }).fill(newPassword);
      await reset.getByLabel(zh.sys.login.confirmPassword, { exact: true }).fill(newPassword);
      await screenshot(page, 'forgot-password');
      await reset.getByRole('button', { name: zh.sys.login.resetPassword }).click();
      await page.getByText(zh.sys.login.resetSucceeded).waitFor();
      await page.getByRole('button', { name: zh.sys.login.backToLogin }).click();
      await signIn(page, username, newPassword);
      await waitForOverview(page);

      await openUserMenuItem(page, zh.layout.header.logout);
      await page.waitForURL(/\/login/);
      await page.getByRole('button', { name: zh.sys.login.mobileSignIn }).click();
      const mobileForm = page.getByRole('form', { name: zh.sys.login.mobileSignInFormTitle });
      await mobileForm.getByLabel(zh.sys.login.mobile, { exact: true }).fill(mobile);
      await mobileForm.getByRole('button', { name: zh.sys.login.sendCode }).click();
      await mobileForm.getByText(zh.sys.login.smsCodeSent).waitFor();
      await mobileForm.getByLabel(zh.sys.login.smsCode, { exact: true }).fill(await codeSentTo(baseUrl, admin, mobile));
      await screenshot(page, 'mobile-login');
      await mobileForm.getByRole('button', { name: zh.sys.login.loginButton, exact: true }).click();
      await waitForOverview(page);
      await page.getByText(username).first().waitFor();
    },
  ),
];
