import { useState } from 'react';
import { Box } from '@chakra-ui/react';
import { hasVisibleChildren, isWithin, visibleEntries, type MenuEntry } from './menuTree';
import { SidebarMenuGroup } from './SidebarMenuGroup';
import { SidebarMenuLink } from './SidebarMenuLink';

interface SidebarMenuListProps {
  entries: MenuEntry[];
  pathname: string;
  onNavigate: (path: string) => void;
  depth?: number;
}

/**
 * One level of the sidebar, as an accordion (spec §9: accordion on): opening a section closes its
 * siblings; the section holding the current page opens when that page is reached.
 */
export function SidebarMenuList({ entries, pathname, onNavigate, depth = 0 }: SidebarMenuListProps) {
  const shown = visibleEntries(entries);
  const activeGroup = shown.find((entry) => hasVisibleChildren(entry) && isWithin(entry, pathname))?.path ?? null;
  const [openGroup, setOpenGroup] = useState(activeGroup);
  const [seenActiveGroup, setSeenActiveGroup] = useState(activeGroup);
  if (activeGroup !== seenActiveGroup) {
    setSeenActiveGroup(activeGroup);
    if (activeGroup) setOpenGroup(activeGroup);
  }

  return (
    <Box as="ul" listStyleType="none">
      {shown.map((entry) => (
        <Box as="li" key={entry.path}>
          {hasVisibleChildren(entry) ? (
            <SidebarMenuGroup
              entry={entry}
              depth={depth}
              pathname={pathname}
              open={openGroup === entry.path}
              onToggle={() => setOpenGroup((open) => (open === entry.path ? null : entry.path))}
            >
              <SidebarMenuList entries={entry.children ?? []} pathname={pathname} onNavigate={onNavigate} depth={depth + 1} />
            </SidebarMenuGroup>
          ) : (
            <SidebarMenuLink entry={entry} depth={depth} active={pathname === entry.path} onNavigate={onNavigate} />
          )}
        </Box>
      ))}
    </Box>
  );
}
