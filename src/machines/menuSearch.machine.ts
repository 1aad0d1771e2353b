import { assign, raise, sendParent, setup } from 'xstate';
import { LOCALES, MENU_SEARCH_DEBOUNCE_MS } from '../config/constants';
import type { NavigationRequested } from './announcements';
import type { Menu } from './menus';
import { searchItemsOf, searchMenus, type SearchItem, type SearchResult } from './menuSearch';

/**
 * The header's menu search (spec §2): a keyword finds menu pages by their titles (fuzzy, in every
 * locale) after a 200 ms pause in typing; arrows move the selection (wrapping), Enter opens the
 * selected page, Escape closes. A key pressed within the pause searches at once and then acts, so
 * typing and pressing Enter quickly opens what was typed; a click opens the result it was on.
 */

export type MenuSearchEvent =
  | { type: 'MENU_SEARCH.OPEN' }
  | { type: 'MENU_SEARCH.CLOSE' }
  | { type: 'MENU_SEARCH.INPUT'; keyword: string }
  | { type: 'MENU_SEARCH.UP' }
  | { type: 'MENU_SEARCH.DOWN' }
  | { type: 'MENU_SEARCH.HOVER'; index: number }
  | { type: 'MENU_SEARCH.PICK'; index?: number }
  /** The menus to search: sent by the app whenever they change or more translations of their titles arrive. */
  | { type: 'MENU_SEARCH.MENUS'; menus: Menu[] };

export interface MenuSearchContext {
  items: SearchItem[];
  keyword: string;
  results: SearchResult[];
  /** Index into results; -1 when there are none. */
  selected: number;
}

export interface MenuSearchInput {
  items?: SearchItem[];
}

/** What a menu-search state means to the views (`snapshot.hasTag(...)`). */
export type MenuSearchTag =
  /** The search dialog is open. */
  | 'open'
  /** A keyword was typed and its search waits for the debounce: the results shown are not yet for it. */
  | 'searching';

export const menuSearchMachine = setup({
  types: {
    context: {} as MenuSearchContext,
    events: {} as MenuSearchEvent,
    input: {} as MenuSearchInput,
    tags: {} as MenuSearchTag,
  },
  delays: {
    debounce: MENU_SEARCH_DEBOUNCE_MS,
  },
  actions: {
    /**
     * The menus' pages, each with its title in every locale (injected: the translations live
     * outside machines; titles as they are by default).
     */
    indexMenus: assign((_, menus: readonly Menu[]) => ({ items: searchItemsOf(menus, (key) => key, LOCALES) })),
    setKeyword: assign(({ event }) => (event.type === 'MENU_SEARCH.INPUT' ? { keyword: event.keyword } : {})),
    search: assign(({ context }) => {
      const results = searchMenus(context.items, context.keyword);
      return { results, selected: results.length > 0 ? 0 : -1 };
    }),
    clear: assign({ keyword: '', results: [], selected: -1 }),
    selectPrevious: assign(({ context }) => ({ selected: (context.selected - 1 + context.results.length) % context.results.length })),
    selectNext: assign(({ context }) => ({ selected: (context.selected + 1) % context.results.length })),
    hover: assign(({ event }) => (event.type === 'MENU_SEARCH.HOVER' ? { selected: event.index } : {})),
    /** The key again, once the search it waited for is done. */
    replay: raise(({ event }) => event),
    open: sendParent(({ context, event }): NavigationRequested => {
      const index = event.type === 'MENU_SEARCH.PICK' && event.index !== undefined ? event.index : context.selected;
      return { type: 'NAVIGATION.REQUESTED', to: context.results[index].path };
    }),
  },
  guards: {
    isBlank: ({ event }) => event.type === 'MENU_SEARCH.INPUT' && event.keyword.trim() === '',
    hasResults: ({ context }) => context.results.length > 0,
    isResult: ({ context, event }) => {
      const index = event.type === 'MENU_SEARCH.PICK' || event.type === 'MENU_SEARCH.HOVER' ? (event.index ?? context.selected) : -1;
      return Number.isInteger(index) && index >= 0 && index < context.results.length;
    },
    isClickedResult: ({ context, event }) =>
      event.type === 'MENU_SEARCH.PICK' &&
      event.index !== undefined &&
      Number.isInteger(event.index) &&
      event.index >= 0 &&
      event.index < context.results.length,
  },
}).createMachine({
  id: 'menuSearch',
  context: ({ input }) => ({ items: input.items ?? [], keyword: '', results: [], selected: -1 }),
  initial: 'closed',
  on: {
    'MENU_SEARCH.MENUS': { actions: { type: 'indexMenus', params: ({ event }) => event.menus } },
  },
  states: {
    closed: {
      on: { 'MENU_SEARCH.OPEN': { target: 'open', actions: 'clear' } },
    },
    open: {
      tags: 'open',
      initial: 'idle',
      on: {
        'MENU_SEARCH.CLOSE': { target: 'closed', actions: 'clear' },
        'MENU_SEARCH.INPUT': [
          { guard: 'isBlank', target: '.idle', actions: ['setKeyword', 'clear'] },
          { target: '.searching', actions: 'setKeyword', reenter: true },
        ],
      },
      states: {
        idle: {},
        searching: {
          tags: 'searching',
          after: { debounce: { target: 'results', actions: 'search' } },
          on: {
            'MENU_SEARCH.UP': { target: 'results', actions: ['search', 'replay'] },
            'MENU_SEARCH.DOWN': { target: 'results', actions: ['search', 'replay'] },
            'MENU_SEARCH.PICK': [
              { guard: 'isClickedResult', target: '#menuSearch.closed', actions: ['open', 'clear'] },
              { target: 'results', actions: ['search', 'replay'] },
            ],
          },
        },
        results: {
          on: {
            'MENU_SEARCH.UP': { guard: 'hasResults', actions: 'selectPrevious' },
            'MENU_SEARCH.DOWN': { guard: 'hasResults', actions: 'selectNext' },
            'MENU_SEARCH.HOVER': { guard: 'isResult', actions: 'hover' },
            'MENU_SEARCH.PICK': { guard: 'isResult', target: '#menuSearch.closed', actions: ['open', 'clear'] },
          },
        },
      },
    },
  },
});
