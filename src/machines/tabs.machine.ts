import { assign, enqueueActions, sendParent, setup } from 'xstate';
import { TAB_CACHE_LIMIT } from '../config/constants';
import { HOME_PATH } from '../config/routes';
import type {
  LocationCommitted,
  MenusChanged,
  NavigationRequested,
  SessionSignedIn,
  SessionSignedOut,
  SettingsChanged,
} from './announcements';
import type { Menu } from './menus';
import {
  addTab,
  isTabbable,
  moveTab,
  tabForLocation,
  tabsAfterClose,
  targetAfterClose,
  touchCache,
  type CloseRequest,
  type TabEntry,
} from './tabs';

/**
 * The multi-tab bar (spec §4 Tabs), off by default. Follows the navigation (the app machine tells it
 * every committed location and the user's menus: it decides which location becomes a tab, TABS.ADD),
 * keeps which pages stay mounted, and persists the list when the project config's
 * multiTabsSetting.cache is on. Part of the signed-in shell: the login page's code does without it.
 */

export type TabsEvent =
  | { type: 'TABS.ADD'; tab: TabEntry }
  | LocationCommitted
  // The menus alone: the navigation's reading of them (`routes`) is the navigation's.
  | Pick<MenusChanged, 'type' | 'menus'>
  | CloseRequest
  | { type: 'TABS.MOVE'; from: number; to: number }
  | { type: 'TABS.REFRESH'; fullPath: string }
  | { type: 'TABS.SET_TITLE'; fullPath: string; title: string }
  | { type: 'TABS.UPDATE_PATH'; fullPath: string; path: string }
  | SettingsChanged
  | SessionSignedIn
  | SessionSignedOut;

export interface TabsContext {
  tabs: TabEntry[];
  /** The user's menus, as bootstrap last announced them: the pages a location may become a tab of. */
  menus: Menu[];
  /** The fullPath of the active tab ('' before the first). */
  current: string;
  /** fullPaths whose pages stay mounted, least recently shown first. */
  cachedKeys: string[];
  /** Bumped by a refresh: part of the page's React key, so the page remounts. */
  renderKeys: Record<string, number>;
  /** multiTabsSetting.show when the console started (afterwards the states enabled and disabled say it). */
  enabledAtStart: boolean;
  /** multiTabsSetting.cache: the list is persisted. */
  persist: boolean;
  /** Where closing the only tab goes: the user's home path. */
  home: string;
  cacheLimit: number;
}

export interface TabsInput {
  enabled?: boolean;
  persist?: boolean;
  /** The restored list (only when persisted). */
  tabs?: TabEntry[];
  home?: string;
  cacheLimit?: number;
}

/** Writes the list when persisting is on, else removes it. */
const persist = {
  type: 'persistTabs',
  params: ({ context }: { context: TabsContext }) => (context.persist ? context.tabs : null),
} as const;

const keepsAlive = (tab: TabEntry | undefined) => tab !== undefined && !tab.meta.ignoreKeepAlive;

/** What a tabs state means to the views (`snapshot.hasTag(...)`). */
export type TabsTag =
  /** The tab bar is shown (the project config's `multiTabsSetting.show`): pages open as tabs. */
  'enabled';

/** The guard `addTabAt` checks for each menu a location may open. */
type HasPageGuard = { type: 'hasPage'; params: { component: string | undefined } };

