import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { persistTabs } from '../../../src/app/storedState';
import type { TabEntry } from '../../../src/machines/tabs';
import type { TabsInput } from '../../../src/machines/tabs.machine';
import { StorageKey } from '../../../src/services/webCache';
import type { ProjectConfig } from '../../../src/config/projectConfig';
import { freshCache } from './freshCache';

/**
 * The tabs model's oracle: what the system must have done after each step, judged from the path's
 * events and what the tab bar showed before it — the stored list, the navigation asked of the app
 * when the current tab closes or another is refreshed, and the tab bar itself.
 */
export function createTabsWorld(input: TabsInput) {
  const cache = freshCache('tabs');
  const asked = { navigate: 0, open: 0 };
  const actions = {
    persistTabs: (_: unknown, tabs: TabEntry[] | null) => persistTabs(cache, tabs),
    goToTargetAfterClose: () => {
      asked.navigate += 1;
    },
    openTab: () => {
      asked.open += 1;
    },
  };

  let shown = input.enabled ?? false;
  let persisting = input.persist ?? false;
  let before: { tabs: TabEntry[]; current: string } = { tabs: [], current: '' };
  let seen = { ...asked };

  const oracle = (snapshot: AnyMachineSnapshot, event: EventObject, where: string) => {
    const payload = event as EventObject & Record<string, unknown>;
    if (event.type === 'SETTINGS.CHANGED') {
      const { show, cache: keep } = (payload.projectConfig as ProjectConfig).multiTabsSetting;
      shown = show;
      persisting = keep;
    }
    const { tabs, current } = snapshot.context as { tabs: TabEntry[]; current: string };
    const paths = tabs.map((tab) => tab.fullPath);
    const pathsBefore = before.tabs.map((tab) => tab.fullPath);
    const check = (what: string, actual: unknown, expected: unknown) =>
      expect(actual, `${where}\n  in ${String(snapshot.value)}: ${what}`).toEqual(expected);

    // The bar shows while the settings say so; the list is stored while it shows and the settings keep it.
    check('tabs shown', snapshot.matches('enabled'), shown);
    if (shown) check('stored list', cache.getLocal(StorageKey.MULTIPLE_TABS) ?? null, persisting ? tabs : null);
    else check('one page remembered while the bar is hidden', tabs.length <= 1, true);

    const target = payload.fullPath as string | undefined;
    if (event.type === 'TABS.ADD') {
      const added = (payload.tab as TabEntry).fullPath;
      check('the added page is the current tab', [paths.includes(added), current], [true, added]);
    }
    if (event.type === 'TABS.CLOSE') {
      const closed = pathsBefore.filter((path) => !paths.includes(path));
      const affixed = before.tabs.filter((tab) => tab.meta.affix).map((tab) => tab.fullPath);
      check(
        'affixed tabs stay',
        affixed.every((path) => paths.includes(path)),
        true,
      );
      if (shown && payload.which === 'tab' && !affixed.includes(target ?? ''))
        check('the closed tab is gone', paths.includes(target ?? ''), false);
      check('a closed current tab leads elsewhere', asked.navigate - seen.navigate, closed.includes(before.current) ? 1 : 0);
    } else check('navigation after a close', asked.navigate - seen.navigate, 0);
    const other = shown && event.type === 'TABS.REFRESH' && target !== before.current && pathsBefore.includes(target ?? '');
    check('a refreshed other tab opens', asked.open - seen.open, other ? 1 : 0);
    if (shown && event.type === 'TABS.MOVE' && before.tabs.length > 1)
      check('moved', paths, [pathsBefore[1], pathsBefore[0], ...pathsBefore.slice(2)]);
    if (shown && event.type === 'TABS.SET_TITLE' && pathsBefore.includes(target ?? ''))
      check('retitled', tabs.find((tab) => tab.fullPath === target)?.meta.title, payload.title);
    if (event.type === 'SESSION.SIGNED_OUT')
      check('signing out forgets the list', [paths, cache.getLocal(StorageKey.MULTIPLE_TABS) ?? null], [[], null]);

    before = { tabs, current };
    seen = { ...asked };
  };

  return { actions, oracle };
}
