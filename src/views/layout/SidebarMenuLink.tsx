import { memo, type MouseEvent } from 'react';
import { chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../components/MenuIcon';
import type { MenuEntry } from '../../shared/menuTree';
import { sidebarRowStyle } from './sidebarRowStyle';

interface SidebarMenuLinkProps {
  entry: MenuEntry;
  depth: number;
  active: boolean;
  onNavigate: (path: string) => void;
}

/** A page in the sidebar; drawn again only when its props change (the current page, mostly). */
export const SidebarMenuLink = memo(function SidebarMenuLink({ entry, depth, active, onNavigate }: SidebarMenuLinkProps) {
  const { t } = useTranslation();
  const follow = (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate(entry.path);
  };
  return (
    <chakra.a
      href={entry.path}
      onClick={follow}
      aria-current={active ? 'page' : undefined}
      {...sidebarRowStyle(depth)}
      color={active ? 'sidebar.activeFg' : 'sidebar.fg'}
      bg={active ? 'sidebar.activeBg' : 'transparent'}
      _hover={{ color: 'sidebar.activeFg', bg: active ? 'sidebar.activeBg' : 'sidebar.hoverBg' }}
    >
      {depth === 0 ? <MenuIcon name={entry.icon} /> : <MenuIcon name={entry.icon} size={16} />}
      <chakra.span overflow="hidden" textOverflow="ellipsis">
        {t(entry.title)}
      </chakra.span>
    </chakra.a>
  );
});
