import { consoleOnFakeServices } from './support/consoleOnFakeServices'; // first: it points the console's http client at its page server
import { afterAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventObject } from 'xstate';
import type { MenuItem } from '../../contract/schemas/menu';
import type { NavigationActor, TabsActor } from '../../src/app/AppActorProvider';
import { DEFAULT_PROJECT_CONFIG, mergeProjectConfig } from '../../src/config/projectConfig';
import { tabsMachine } from '../../src/machines/tabs.machine';
import type { TabEntry } from '../../src/machines/tabs';
import { i18next } from '../../src/i18n';
import { LOGIN_ADA, USER_ADA } from '../machines/fixtures/accounts';
import { menuItem } from '../machines/fixtures/menus';
import { longestOnly, transitionPaths, type Model } from '../machines/modelPaths';
import { createUiStateCoverage } from './support/uiStateCoverage';
import { walkPath } from './support/walkPath';

/**
 * The tabs model walked through the rendered console (spec §4 Tabs): its generated paths over what a
 * user does here — switching the tab bar on and off in the settings drawer, opening another page,
 * closing its tab — replayed on a signed-in console, asserting at every step what the tab bar shows.
 */

const t = (key: string, values?: Record<string, string>) => i18next.getFixedT('zh_CN')(key, values);

const menu = (id: number, name: string, url: string, component: string, title: string): MenuItem =>
  menuItem({ id, name, url, component, title, order: id });
const MENUS = [
  menu(1, 'Site', '/site', 'site/index', 'routes.site.list'),
  menu(2, 'Prompt', '/prompt', 'prompt/index', 'routes.article.prompt'),
];
const tab = (fullPath: string, title: string): TabEntry => ({
  path: fullPath,
  name: fullPath,
  fullPath,
  params: {},
  query: {},
  meta: { title },
});
const SITE = tab('/site', 'routes.site.list');
const PROMPT = tab('/prompt', 'routes.article.prompt');
const showTabs = (show: boolean) => ({
  type: 'SETTINGS.CHANGED' as const,
  theme: 'light' as const,
  locale: 'zh_CN' as const,
  projectConfig: mergeProjectConfig(DEFAULT_PROJECT_CONFIG, { multiTabsSetting: { show } }),
});

const model: Model<typeof tabsMachine> = {
  // Where a closed tab leads is the app's to follow (below, the console's own navigation).
  machine: tabsMachine.provide({ actions: { goToTargetAfterClose: () => {}, openTab: () => {} } }),
  // The console opens at the user's home page, the bar off (the default settings).
  input: { enabled: false, home: SITE.fullPath, tabs: [] },
  events: {
    'TABS.ADD': [
      { type: 'TABS.ADD', tab: SITE },
      { type: 'TABS.ADD', tab: PROMPT },
    ],
    'TABS.CLOSE': [{ type: 'TABS.CLOSE', which: 'tab', fullPath: PROMPT.fullPath }],
    'SETTINGS.CHANGED': [showTabs(true), showTabs(false)],
    // Dragging has no layout in jsdom; titles and paths are the pages' own; the session's events have their own file.
    'TABS.MOVE': [],
    'TABS.REFRESH': [],
    'TABS.SET_TITLE': [],
    'TABS.UPDATE_PATH': [],
    'SESSION.SIGNED_IN': [],
    'SESSION.SIGNED_OUT': [],
    // Opening a page commits its location, which the tabs make a tab (TABS.ADD above, here the user's click).
    'LOCATION.COMMITTED': [],
    'MENUS.CHANGED': [],
  },
  // What the user can do: open the home page first (the console does), then the other page; flip the switch; close a tab shown.
  filterEvents: (snapshot, event) => {
    const { tabs, current } = snapshot.context;
    const payload = event as EventObject & { tab?: TabEntry; projectConfig?: { multiTabsSetting: { show: boolean } } };
    if (current === '') return event.type === 'TABS.ADD' && payload.tab?.fullPath === SITE.fullPath;
    if (event.type === 'TABS.ADD') return payload.tab?.fullPath !== current && tabs.length < 2;
    if (event.type === 'SETTINGS.CHANGED') return payload.projectConfig?.multiTabsSetting.show !== snapshot.matches('enabled');
    return snapshot.matches('enabled');
  },
  label: (event) => {
    const payload = event as EventObject & { tab?: TabEntry; fullPath?: string; projectConfig?: { multiTabsSetting: { show: boolean } } };
    if (payload.tab) return `open ${payload.tab.fullPath}`;
    if (event.type === 'TABS.CLOSE') return `close ${payload.fullPath}`;
    if (payload.projectConfig) return payload.projectConfig.multiTabsSetting.show ? 'show tabs' : 'hide tabs';
    return undefined;
  },
};

