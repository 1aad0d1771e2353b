import type { ReactNode } from 'react';
import { Box, chakra, Collapsible } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../components/MenuIcon';
import { isWithin, type MenuEntry } from '../../shared/menuTree';
import { sidebarRowStyle } from './sidebarRowStyle';

interface SidebarMenuGroupProps {
  entry: MenuEntry;
  depth: number;
  pathname: string;
  open: boolean;
  /** The state the section's trigger asks for (not a toggle: see SidebarMenuList). */
  onOpenChange: (open: boolean) => void;
  /** The group's own entries. */
  children: ReactNode;
}

/** A section of the sidebar that opens to show its pages. */
export function SidebarMenuGroup({ entry, depth, pathname, open, onOpenChange, children }: SidebarMenuGroupProps) {
  const { t } = useTranslation();
  const containsActive = isWithin(entry, pathname);
  return (
    <Collapsible.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Collapsible.Trigger asChild>
        <chakra.button
          type="button"
          {...sidebarRowStyle(depth)}
          w="calc(100% - 16px)"
          textAlign="start"
          color={containsActive ? 'sidebar.activeFg' : 'sidebar.fg'}
          cursor="pointer"
          _hover={{ color: 'sidebar.activeFg', bg: 'sidebar.hoverBg' }}
        >
          <MenuIcon name={entry.icon} />
          <chakra.span flex="1" overflow="hidden" textOverflow="ellipsis">
            {t(entry.title)}
          </chakra.span>
          <Box as="span" transition="transform 0.2s" transform={open ? 'rotate(180deg)' : undefined}>
            <ChevronDown size={14} />
          </Box>
        </chakra.button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Box bg="sidebar.nestedBg" py="1">
          {children}
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
