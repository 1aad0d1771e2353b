import type { Locator, Page } from 'playwright-core';
import { zh } from './texts';

/** Signs in on /login (or the overlay) with username and password, as a user types them. */
export async function signIn(page: Page, username: string, password: string, within: Locator = page.locator('body')) {
  const form = within.getByRole('form', { name: zh.sys.login.signInFormTitle });
  if (username) await form.getByLabel(zh.sys.login.userName, { exact: true }).fill(username);
  await form.getByLabel(zh.sys.login.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: zh.sys.login.loginButton, exact: true }).click();
}

/** Waits until the overview page of the signed-in console shows. */
export async function waitForOverview(page: Page) {
  await page.waitForURL('**/dashboard/analysis**');
  await page.getByTestId('points-balance').waitFor();
}

export async function openUserMenuItem(page: Page, item: string) {
  await page.getByRole('button', { name: zh.layout.header.userMenu }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Fails with `message` unless `condition` holds. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
