import type { TabEntry } from '../../../machines/tabs';

export type TabAction = 'refresh' | 'close' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';
export const TAB_ACTIONS: readonly TabAction[] = ['refresh', 'close', 'closeLeft', 'closeRight', 'closeOthers', 'closeAll'];

/** Which actions would change something for the tab at `index` (affixed tabs never close). */
export function enabledTabActions(tabs: readonly TabEntry[], index: number): Record<TabAction, boolean> {
  const closable = (tab: TabEntry) => !tab.meta.affix;
  const tab = tabs[index];
  return {
    refresh: true,
    close: tab !== undefined && closable(tab),
    closeLeft: tabs.slice(0, index).some(closable),
    closeRight: tabs.slice(index + 1).some(closable),
    closeOthers: tabs.some((other, i) => i !== index && closable(other)),
    closeAll: tabs.some(closable),
  };
}