export const tabsMachine = setup({
  types: {
    context: {} as TabsContext,
    events: {} as TabsEvent,
    input: {} as TabsInput,
    tags: {} as TabsTag,
  },
  actions: {
    showTab: assign(({ context, event }) => {
      if (event.type !== 'TABS.ADD') return {};
      const tabs = addTab(context.tabs, event.tab);
      const alive = new Set(tabs.map((tab) => tab.fullPath));
      return {
        tabs,
        current: event.tab.fullPath,
        cachedKeys: touchCache(
          context.cachedKeys.filter((key) => alive.has(key)),
          event.tab.fullPath,
          context.cacheLimit,
          keepsAlive(event.tab),
        ),
      };
    }),
    /** While tabs are off, the list is only the current page (so switching them on shows it). */
    rememberCurrentOnly: assign(({ event }) =>
      event.type === 'TABS.ADD'
        ? { tabs: [event.tab], current: event.tab.fullPath, cachedKeys: keepsAlive(event.tab) ? [event.tab.fullPath] : [] }
        : {},
    ),
    closeTabs: assign(({ context, event }) => {
      if (!isCloseRequest(event)) return {};
      const tabs = tabsAfterClose(context.tabs, event);
      const alive = new Set(tabs.map((tab) => tab.fullPath));
      return {
        tabs,
        cachedKeys: context.cachedKeys.filter((key) => alive.has(key)),
        renderKeys: Object.fromEntries(Object.entries(context.renderKeys).filter(([key]) => alive.has(key))),
      };
    }),
    moveTab: assign(({ context, event }) => (event.type === 'TABS.MOVE' ? { tabs: moveTab(context.tabs, event.from, event.to) } : {})),
    remount: assign(({ context, event }) =>
      event.type === 'TABS.REFRESH'
        ? { renderKeys: { ...context.renderKeys, [event.fullPath]: (context.renderKeys[event.fullPath] ?? 0) + 1 } }
        : {},
    ),
    retitle: assign(({ context, event }) =>
      event.type === 'TABS.SET_TITLE'
        ? {
            tabs: context.tabs.map((tab) =>
              tab.fullPath === event.fullPath ? { ...tab, meta: { ...tab.meta, title: event.title } } : tab,
            ),
          }
        : {},
    ),
    changePath: assign(({ context, event }) => {
      if (event.type !== 'TABS.UPDATE_PATH') return {};
      const rename = (key: string) => (key === event.fullPath ? event.path : key);
      return {
        tabs: context.tabs.map((tab) =>
          tab.fullPath === event.fullPath ? { ...tab, fullPath: event.path, path: event.path.split('?')[0] } : tab,
        ),
        current: rename(context.current),
        cachedKeys: context.cachedKeys.map(rename),
      };
    }),
    applySettings: assign(({ event }) =>
      event.type === 'SETTINGS.CHANGED' ? { persist: event.projectConfig.multiTabsSetting.cache } : {},
    ),
    setHome: assign(({ event }) => (event.type === 'SESSION.SIGNED_IN' ? { home: event.user.homePath || HOME_PATH } : {})),
    reset: assign({ tabs: [], current: '', cachedKeys: [], renderKeys: {} }),
    goToTargetAfterClose: sendParent(({ context, event }): NavigationRequested => {
      const request = event as CloseRequest;
      const remaining = tabsAfterClose(context.tabs, request);
      return { type: 'NAVIGATION.REQUESTED', to: targetAfterClose(context.tabs, remaining, request, context.home) };
    }),
    /** A refreshed tab that is not the current one is opened. */
    openTab: sendParent(({ event }): NavigationRequested => ({
      type: 'NAVIGATION.REQUESTED',
      to: (event as { fullPath: string }).fullPath,
    })),
    keepMenus: assign(({ event }) => (event.type === 'MENUS.CHANGED' ? { menus: event.menus } : {})),
    /** Writes the tab list to local storage, or removes it (injected). */
    persistTabs: (_, _tabs: TabEntry[] | null) => {},
  },
  guards: {
    /** Whether the console has the page a menu names (injected: the view layer's page registry); every one by default. */
    hasPage: (_, _params: { component: string | undefined }) => true,
    /** Login, the error and not-found pages and the redirect helper never become tabs (spec §4 Tabs). */
    isPageTab: ({ event }) => event.type === 'TABS.ADD' && isTabbable(event.tab),
    shownAtStart: ({ context }) => context.enabledAtStart,
    tabsShown: ({ event }) => event.type === 'SETTINGS.CHANGED' && event.projectConfig.multiTabsSetting.show,
    tabsHidden: ({ event }) => event.type === 'SETTINGS.CHANGED' && !event.projectConfig.multiTabsSetting.show,
    /** A close that would close nothing (affixed tabs, an empty side) is not taken: the tab menu offers what can() allows. */
    closesAny: ({ context, event }) => isCloseRequest(event) && tabsAfterClose(context.tabs, event).length < context.tabs.length,
    closesCurrent: ({ context, event }) =>
      isCloseRequest(event) &&
      context.tabs.some((tab) => tab.fullPath === context.current) &&
      !tabsAfterClose(context.tabs, event).some((tab) => tab.fullPath === context.current),
    isOtherTab: ({ context, event }) =>
      event.type === 'TABS.REFRESH' && event.fullPath !== context.current && context.tabs.some((tab) => tab.fullPath === event.fullPath),
  },
})
  .extend({
    // A second step, so that this action can check the guards above.
    actions: {
      /** The tab a committed location becomes, if it becomes one (./tabs): added, or updated in place. */
      addTabAt: enqueueActions<TabsContext, TabsEvent, undefined, TabsEvent, never, never, HasPageGuard, never, never>(
        ({ context, event, check, enqueue }) => {
          if (event.type !== 'LOCATION.COMMITTED') return;
          const tab = tabForLocation(event.location, context.menus, (component) => check({ type: 'hasPage', params: { component } }));
          if (tab) enqueue.raise({ type: 'TABS.ADD', tab });
        },
      ),
    },
  })
  .createMachine({
    id: 'tabs',
    context: ({ input }) => ({
      tabs: input.persist ? (input.tabs ?? []) : [],
      menus: [],
      current: '',
      cachedKeys: [],
      renderKeys: {},
      enabledAtStart: input.enabled ?? false,
      persist: input.persist ?? false,
      home: input.home ?? HOME_PATH,
      cacheLimit: input.cacheLimit ?? TAB_CACHE_LIMIT,
    }),
    initial: 'starting',
    on: {
      'LOCATION.COMMITTED': { actions: 'addTabAt' },
      'MENUS.CHANGED': { actions: 'keepMenus' },
      'SESSION.SIGNED_IN': { actions: 'setHome' },
      'SESSION.SIGNED_OUT': { actions: ['reset', { type: 'persistTabs', params: null }] },
    },
    states: {
      starting: {
        always: [{ guard: 'shownAtStart', target: 'enabled' }, { target: 'disabled' }],
      },
      disabled: {
        on: {
          'TABS.ADD': { guard: 'isPageTab', actions: 'rememberCurrentOnly' },
          'SETTINGS.CHANGED': [{ guard: 'tabsShown', target: 'enabled', actions: 'applySettings' }, { actions: 'applySettings' }],
        },
      },
      enabled: {
        tags: 'enabled',
        entry: persist,
        on: {
          'TABS.ADD': { guard: 'isPageTab', actions: ['showTab', persist] },
          'TABS.CLOSE': [
            { guard: 'closesCurrent', actions: ['goToTargetAfterClose', 'closeTabs', persist] },
            { guard: 'closesAny', actions: ['closeTabs', persist] },
          ],
          'TABS.MOVE': { actions: ['moveTab', persist] },
          'TABS.REFRESH': [{ guard: 'isOtherTab', actions: ['remount', 'openTab'] }, { actions: 'remount' }],
          'TABS.SET_TITLE': { actions: ['retitle', persist] },
          'TABS.UPDATE_PATH': { actions: ['changePath', persist] },
          'SETTINGS.CHANGED': [
            { guard: 'tabsHidden', target: 'disabled', actions: 'applySettings' },
            { actions: ['applySettings', persist] },
          ],
        },
      },
    },
  });

function isCloseRequest(event: { type: string }): event is CloseRequest {
  return event.type === 'TABS.CLOSE';
}
