import { Box, chakra, Menu, Portal, Stack, Tooltip } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../components/MenuIcon';
import { hasVisibleChildren, isWithin, visibleEntries, type MenuEntry } from './menuTree';

interface CollapsedSidebarMenuProps {
  entries: MenuEntry[];
  pathname: string;
  onNavigate: (path: string) => void;
}

/** Pages below `entry`, flattened, for the pop-out menu of a collapsed section. */
function leavesOf(entry: MenuEntry): MenuEntry[] {
  return visibleEntries(entry.children).flatMap((child) => (hasVisibleChildren(child) ? leavesOf(child) : [child]));
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

/** The sidebar folded to icons: a page shows its title on hover, a section pops out its pages. */
export function CollapsedSidebarMenu({ entries, pathname, onNavigate }: CollapsedSidebarMenuProps) {
  const { t } = useTranslation();
  return (
    <Stack as="ul" listStyleType="none" gap="0" py="1">
      {visibleEntries(entries).map((entry) => {
        const active = isWithin(entry, pathname);
        const color = active ? 'sidebar.activeFg' : 'sidebar.fg';
        const bg = active ? 'sidebar.activeBg' : 'transparent';
        return (
          <Box as="li" key={entry.path}>
            {hasVisibleChildren(entry) ? (
              <Menu.Root positioning={{ placement: 'right-start', gutter: 8 }} onSelect={({ value }) => onNavigate(value)}>
                <Menu.Trigger asChild>
                  <chakra.button type="button" aria-label={t(entry.title)} color={color} bg={bg} {...iconButtonStyle}>
                    <MenuIcon name={entry.icon} />
                  </chakra.button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content minW="44">
                      <Menu.ItemGroup>
                        <Menu.ItemGroupLabel>{t(entry.title)}</Menu.ItemGroupLabel>
                        {leavesOf(entry).map((leaf) => (
                          <Menu.Item key={leaf.path} value={leaf.path} color={pathname === leaf.path ? 'brand.fg' : undefined}>
                            <MenuIcon name={leaf.icon} size={16} />
                            {t(leaf.title)}
                          </Menu.Item>
                        ))}
                      </Menu.ItemGroup>
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            ) : (
              <Tooltip.Root positioning={{ placement: 'right' }} openDelay={200}>
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
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
