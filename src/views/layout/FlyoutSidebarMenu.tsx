import { Box, chakra, Stack, Tooltip, Portal } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../components/MenuIcon';
import { currentMenuPath, hasVisibleChildren, isWithin, visibleEntries, type MenuEntry } from '../../shared/menuTree';
import { SectionFlyout } from './SectionFlyout';
import { SidebarMenuLink } from './SidebarMenuLink';
import { sidebarRowStyle } from './sidebarRowStyle';
import type { SidebarSide } from './sidebarSide';

interface FlyoutSidebarMenuProps {
  entries: MenuEntry[];
  pathname: string;
  onNavigate: (path: string) => void;
  /** Icons only (the folded sidebar); otherwise rows with titles (menu mode vertical). */
  iconsOnly: boolean;
  side: SidebarSide;
}

const iconButtonStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '10',
  h: '10',
  mx: 'auto',
  my: '1',
  rounded: 'md',
  cursor: 'pointer',
  transition: 'background 0.2s, color 0.2s',
  _hover: { color: 'sidebar.activeFg', bg: 'sidebar.hoverBg' },
} as const;

/**
 * The sidebar whose sections pop their pages out beside it instead of opening inline: folded to
 * icons (a page shows its title on hover), or in menu mode vertical / vertical-right as rows.
 */
export function FlyoutSidebarMenu({ entries, pathname, onNavigate, iconsOnly, side }: FlyoutSidebarMenuProps) {
  const { t } = useTranslation();
  const Chevron = side === 'left' ? ChevronRight : ChevronLeft;
  const current = currentMenuPath(entries, pathname);
  return (
    <Stack as="ul" listStyleType="none" gap="0" py="1">
      {visibleEntries(entries).map((entry) => {
        const active = isWithin(entry, pathname);
        const color = active ? 'sidebar.activeFg' : 'sidebar.fg';
        const bg = active ? 'sidebar.activeBg' : 'transparent';
        let item;
        if (hasVisibleChildren(entry)) {
          item = (
            <SectionFlyout entry={entry} current={current} onNavigate={onNavigate} side={side}>
              {iconsOnly ? (
                <chakra.button type="button" aria-label={t(entry.title)} color={color} bg={bg} {...iconButtonStyle}>
                  <MenuIcon name={entry.icon} />
                </chakra.button>
              ) : (
                <chakra.button
                  type="button"
                  {...sidebarRowStyle(0)}
                  w="calc(100% - 16px)"
                  textAlign="start"
                  color={color}
                  cursor="pointer"
                  _hover={{ color: 'sidebar.activeFg', bg: 'sidebar.hoverBg' }}
                  _expanded={{ color: 'sidebar.activeFg', bg: 'sidebar.hoverBg' }}
                >
                  <MenuIcon name={entry.icon} />
                  <chakra.span flex="1" overflow="hidden" textOverflow="ellipsis">
                    {t(entry.title)}
                  </chakra.span>
                  <Chevron size={14} />
                </chakra.button>
              )}
            </SectionFlyout>
          );
        } else if (!iconsOnly) {
          item = <SidebarMenuLink entry={entry} depth={0} active={current === entry.path} onNavigate={onNavigate} />;
        } else {
          item = (
            <Tooltip.Root positioning={{ placement: side === 'left' ? 'right' : 'left' }} openDelay={200}>
              <Tooltip.Trigger asChild>
                <chakra.a
                  href={entry.path}
                  aria-label={t(entry.title)}
                  aria-current={active ? 'page' : undefined}
                  color={color}
                  bg={bg}
                  {...iconButtonStyle}
                  onClick={(event) => {
                    event.preventDefault();
                    onNavigate(entry.path);
                  }}
                >
                  <MenuIcon name={entry.icon} />
                </chakra.a>
              </Tooltip.Trigger>
              <Portal>
                <Tooltip.Positioner>
                  <Tooltip.Content>{t(entry.title)}</Tooltip.Content>
                </Tooltip.Positioner>
              </Portal>
            </Tooltip.Root>
          );
        }
        return (
          <Box as="li" key={entry.path}>
            {item}
          </Box>
        );
      })}
    </Stack>
  );
}
