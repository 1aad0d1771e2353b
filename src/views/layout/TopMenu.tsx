import { chakra, Flex, Menu, Portal } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../components/MenuIcon';
import { firstLeaf, leavesOf } from './menuLeaves';
import { currentMenuPath, hasVisibleChildren, isWithin, visibleEntries, type MenuEntry } from '../../shared/menuTree';

interface TopMenuProps {
  menus: MenuEntry[];
  pathname: string;
  onNavigate: (path: string) => void;
  align: 'start' | 'center' | 'end';
  /** Sections lead to their first page instead of opening (mix layout with split: the sidebar shows their pages). */
  sectionsOnly?: boolean;
}

const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '1.5',
  h: '12',
  px: '3',
  textStyle: 'sm',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  borderBottomWidth: '2px',
  transition: 'color 0.2s, border-color 0.2s',
  _hover: { color: 'brand.fg' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.300', outlineOffset: '-2px' },
} as const;

/** The menu as a row in the header (top-menu and mix layouts). */
export function TopMenu({ menus, pathname, onNavigate, align, sectionsOnly = false }: TopMenuProps) {
  const { t } = useTranslation();
  const current = currentMenuPath(menus, pathname);
  return (
    <Flex
      as="nav"
      aria-label={t('layout.menu.label')}
      flex="1"
      minW="0"
      justify={align === 'start' ? 'flex-start' : align === 'end' ? 'flex-end' : 'center'}
      overflowX="auto"
      css={{ scrollbarWidth: 'none' }}
    >
      {visibleEntries(menus).map((entry) => {
        const active = isWithin(entry, pathname);
        const color = active ? 'brand.fg' : 'fg';
        const borderColor = active ? 'brand.solid' : 'transparent';
        if (!hasVisibleChildren(entry) || sectionsOnly) {
          const target = hasVisibleChildren(entry) ? (firstLeaf(entry)?.path ?? entry.path) : entry.path;
          return (
            <chakra.a
              key={entry.path}
              href={target}
              aria-current={active ? 'page' : undefined}
              color={color}
              borderColor={borderColor}
              {...itemStyle}
              onClick={(event) => {
                event.preventDefault();
                onNavigate(target);
              }}
            >
              <MenuIcon name={entry.icon} size={16} />
              {t(entry.title)}
            </chakra.a>
          );
        }
        return (
          <Menu.Root key={entry.path} positioning={{ placement: 'bottom-start' }} onSelect={({ value }) => onNavigate(value)}>
            <Menu.Trigger asChild>
              <chakra.button type="button" color={color} borderColor={borderColor} {...itemStyle}>
                <MenuIcon name={entry.icon} size={16} />
                {t(entry.title)}
                <ChevronDown size={14} />
              </chakra.button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="44">
                  {leavesOf(entry).map((leaf) => (
                    <Menu.Item key={leaf.path} value={leaf.path} color={current === leaf.path ? 'brand.fg' : undefined}>
                      <MenuIcon name={leaf.icon} size={16} />
                      {t(leaf.title)}
                    </Menu.Item>
                  ))}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        );
      })}
    </Flex>
  );
}
