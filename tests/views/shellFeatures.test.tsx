import './support/realServer'; // first: the console's http client then calls the real server
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NavigationActor } from '../../src/app/AppActorProvider';
import { PASSWORD, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { sentRequests } from './support/realServer';
import { pageOf } from '../../src/views/pageRegistry';
import { fill, pattern, zh } from './support/texts';
import { findDialog } from './support/dialogs';

/** The shell against the real server: tabs that keep state, lock, settings, menu search. */

const server = consoleOnRealServer({}, '10.9.4');

async function openSignedIn(path: string) {
  const opened = await server.open(path, { token: (await registerAccount(server.url)).token });
  return { user: userEvent.setup(), actor: opened.actor };
}

/** Opens the settings drawer, flips the named switch, and closes the drawer. */
async function flipSetting(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('button', { name: zh.layout.settings.title }));
  const drawer = await findDialog('dialog', zh.layout.settings.title);
  await user.click(within(drawer).getByRole('checkbox', { name: label }));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: zh.layout.settings.title })).toBeNull());
}

describe('the shell', () => {
  it('keeps a tab’s page state: text typed on one tab is still there after visiting another', async () => {
    const { user, actor } = await openSignedIn('/dashboard/analysis');
    const navigation = actor.system.get('navigation') as NavigationActor;
    await screen.findByTestId('points-balance');
    expect(screen.queryByRole('tablist')).toBeNull();
    await flipSetting(user, zh.layout.settings.tabs);
    const tabs = await screen.findByRole('tablist', { name: zh.layout.tabs.label });
    expect(
      within(tabs)
        .getByRole('tab', { name: pattern(zh.routes.dashboard.analysis) })
        .getAttribute('aria-selected'),
    ).toBe('true');

    act(() => navigation.send({ type: 'NAVIGATE', to: '/error-log/list' }));
    const filter = await screen.findByRole('searchbox', { name: zh.errorLog.search });
    await user.type(filter, 'kept while away');
    await waitFor(() => expect(within(tabs).getAllByRole('tab')).toHaveLength(2));

    await user.click(within(tabs).getByRole('tab', { name: pattern(zh.routes.dashboard.analysis) }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/analysis'));
    expect(screen.queryByRole('searchbox', { name: zh.errorLog.search })).toBeNull();

    await user.click(within(tabs).getByRole('tab', { name: pattern(zh.routes.basic.errorLogList) }));
    await waitFor(() => expect(window.location.pathname).toBe('/error-log/list'));
    expect((screen.getByRole('searchbox', { name: zh.errorLog.search }) as HTMLInputElement).value).toBe('kept while away');

    // Reload (refresh) remounts the page: the typed text is gone.
    await user.click(screen.getByRole('button', { name: zh.layout.tabs.actions }));
    const reload = await screen.findByRole('menuitem', { name: zh.layout.tabs.refresh });
    for (let step = 0; step < 6 && reload.getAttribute('data-highlighted') === null; step++) await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect((screen.getByRole('searchbox', { name: zh.errorLog.search }) as HTMLInputElement).value).toBe(''));

    // Closing the current tab goes to the previous one.
    await user.click(within(tabs).getByRole('button', { name: fill(zh.layout.tabs.closeTab, { title: zh.routes.basic.errorLogList }) }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/analysis'));
    expect(within(tabs).getAllByRole('tab')).toHaveLength(1);
  });

  it('locks the screen; a wrong password is refused by the server, the right one unlocks', async () => {
    const { user } = await openSignedIn('/dashboard/analysis');
    await screen.findByTestId('points-balance');
    await user.click(screen.getByRole('button', { name: zh.layout.lock.lockScreen }));
    const lockScreen = await screen.findByTestId('lock-screen');
    const password = within(lockScreen).getByLabelText(zh.layout.lock.password);
    const unlock = within(lockScreen).getByRole('button', { name: zh.layout.lock.unlock }) as HTMLButtonElement;
    // Off until the server has the lock, as a person sees it.
    await waitFor(() => expect(unlock.disabled).toBe(false));

    await user.click(unlock);
    expect(within(lockScreen).getByText(zh.sys.validation.passwordRequired)).toBeTruthy();

    await user.type(password, 'not-my-password');
    await user.click(within(lockScreen).getByRole('button', { name: zh.layout.lock.unlock }));
    expect(await within(lockScreen).findByRole('alert')).toBeTruthy();
    expect(screen.getByTestId('lock-screen')).toBeTruthy();

    await user.type(within(lockScreen).getByLabelText(zh.layout.lock.password), PASSWORD);
    await user.click(within(lockScreen).getByRole('button', { name: zh.layout.lock.unlock }));
    await waitFor(() => expect(screen.queryByTestId('lock-screen')).toBeNull());
    expect(screen.getByTestId('points-balance')).toBeTruthy();
  });

  it('applies settings as they change: grey mode, colour weak, theme colour, breadcrumb and tabs', async () => {
    const { user } = await openSignedIn('/dashboard/analysis');
    await screen.findByTestId('points-balance');
    const root = document.documentElement;
    expect(root.classList.contains('gray-mode')).toBe(false);

    await user.click(screen.getByRole('button', { name: zh.layout.settings.title }));
    const drawer = await findDialog('dialog', zh.layout.settings.title);
    await user.click(within(drawer).getByRole('checkbox', { name: zh.layout.settings.grayMode }));
    expect(root.classList.contains('gray-mode')).toBe(true);
    await user.click(within(drawer).getByRole('checkbox', { name: zh.layout.settings.colorWeak }));
    expect(root.classList.contains('color-weak')).toBe(true);
    const themeColors = within(drawer).getByRole('radiogroup', { name: zh.layout.settings.themeColor });
    await user.click(within(themeColors).getByRole('radio', { name: '#009688' }));
    await waitFor(() => expect(root.style.getPropertyValue('--chakra-colors-brand-500')).toBe('#009688'));
    expect(within(themeColors).getByRole('radio', { name: '#009688' }).getAttribute('aria-checked')).toBe('true');
    await user.click(within(drawer).getByRole('checkbox', { name: zh.layout.settings.tabs }));
    expect(await screen.findByTestId('tabs-bar')).toBeTruthy();
    const breadcrumb = document.querySelector(`nav[aria-label="${zh.layout.header.breadcrumb}"]`) as HTMLElement;
    expect(breadcrumb).not.toBeNull();
    await user.click(within(drawer).getByRole('checkbox', { name: zh.layout.settings.breadcrumb }));
    await waitFor(() => expect(breadcrumb.isConnected).toBe(false));

    await user.click(within(drawer).getByRole('button', { name: zh.layout.settings.reset }));
    await waitFor(() => expect(root.classList.contains('gray-mode')).toBe(false));
    expect(root.classList.contains('color-weak')).toBe(false);
    expect(root.style.getPropertyValue('--chakra-colors-brand-500')).toBe('');
    await waitFor(() => expect(screen.queryByTestId('tabs-bar')).toBeNull());
    await waitFor(() => expect(document.querySelector(`nav[aria-label="${zh.layout.header.breadcrumb}"]`)).not.toBeNull());
  });

  it('asks for a page’s data as the navigation to it commits, before the page renders, and once', async () => {
    const { actor } = await openSignedIn('/dashboard/analysis');
    await screen.findByTestId('points-balance');
    // The page's module is there, as after the idle preload that follows sign-in.
    await pageOf('invitereg/index')!.preload();
    const navigation = actor.system.get('navigation') as NavigationActor;
    const sentBefore = sentRequests.length;
    const invites = () => sentRequests.slice(sentBefore).filter((request) => request.startsWith('GET /api/v1/invitereg/'));
    // Outside React's event handling, React renders the new page only after this call returns.
    navigation.send({ type: 'NAVIGATE', to: '/invitereg' });
    expect(invites().map((request) => request.split('?')[0])).toEqual(['GET /api/v1/invitereg/info', 'GET /api/v1/invitereg/list']);
    expect(screen.queryByTestId('invite-code')).toBeNull();
    // The page takes those answers instead of asking again.
    await screen.findByTestId('invite-code');
    expect(invites()).toHaveLength(2);
  });

  it('searches the menus from the keyboard: Ctrl+K, type, arrows, Enter opens the page; Escape closes', async () => {
    const { user } = await openSignedIn('/dashboard/analysis');
    await screen.findByTestId('points-balance');
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByRole('combobox', { name: zh.layout.search.placeholder });
    await user.type(input, 'zzqx');
    expect(await screen.findByText(zh.layout.search.empty)).toBeTruthy();
    const results = screen.getByRole('listbox', { name: zh.layout.search.results });

    await user.clear(input);
    await user.type(input, '文章');
    await waitFor(() =>
      expect(
        within(results)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(expect.arrayContaining([expect.stringContaining(zh.routes.article.list)])),
    );
    const options = within(results).getAllByRole('option');
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    expect(
      within(options[0])
        .getAllByTestId('search-match')
        .map((mark) => mark.textContent)
        .join(''),
    ).toBe('文章');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(results).getAllByRole('option')[1].getAttribute('aria-selected')).toBe('true'));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(within(results).getAllByRole('option')[0].getAttribute('aria-selected')).toBe('true'));
    const first = within(results).getAllByRole('option')[0].textContent ?? '';
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: zh.layout.search.placeholder })).toBeNull());
    expect(first).toContain('文章');
    await waitFor(() => expect(window.location.pathname).not.toBe('/dashboard/analysis'));

    fireEvent.keyDown(window, { key: 'k', metaKey: true });
    await screen.findByRole('combobox', { name: zh.layout.search.placeholder });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: zh.layout.search.placeholder })).toBeNull());

    // Escape right after Ctrl+K, before the dialog has taken the focus, closes it too.
    // (Without it the dialog stays open: its input is there once React has drawn both keys.)
    await act(async () => {
      fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
      fireEvent.keyDown(window, { key: 'Escape' });
    });
    expect(screen.queryByRole('combobox', { name: zh.layout.search.placeholder })).toBeNull();
  });
});
