import { LAYOUT_SIZES, MENU_COLLAPSED_WIDTH, MENU_COLLAPSED_WIDTH_AT_48 } from '../../config/constants';

/** The folded sidebar's width (spec §9): 48, or 79 when the menu width itself is 48. */
export function collapsedMenuWidth(menuWidth: number): number {
  return menuWidth === MENU_COLLAPSED_WIDTH ? MENU_COLLAPSED_WIDTH_AT_48 : MENU_COLLAPSED_WIDTH;
}

/** The mix-sidebar's icon column (spec §9 layout sizes): 80 with titles, 48 folded. */
export function mixSideColumnWidth(collapsed: boolean): number {
  return collapsed ? LAYOUT_SIZES[0] : LAYOUT_SIZES[1];
}
