import type { CloseRequest } from '../../../machines/tabs';

export type TabAction = 'refresh' | 'close' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';
export const TAB_ACTIONS: readonly TabAction[] = ['refresh', 'close', 'closeLeft', 'closeRight', 'closeOthers', 'closeAll'];

const WHICH = { close: 'tab', closeLeft: 'left', closeRight: 'right', closeOthers: 'others' } as const;

/** The tabs machine's close request of a menu action on the tab `fullPath`; null for refresh. */
export function closeRequestOf(action: TabAction, fullPath: string): CloseRequest | null {
  if (action === 'refresh') return null;
  return action === 'closeAll' ? { type: 'TABS.CLOSE', which: 'all' } : { type: 'TABS.CLOSE', which: WHICH[action], fullPath };
}
