import { TABS_DISABLED_MESSAGE } from '../config/constants';
import type { TabsEvent } from '../machines/tabs.machine';

/**
 * The multi-tab functions (spec §4 Tabs). Each throws the spec's error while multi-tabs are off;
 * `fullPath` defaults to the current tab.
 */
export function createTabActions(send: (event: TabsEvent) => void, facts: () => { enabled: boolean; current: string }) {
  const ready = (): string => {
    const { enabled, current } = facts();
    if (!enabled) throw new Error(TABS_DISABLED_MESSAGE);
    return current;
  };
  const orCurrent = (fullPath: string | undefined): string => {
    const current = ready();
    return fullPath ?? current;
  };
  return {
    close: (fullPath?: string) => send({ type: 'TABS.CLOSE', which: 'tab', fullPath: orCurrent(fullPath) }),
    closeLeft: (fullPath?: string) => send({ type: 'TABS.CLOSE', which: 'left', fullPath: orCurrent(fullPath) }),
    closeRight: (fullPath?: string) => send({ type: 'TABS.CLOSE', which: 'right', fullPath: orCurrent(fullPath) }),
    closeOthers: (fullPath?: string) => send({ type: 'TABS.CLOSE', which: 'others', fullPath: orCurrent(fullPath) }),
    closeAll: () => {
      ready();
      send({ type: 'TABS.CLOSE', which: 'all' });
    },
    move: (from: number, to: number) => {
      ready();
      send({ type: 'TABS.MOVE', from, to });
    },
    refresh: (fullPath?: string) => send({ type: 'TABS.REFRESH', fullPath: orCurrent(fullPath) }),
    setTitle: (title: string, fullPath?: string) => send({ type: 'TABS.SET_TITLE', title, fullPath: orCurrent(fullPath) }),
    updatePath: (path: string, fullPath?: string) => send({ type: 'TABS.UPDATE_PATH', path, fullPath: orCurrent(fullPath) }),
  };
}

export type TabActions = ReturnType<typeof createTabActions>;
