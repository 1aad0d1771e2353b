import type { ReactElement } from 'react';
import { Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../components/MenuIcon';
import { leavesOf } from './menuLeaves';
import type { MenuEntry } from '../../shared/menuTree';
import type { SidebarSide } from './sidebarSide';

interface SectionFlyoutProps {
  entry: MenuEntry;
  /** The page marked current (currentMenuPath). */
  current: string;
  onNavigate: (path: string) => void;
  /** The sidebar's edge of the window: the flyout opens away from it, beside the sidebar. */
  side: SidebarSide;
  /** What opens it (an icon or a whole row of the sidebar). */
  children: ReactElement;
}

/** A section's pages, flattened, in a menu that pops out beside the sidebar (folded sidebar, vertical modes). */
export function SectionFlyout({ entry, current, onNavigate, side, children }: SectionFlyoutProps) {
  const { t } = useTranslation();
  return (
    <Menu.Root
      positioning={{ placement: side === 'left' ? 'right-start' : 'left-start', gutter: 8 }}
      onSelect={({ value }) => onNavigate(value)}
    >
      <Menu.Trigger asChild>{children}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44" data-testid="section-flyout">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t(entry.title)}</Menu.ItemGroupLabel>
              {leavesOf(entry).map((leaf) => (
                <Menu.Item key={leaf.path} value={leaf.path} color={current === leaf.path ? 'brand.fg' : undefined}>
                  <MenuIcon name={leaf.icon} size={16} />
                  {t(leaf.title)}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
