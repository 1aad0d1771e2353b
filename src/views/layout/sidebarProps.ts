import type { MenuEntry } from '../../shared/menuTree';

/** What every kind of sidebar is given: the menus, where they lead, and the look the menu settings give it. */
export interface SidebarProps {
  menus: MenuEntry[];
  pathname: string;
  collapsed: boolean;
  onNavigate: (path: string) => void;
  /** The menu's background (project config) and the theme its luminance gives (spec §4). */
  bgColor: string;
  theme: 'light' | 'dark';
}
