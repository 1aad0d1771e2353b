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
  /** Opening a section closes its siblings (menu setting accordion, on by default). */
  accordion?: boolean;
}

/**
 * One level of the sidebar, as an accordion when so set (spec §9: accordion on): opening a section
 * closes its siblings; the section holding the current page opens when that page is reached.
 */
export function SidebarMenuList({ entries, pathname, onNavigate, depth = 0, accordion = true }: SidebarMenuListProps) {
  const shown = visibleEntries(entries);
  const activeGroup = shown.find((entry) => hasVisibleChildren(entry) && isWithin(entry, pathname))?.path ?? null;
  const [openGroups, setOpenGroups] = useState<string[]>(activeGroup ? [activeGroup] : []);
  const [seenActiveGroup, setSeenActiveGroup] = useState(activeGroup);
  if (activeGroup !== seenActiveGroup) {
    setSeenActiveGroup(activeGroup);
    if (activeGroup && !openGroups.includes(activeGroup)) setOpenGroups(accordion ? [activeGroup] : [...openGroups, activeGroup]);
  }
  const toggle = (path: string) =>
    setOpenGroups((open) => (open.includes(path) ? open.filter((group) => group !== path) : accordion ? [path] : [...open, path]));

  return (
    <Box as="ul" listStyleType="none">
      {shown.map((entry) => (
        <Box as="li" key={entry.path}>
          {hasVisibleChildren(entry) ? (
            <SidebarMenuGroup
              entry={entry}
              depth={depth}
              pathname={pathname}
              open={openGroups.includes(entry.path)}
              onToggle={() => toggle(entry.path)}
            >
              <SidebarMenuList entries={entry.children ?? []} pathname={pathname} onNavigate={onNavigate} depth={depth + 1} accordion={accordion} />
            </SidebarMenuGroup>
          ) : (
            <SidebarMenuLink entry={entry} depth={depth} active={pathname === entry.path} onNavigate={onNavigate} />
          )}
        </Box>
      ))}
    </Box>
  );
}
