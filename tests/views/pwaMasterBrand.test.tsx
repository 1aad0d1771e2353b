import { consoleOnFakeServices } from './support/consoleOnFakeServices'; // first: it points the console's http client at its page server
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Value from 'typebox/value';
import { ApiPath } from '../../contract/paths';
import type { AppInfo } from '../../contract/schemas/app';
import { Dashboard } from '../../contract/schemas/dashboard';
import routes from '../../src/i18n/locales/zh_CN/routes.json';
import sys from '../../src/i18n/locales/zh_CN/sys.json';
import { LOGIN_ADA, USER_ADA } from '../machines/fixtures/accounts';
import { menuItem } from '../machines/fixtures/menus';
import { zh } from './support/texts';

/**
 * The PWA master mode (spec §2, §7 get_app): the app the launch names is read with get_app, and
 * its name and icon stand for the product's beside the menu, in the window title and as the favicon.
 */

const APP: AppInfo = { app_name: '果园写作台', win_icon: '/uploads/apps/orchard.png' };
const ANALYSIS = menuItem({
  id: 1,
  name: 'Analysis',
  url: '/dashboard/analysis',
  component: 'dashboard/analysis',
  title: 'routes.dashboard.analysis',
  order: 1,
});
/** The overview's figures for an account that has done nothing yet: the page draws, all at zero. */
const NO_FIGURES = Value.Create(Dashboard);
const PAGE_ANSWERS: Record<string, unknown> = { [ApiPath.getApp]: APP, [ApiPath.dashboardAnalysis]: NO_FIGURES };
const services = consoleOnFakeServices(
  { permCode: () => Promise.resolve([]), menuList: () => Promise.resolve([ANALYSIS]) },
  (request) => PAGE_ANSWERS[request.path],
);

/** The menu's drawer (the console is as narrow as a phone here), opened from the header. */
async function openMenuDrawer() {
  await userEvent.setup().click(screen.getByRole('button', { name: zh.layout.header.expandMenu }));
  return screen.findByRole('dialog');
}

/** The page's favicon link, as index.html has it. */
function productFavicon(): HTMLLinkElement {
  const link = document.createElement('link');
  Object.assign(link, { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' });
  return document.head.appendChild(link);
}

afterEach(() => document.head.querySelectorAll('link[rel="icon"]').forEach((link) => link.remove()));

async function openAnalysis(path: string) {
  const opened = await services.open(path, { token: LOGIN_ADA.token, user: USER_ADA });
  await opened.fake.answer('userDetails', USER_ADA);
  await screen.findAllByText(routes.dashboard.analysis);
}

describe('the PWA master mode', () => {
  it('shows the app’s name and icon beside the menu, in the window title and as the favicon', async () => {
    const favicon = productFavicon();
    await openAnalysis('/dashboard/analysis?pwa_master=1&app_id=orchard');
    await waitFor(() => expect(document.title).toBe(`${routes.dashboard.analysis} - ${APP.app_name}`));
    expect(favicon.getAttribute('href')).toMatch(new RegExp(`${APP.win_icon}$`));
    const menu = await openMenuDrawer();
    expect(within(menu).getByText(APP.app_name)).toBeTruthy();
    expect(within(menu).queryByText(sys.app.title)).toBeNull();
    expect(menu.querySelector(`img[src$="${APP.win_icon}"]`)).toBeTruthy();
  });

  it('leaves the product’s name and favicon without a launch', async () => {
    const favicon = productFavicon();
    await openAnalysis('/dashboard/analysis');
    await waitFor(() => expect(document.title).toBe(`${routes.dashboard.analysis} - ${sys.app.title}`));
    expect(favicon.getAttribute('href')).toBe('/favicon.svg');
    const menu = await openMenuDrawer();
    expect(within(menu).getByText(sys.app.title)).toBeTruthy();
    expect(within(menu).queryByText(APP.app_name)).toBeNull();
  });
});
