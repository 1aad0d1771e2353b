import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, type AnyMachineSnapshot } from 'xstate';
import type { Locale } from '../../src/config/constants';
import type { Menu } from '../../src/machines/menus';
import { fuzzyMatches, searchItemsOf } from '../../src/machines/menuSearch';
import { menuSearchMachine, type MenuSearchInput } from '../../src/machines/menuSearch.machine';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, type Model } from './modelPaths';

const leaf = (path: string, title: string, extra: Partial<Menu> = {}): Menu => ({
  path,
  name: path,
  title,
  icon: '',
  order: 0,
  hideMenu: false,
  children: [],
  ...extra,
});

const MENUS: Menu[] = [
  leaf('/content', 'routes.content', {
    children: [leaf('/site', 'routes.site'), leaf('/article', 'routes.article'), leaf('/hidden', 'routes.hidden', { hideMenu: true })],
  }),
  leaf('/dashboard/analysis', 'routes.dashboard'),
];

const DICTIONARY: Record<Locale, Record<string, string>> = {
  zh_CN: { 'routes.content': '内容', 'routes.site': '站点管理', 'routes.article': '文章列表', 'routes.dashboard': '分析页' },
  en: { 'routes.content': 'Content', 'routes.site': 'Sites', 'routes.article': 'Articles', 'routes.dashboard': 'Analysis' },
};
const translate = (key: string, locale: Locale) => DICTIONARY[locale][key] ?? key;
const ITEMS = searchItemsOf(MENUS, translate, ['zh_CN', 'en']);

function searchWith(record: (name: string, params?: unknown) => void = () => {}) {
  return menuSearchMachine.provide({
    actions: {
      indexMenus: assign((_, menus: readonly Menu[]) => ({ items: searchItemsOf(menus, translate, ['zh_CN', 'en']) })),
      open: ({ context, event }) => {
        const index = event.type === 'MENU_SEARCH.PICK' && event.index !== undefined ? event.index : context.selected;
        record('navigate', context.results[index].path);
      },
    },
  });
}

const model: Model<ReturnType<typeof searchWith>> = {
  machine: searchWith(),
  input: { items: ITEMS },
  events: {
    'MENU_SEARCH.INPUT': [
      { type: 'MENU_SEARCH.INPUT', keyword: 'es' },
      { type: 'MENU_SEARCH.INPUT', keyword: '  ' },
      { type: 'MENU_SEARCH.INPUT', keyword: 'zzz' },
    ],
    'MENU_SEARCH.HOVER': [
      { type: 'MENU_SEARCH.HOVER', index: 1 },
      { type: 'MENU_SEARCH.HOVER', index: 9 },
    ],
    'MENU_SEARCH.PICK': [{ type: 'MENU_SEARCH.PICK' }, { type: 'MENU_SEARCH.PICK', index: 0 }],
    'MENU_SEARCH.UP': [{ type: 'MENU_SEARCH.UP' }],
    'MENU_SEARCH.DOWN': [{ type: 'MENU_SEARCH.DOWN' }],
    'MENU_SEARCH.MENUS': [{ type: 'MENU_SEARCH.MENUS', menus: MENUS }],
  },
  delays: { debounce: 200 },
  serializeState: (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context.keyword, snapshot.context.selected]),
};

const coverage = createTransitionCoverage('menuSearch', menuSearchMachine);

function start(
  input: MenuSearchInput = { items: ITEMS },
  record?: (name: string, params?: unknown) => void,
  inspect?: typeof coverage.inspect,
) {
  const actor = createActor(searchWith(record), { input, ...(inspect ? { inspect } : {}) });
  return { actor, fakes: createFakeActors([]) };
}

