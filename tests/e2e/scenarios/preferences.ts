import { scenario } from '../harness';
import { PASSWORD, registerAccount, uniqueUsername } from '../api';
import { check, signIn, waitForOverview } from '../pages';
import { en, zh } from '../texts';

export const preferenceScenarios = [
  scenario('switch the language to English and the theme to dark; both survive a reload', async ({ newPage, baseUrl, screenshot }) => {
    const username = uniqueUsername('prefs');
    await registerAccount(baseUrl, username);
    const page = await newPage();
    await page.goto('/login');
    await signIn(page, username, PASSWORD);
    await waitForOverview(page);
    check((await page.getAttribute('html', 'lang'))?.startsWith('zh'), 'the page starts in Chinese');

    await page.getByRole('button', { name: zh.layout.header.language }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByRole('navigation', { name: en.layout.menu.label }).getByRole('link', { name: en.routes.dashboard.analysis }).waitFor();
    check((await page.getAttribute('html', 'lang'))?.startsWith('en'), 'html lang follows the locale');
    await page.waitForFunction((title) => document.title === title, `${en.routes.dashboard.analysis} - Inkpress`);

    await page.getByRole('button', { name: en.layout.header.darkMode }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    check((await page.getAttribute('html', 'data-theme')) === 'dark', 'dark mode sets data-theme on <html>');
    const background = await page.locator('header').evaluate((header) => getComputedStyle(header).backgroundColor);
    check(background === 'rgb(21, 21, 21)', `the header turns #151515 in dark mode, got ${background}`);
    await screenshot(page, 'overview-dark-en');

    await page.reload();
    await waitForOverview(page);
    await page.getByRole('navigation', { name: en.layout.menu.label }).getByRole('link', { name: en.routes.dashboard.analysis }).waitFor();
    check(await page.evaluate(() => document.documentElement.classList.contains('dark')), 'the theme survives a reload');

    await page.getByRole('button', { name: en.layout.header.lightMode }).click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
  }),

  scenario('the login page and an unknown path look right in dark mode', async ({ newPage, baseUrl, screenshot }) => {
    const username = uniqueUsername('dark');
    await registerAccount(baseUrl, username);
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: zh.layout.header.darkMode }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await screenshot(page, 'login-dark');
    await signIn(page, username, PASSWORD);
    await waitForOverview(page);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: zh.sys.exception[404].title }).waitFor();
    await screenshot(page, 'not-found-dark');
  }),
];
