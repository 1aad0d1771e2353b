import type { MenuSetting, ProjectConfig } from './projectConfig';

export type MenuMode = MenuSetting['mode'];

/** The modes a sidebar can take (the drawer's choices): horizontal belongs to the top menu alone. */
export const SIDEBAR_MENU_MODES = ['inline', 'vertical', 'vertical-right'] as const satisfies readonly MenuMode[];

/**
 * The menu mode that agrees with the menu type, as in vben-admin: the top menu lies in the header,
 * so its mode is horizontal; every other type has a sidebar, whose mode cannot be horizontal — a
 * type chosen away from the top menu brings the sidebar back inline. The type decides, so one rule
 * covers a type change, a mode change and a stored config from before modes were applied.
 */
export function menuModeForType(type: MenuSetting['type'], mode: MenuMode): MenuMode {
  if (type === 'top-menu') return 'horizontal';
  return mode === 'horizontal' ? 'inline' : mode;
}

/** The project config with its menu mode made to agree with its menu type. */
export function withMenuModeOfType(config: ProjectConfig): ProjectConfig {
  const { type, mode } = config.menuSetting;
  const agreed = menuModeForType(type, mode);
  return agreed === mode ? config : { ...config, menuSetting: { ...config.menuSetting, mode: agreed } };
}

/**
 * Whether the mode changes what the layout shows: it shapes the sidebar of the sidebar type and of
 * mix with split. Mix-sidebar keeps its own panel, mix without split has no sidebar, and the top
 * menu is horizontal by its type.
 */
export function menuModeApplies({ type, split }: Pick<MenuSetting, 'type' | 'split'>): boolean {
  return type === 'sidebar' || (type === 'mix' && split);
}