const coverage = createUiStateCoverage('tabs', tabsMachine, { starting: 'transient: the bar is on or off as the console starts' });

const services = consoleOnFakeServices({ permCode: () => Promise.resolve([]), menuList: () => Promise.resolve(MENUS) });

const bar = () => screen.queryByRole('tablist', { name: t('layout.tabs.label') });

type Opened = Awaited<ReturnType<typeof services.open>>;

/** What the bar shows: each tab's title, and which is selected. */
const shown = (list: HTMLElement) =>
  within(list)
    .getAllByRole('tab')
    .map((item) => [item.textContent?.trim(), item.getAttribute('aria-selected') === 'true']);

function seesFor({ actor }: Opened) {
  const tabs = () => actor.system.get('tabs') as TabsActor;
  return {
    disabled: async () => {
      expect(bar()).toBeNull();
    },
    // The bar shows the list the tabs hold, the current page selected; the step's page is that one.
    enabled: async (_: string, event: EventObject) => {
      const list = await screen.findByRole('tablist', { name: t('layout.tabs.label') });
      await waitFor(() => {
        const { tabs: held, current } = tabs().getSnapshot().context;
        expect(shown(list)).toEqual(held.map((each) => [t(each.meta.title), each.fullPath === current]));
        expect(window.location.pathname).toBe(current);
      });
      const payload = event as EventObject & { tab?: TabEntry; fullPath?: string };
      if (event.type === 'TABS.ADD')
        expect(within(list).getByRole('tab', { selected: true }).textContent).toContain(t(payload.tab?.meta.title ?? ''));
      if (event.type === 'TABS.CLOSE') expect(within(list).queryByRole('tab', { name: new RegExp(t(PROMPT.meta.title)) })).toBeNull();
    },
  };
}

async function perform(event: EventObject, { actor }: Opened, user: ReturnType<typeof userEvent.setup>) {
  const payload = event as EventObject & { tab?: TabEntry };
  switch (event.type) {
    // The console opened at the home page, which is the path's first page.
    case 'TABS.ADD':
      if (payload.tab?.fullPath === window.location.pathname) return;
      return act(() => (actor.system.get('navigation') as NavigationActor).send({ type: 'NAVIGATE', to: payload.tab?.fullPath ?? '' }));
    case 'TABS.CLOSE':
      return user.click(screen.getByRole('button', { name: t('layout.tabs.closeTab', { title: t(PROMPT.meta.title) }) }));
    // What the settings drawer's switch sends (tests/views/shellFeatures.test.tsx flips it through the drawer, which is slow to open here).
    case 'SETTINGS.CHANGED': {
      const show = (event as ReturnType<typeof showTabs>).projectConfig.multiTabsSetting.show;
      return act(() => actor.system.get('settings').send({ type: 'CONFIG.CHANGE', patch: { multiTabsSetting: { show } } }));
    }
    default:
      throw new Error(`No way to do ${event.type} through the console`);
  }
}

const paths = longestOnly(transitionPaths(model));

describe('the tab bar, every generated path through the rendered console', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const opened = await services.open(SITE.fullPath, { token: LOGIN_ADA.token, user: USER_ADA });
    await opened.fake.answer('userDetails', USER_ADA);
    await waitFor(() => expect((opened.actor.system.get('tabs') as TabsActor).getSnapshot().context.current).toBe(SITE.fullPath));
    const user = userEvent.setup();
    await walkPath(path, {
      actor: opened.actor.system.get('tabs'),
      perform: (event) => perform(event, opened, user),
      sees: seesFor(opened),
      coverage,
    });
  });
});

afterAll(() => {
  coverage.report();
});

it('tabs: every state a user can see was checked through the views', () => {
  expect(coverage.unchecked()).toEqual([]);
});
