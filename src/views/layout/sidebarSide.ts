import type { MenuMode } from '../../config/menuMode';

/** The window edge the sidebar sits at. */
export type SidebarSide = 'left' | 'right';

/** Menu mode vertical-right puts the sidebar at the right edge; every other mode at the left. */
export function sidebarSideOf(mode: MenuMode): SidebarSide {
  return mode === 'vertical-right' ? 'right' : 'left';
}
