import type { ReactNode } from 'react';
import { Box, chakra, Collapsible } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../components/MenuIcon';
import { isWithin, type MenuEntry } from './menuTree';

interface SidebarMenuGroupProps {
  entry: MenuEntry;
  depth: number;
  pathname: string;
  open: boolean;
  onToggle: () => void;
  /** The group's own entries. */
  children: ReactNode;
}

/** A section of the sidebar that opens to show its pages. */
export function SidebarMenuGroup({ entry, depth, pathname, open, onToggle, children }: SidebarMenuGroupProps) {
  const { t } = useTranslation();
  const containsActive = isWithin(entry, pathname);
  return (
    <Collapsible.Root open={open} onOpenChange={onToggle}>
      <Collapsible.Trigger asChild>
        <chakra.button
          type="button"
          display="flex"
          alignItems="center"
          gap="2.5"
          w="calc(100% - 16px)"
          h="10"
          mx="2"
          my="0.5"
          ps={`${12 + depth * 20}px`}
          pe="3"
          rounded="md"
          textStyle="sm"
          textAlign="start"
          whiteSpace="nowrap"
          color={containsActive ? 'sidebar.activeFg' : 'sidebar.fg'}
          cursor="pointer"
          transition="background 0.2s, color 0.2s"
          _hover={{ color: 'sidebar.activeFg', bg: 'sidebar.hoverBg' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.300' }}
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
