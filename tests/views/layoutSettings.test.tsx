import './support/realServer'; // first: the console's http client then calls the real server
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NavigationActor } from '../../src/app/AppActorProvider';
import { registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { pattern, zh } from './support/texts';
import { findDialog } from './support/dialogs';

/** The menu mode and fixed header and menu, set in the settings drawer, against the real server. */

const server = consoleOnRealServer({}, '10.9.8');

// A desktop window (jsdom's matches no media query, which the console takes for mobile: a drawer menu).
const jsdomMatchMedia = window.matchMedia;
beforeAll(() => {
  window.matchMedia = (query: string) => ({ ...jsdomMatchMedia(query), matches: query.includes('min-width'), media: query });
});
afterAll(() => {
  window.matchMedia = jsdomMatchMedia;
});

async function openSignedIn(path: string) {
  const opened = await server.open(path, { token: (await registerAccount(server.url)).token });
  // The first render of a file fetches the shell's lazy pieces: more time on a loaded machine.
  await screen.findByTestId('points-balance');
  return { user: userEvent.setup(), navigation: opened.actor.system.get('navigation') as NavigationActor };
}

/** Opens the settings drawer, runs `change` in it, and closes it again. */
async function inSettings(user: ReturnType<typeof userEvent.setup>, change: (drawer: HTMLElement) => Promise<void>) {
  await user.click(screen.getByRole('button', { name: zh.layout.settings.title }));
  const drawer = await findDialog('dialog', zh.layout.settings.title);
  await change(drawer);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: zh.layout.settings.title })).toBeNull());
}

const menu = () => screen.getByRole('navigation', { name: zh.layout.menu.label });
const section = (name: string) => within(menu()).getByRole('button', { name });
const layout = () => document.querySelector('[data-layout]') as HTMLElement;

describe('menu mode', () => {
  it('vertical pops a section’s pages out, and a page there opens; vertical-right puts the sidebar at the right', async () => {
    const { user } = await openSignedIn('/dashboard/analysis');
    await inSettings(user, async (drawer) => {
      await user.selectOptions(within(drawer).getByRole('combobox', { name: zh.layout.settings.menuMode }), 'vertical');
    });
    const trigger = section(zh.routes.article.manage);
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    await user.click(trigger);
    const flyout = await screen.findByRole('menu');
    // As in the shell test: jsdom's pointer does not select a menu item, the keyboard does.
    const item = within(flyout).getByRole('menuitem', { name: zh.routes.article.prompt });
    for (let step = 0; step < 6 && item.getAttribute('data-highlighted') === null; step++) await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/prompt'));
    expect(screen.getByTestId('layout-sidebar').getAttribute('data-side')).toBe('left');

    await inSettings(user, async (drawer) => {
      await user.selectOptions(within(drawer).getByRole('combobox', { name: zh.layout.settings.menuMode }), 'vertical-right');
    });
    expect(screen.getByTestId('layout-sidebar').getAttribute('data-side')).toBe('right');
  });

  it('the top menu is horizontal, and another type comes back inline', async () => {
    const { user } = await openSignedIn('/dashboard/analysis');
    const modeSelect = (drawer: HTMLElement) =>
      within(drawer).getByRole('combobox', { name: zh.layout.settings.menuMode }) as HTMLSelectElement;
    // Choosing a type whose header spans the page closes the drawer (the header holding it is laid out anew).
    await inSettings(user, async (drawer) => {
      await user.selectOptions(modeSelect(drawer), 'vertical');
      await user.click(within(drawer).getByRole('radio', { name: zh.layout.settings.menuTypes['top-menu'] }));
    });
    await inSettings(user, async (drawer) => {
      expect(modeSelect(drawer).value).toBe('horizontal');
      expect(modeSelect(drawer).disabled).toBe(true);
      await user.click(within(drawer).getByRole('radio', { name: zh.layout.settings.menuTypes.sidebar }));
    });
    await inSettings(user, async (drawer) => {
      expect(modeSelect(drawer).value).toBe('inline');
      expect(modeSelect(drawer).disabled).toBe(false);
    });
    // Inline again: the section opens in place.
    await user.click(section(zh.routes.article.manage));
    await waitFor(() => expect(section(zh.routes.article.manage).getAttribute('aria-expanded')).toBe('true'));
    expect(section(zh.routes.article.manage).getAttribute('aria-haspopup')).toBeNull();
  });
});