/** A started search, opened, with `keyword` typed and its pause over. */
async function searched(keyword: string, record: (name: string, params?: unknown) => void) {
  const { actor } = start(undefined, record);
  actor.start();
  actor.send({ type: 'MENU_SEARCH.OPEN' });
  actor.send({ type: 'MENU_SEARCH.INPUT', keyword });
  await vi.advanceTimersByTimeAsync(200);
  return actor;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('menu search machine', () => {
  it('every generated path reaches the states the graph predicts', async () => {
    expect(await replayAll(model, coverage, (inspect) => start({ items: ITEMS }, undefined, inspect))).toBeGreaterThan(0);
  });

  it('searches 200 ms after the last keystroke, in both languages, characters in order', async () => {
    const { actor } = start();
    actor.start();
    actor.send({ type: 'MENU_SEARCH.OPEN' });
    actor.send({ type: 'MENU_SEARCH.INPUT', keyword: 'ART' });
    await vi.advanceTimersByTimeAsync(150);
    actor.send({ type: 'MENU_SEARCH.INPUT', keyword: 'arts' });
    await vi.advanceTimersByTimeAsync(150);
    expect(actor.getSnapshot().matches({ open: 'searching' })).toBe(true);
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().context.results).toEqual([{ path: '/article', title: 'routes.article', parents: ['routes.content'] }]);
    actor.send({ type: 'MENU_SEARCH.INPUT', keyword: '站点' });
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().context.results.map((r) => r.path)).toEqual(['/site']);
    actor.send({ type: 'MENU_SEARCH.INPUT', keyword: 'hidden' });
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().context.results).toEqual([]);
  });

  it('arrows move the selection and wrap; Enter opens the selected page and closes; a click opens its own', async () => {
    const record = vi.fn();
    const actor = await searched('s', record);
    const found = actor.getSnapshot().context.results.map((r) => r.path);
    expect(found).toEqual(['/site', '/article', '/dashboard/analysis']);
    expect(actor.getSnapshot().context.selected).toBe(0);
    actor.send({ type: 'MENU_SEARCH.UP' });
    expect(actor.getSnapshot().context.selected).toBe(2);
    actor.send({ type: 'MENU_SEARCH.DOWN' });
    expect(actor.getSnapshot().context.selected).toBe(0);
    actor.send({ type: 'MENU_SEARCH.DOWN' });
    actor.send({ type: 'MENU_SEARCH.PICK' });
    expect(record).toHaveBeenCalledWith('navigate', '/article');
    expect(actor.getSnapshot().value).toBe('closed');

    actor.send({ type: 'MENU_SEARCH.OPEN' });
    expect(actor.getSnapshot().context.keyword).toBe('');
    actor.send({ type: 'MENU_SEARCH.INPUT', keyword: 's' });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: 'MENU_SEARCH.PICK', index: 2 });
    expect(record).toHaveBeenLastCalledWith('navigate', '/dashboard/analysis');
  });

  it('a key pressed before the pause ends searches at once, then acts: type and Enter opens what was typed', async () => {
    const record = vi.fn();
    const actor = await searched('s', record);
    // Typing on: the results of 's' still show while 'art' waits for its pause.
    actor.send({ type: 'MENU_SEARCH.INPUT', keyword: 'art' });
    actor.send({ type: 'MENU_SEARCH.PICK' });
    expect(record).toHaveBeenCalledWith('navigate', '/article');
    expect(actor.getSnapshot().value).toBe('closed');

    actor.send({ type: 'MENU_SEARCH.OPEN' });
    actor.send({ type: 'MENU_SEARCH.INPUT', keyword: 's' });
    actor.send({ type: 'MENU_SEARCH.DOWN' });
    expect(actor.getSnapshot().context).toMatchObject({ selected: 1 });
    expect(actor.getSnapshot().context.results.map((r) => r.path)).toEqual(['/site', '/article', '/dashboard/analysis']);
    actor.send({ type: 'MENU_SEARCH.INPUT', keyword: 'site' });
    actor.send({ type: 'MENU_SEARCH.UP' });
    expect(actor.getSnapshot().context.results.map((r) => r.path)).toEqual(['/site']);
    expect(actor.getSnapshot().context.selected).toBe(0);

    // A click opens the result it was on, even while a newer keyword waits.
    actor.send({ type: 'MENU_SEARCH.INPUT', keyword: 'zzz' });
    actor.send({ type: 'MENU_SEARCH.PICK', index: 0 });
    expect(record).toHaveBeenLastCalledWith('navigate', '/site');
    // Nothing found: Enter does nothing and the search stays open.
    actor.send({ type: 'MENU_SEARCH.OPEN' });
    actor.send({ type: 'MENU_SEARCH.INPUT', keyword: 'zzz' });
    actor.send({ type: 'MENU_SEARCH.PICK' });
    expect(actor.getSnapshot().matches({ open: 'results' })).toBe(true);
    expect(record).toHaveBeenCalledTimes(2);
  });

  it('indexes the menus it is sent by their titles in every locale, as the translation provided gives them', async () => {
    const { actor } = start({});
    actor.start();
    actor.send({ type: 'MENU_SEARCH.MENUS', menus: MENUS });
    actor.send({ type: 'MENU_SEARCH.OPEN' });
    actor.send({ type: 'MENU_SEARCH.INPUT', keyword: 'sites' });
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().context.results).toEqual([{ path: '/site', title: 'routes.site', parents: ['routes.content'] }]);

    // Without a translation provided, the titles are matched as they are.
    const untranslated = createActor(menuSearchMachine, { input: {} });
    untranslated.start();
    untranslated.send({ type: 'MENU_SEARCH.MENUS', menus: MENUS });
    expect(untranslated.getSnapshot().context.items.map((item) => item.names)).toEqual([
      ['routes.site'],
      ['routes.article'],
      ['routes.dashboard'],
    ]);
  });

  it('fuzzy matching ignores case and spaces and needs the characters in order', () => {
    expect(fuzzyMatches('aly', 'Analysis')).toBe(true);
    expect(fuzzyMatches('A s', 'Analysis')).toBe(true);
    expect(fuzzyMatches('ya', 'Analysis')).toBe(false);
    expect(fuzzyMatches('', 'Analysis')).toBe(false);
  });
});

afterAll(() => {
  coverage.report();
});

it('menu search machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