describe('fixed header and menu', () => {
  it('with the header not fixed the layout scrolls, and each tab gets its own offset of it back', async () => {
    const { user, navigation } = await openSignedIn('/dashboard/analysis');
    expect(layout().getAttribute('data-scrolls')).toBe('page');
    await inSettings(user, async (drawer) => {
      await user.click(within(drawer).getByRole('checkbox', { name: zh.layout.settings.tabs }));
      await user.click(within(drawer).getByRole('checkbox', { name: zh.layout.settings.headerFixed }));
    });
    expect(layout().getAttribute('data-scrolls')).toBe('layout');

    const scrollLayoutTo = (top: number) => {
      layout().scrollTop = top;
      fireEvent.scroll(layout());
    };
    scrollLayoutTo(300);
    act(() => navigation.send({ type: 'NAVIGATE', to: '/error-log/list' }));
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(2));
    expect(layout().scrollTop).toBe(0);
    scrollLayoutTo(120);

    await user.click(screen.getByRole('tab', { name: pattern(zh.routes.dashboard.analysis) }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/analysis'));
    expect(layout().scrollTop).toBe(300);
    await user.click(screen.getByRole('tab', { name: pattern(zh.routes.basic.errorLogList) }));
    await waitFor(() => expect(window.location.pathname).toBe('/error-log/list'));
    expect(layout().scrollTop).toBe(120);

    // Fixed again: the page scrolls in its own area, from where the layout was.
    await inSettings(user, async (drawer) => {
      await user.click(within(drawer).getByRole('checkbox', { name: zh.layout.settings.headerFixed }));
    });
    expect(layout().getAttribute('data-scrolls')).toBe('page');
    const shown = screen.getAllByTestId('page-scroller').filter((scroller) => scroller.style.display !== 'none');
    expect(shown.map((scroller) => scroller.scrollTop)).toEqual([120]);
  });

  it('with the menu not fixed the layout scrolls too; the top menu has no sidebar to keep', async () => {
    const { user } = await openSignedIn('/dashboard/analysis');
    await inSettings(user, async (drawer) => {
      await user.click(within(drawer).getByRole('checkbox', { name: zh.layout.settings.menuFixed }));
    });
    expect(layout().getAttribute('data-scrolls')).toBe('layout');
    await inSettings(user, async (drawer) => {
      await user.click(within(drawer).getByRole('radio', { name: zh.layout.settings.menuTypes['top-menu'] }));
    });
    expect(layout().getAttribute('data-scrolls')).toBe('page');
    await inSettings(user, async (drawer) => {
      expect((within(drawer).getByRole('checkbox', { name: zh.layout.settings.menuFixed }) as HTMLInputElement).disabled).toBe(true);
    });
  });
});

describe('the settings page', () => {
  it('/setting/index shows the drawer’s controls as a page, and they apply as they change', async () => {
    await server.open('/setting/index', { token: (await registerAccount(server.url)).token });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: zh.routes.basic.setting })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('combobox', { name: zh.layout.settings.menuMode })).toBeTruthy();
    await user.selectOptions(within(main).getByRole('combobox', { name: zh.layout.settings.menuMode }), 'vertical-right');
    expect(screen.getByTestId('layout-sidebar').getAttribute('data-side')).toBe('right');
    expect(screen.queryByText(zh.sys.exception['404'].title)).toBeNull();

    // The layout mode and content-height mode, here and on every page after.
    const content = () => screen.getByTestId('page-content');
    expect([content().dataset.contentMode, content().dataset.contentHeight]).toEqual(['full', 'auto']);
    await user.selectOptions(within(main).getByRole('combobox', { name: zh.layout.settings.contentMode }), 'fixed');
    await user.selectOptions(within(main).getByRole('combobox', { name: zh.layout.settings.contentHeightMode }), 'header');
    expect([content().dataset.contentMode, content().dataset.contentHeight]).toEqual(['fixed', 'header']);
    expect(within(main).getByRole('option', { name: zh.layout.settings.contentModes.fixed })).toBeTruthy();
  });
});
