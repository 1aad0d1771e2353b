import { useCallback, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { currentMenuPath, hasVisibleChildren, isWithin, visibleEntries, type MenuEntry } from '../../shared/menuTree';
import { SidebarMenuGroup } from './SidebarMenuGroup';
import { SidebarMenuLink } from './SidebarMenuLink';

interface SidebarMenuListProps {
  entries: MenuEntry[];
  pathname: string;
  onNavigate: (path: string) => void;
  depth?: number;
  /** Opening a section closes its siblings (menu setting accordion, on by default). */
  accordion?: boolean;
  /** The page marked current (currentMenuPath); by default as `entries` say. */
  current?: string;
}

/**
 * One level of the sidebar, as an accordion when so set (spec §9: accordion on): opening a section
 * closes its siblings; the section holding the current page opens when that page is reached from
 * elsewhere (tabs, search, breadcrumb, a link on a page).
 *
 * A page picked here does not rearrange the sections when it lands. `pathname` is the navigation
 * machine's committed location (wouter's location hook reads it): it changes only once the route
 * guards have run, asynchronously, some time after the click. A section the user opened in between
 * would otherwise be folded again by the accordion when the earlier click's page lands. The user's
 * own clicks already opened the section of the page picked here.
 *
 * A page hidden from the menu (an article's details) marks the shown page it is under (the article
 * list) as current: currentMenuPath.
 */
export function SidebarMenuList({
  entries,
  pathname,
  onNavigate,
  depth = 0,
  accordion = true,
  current = currentMenuPath(entries, pathname),
}: SidebarMenuListProps) {
  const shown = visibleEntries(entries);
  const activeGroup = shown.find((entry) => hasVisibleChildren(entry) && isWithin(entry, pathname))?.path ?? null;
  const [openGroups, setOpenGroups] = useState<string[]>(activeGroup ? [activeGroup] : []);
  // The page last picked in this level or below, until a route lands.
  const [picked, setPicked] = useState<string | null>(null);
  const [seenPathname, setSeenPathname] = useState(pathname);
  if (pathname !== seenPathname) {
    setSeenPathname(pathname);
    setPicked(null);
    const reachedFromElsewhere = pathname !== picked;
    if (reachedFromElsewhere && activeGroup && !openGroups.includes(activeGroup))
      setOpenGroups(accordion ? [activeGroup] : [...openGroups, activeGroup]);
  }
  // The same function on every render: a link is drawn again only when it becomes or stops being
  // the current page (SidebarMenuLink is memoised), not for each page the user opens.
  const go = useCallback(
    (path: string) => {
      setPicked(path);
      onNavigate(path);
    },
    [onNavigate],
  );
  // Sets the state the section's trigger asks for rather than flipping ours: the trigger's own idea
  // of open lags a render behind a change made here, and a flip would then undo the user's click.
  const setGroupOpen = (path: string, open: boolean) =>
    setOpenGroups((groups) => {
      if (!open) return groups.filter((group) => group !== path);
      if (accordion) return [path];
      return groups.includes(path) ? groups : [...groups, path];
    });

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
              onOpenChange={(open) => setGroupOpen(entry.path, open)}
            >
              <SidebarMenuList
                entries={entry.children ?? []}
                pathname={pathname}
                onNavigate={go}
                depth={depth + 1}
                accordion={accordion}
                current={current}
              />
            </SidebarMenuGroup>
          ) : (
            <SidebarMenuLink entry={entry} depth={depth} active={current === entry.path} onNavigate={go} />
          )}
        </Box>
      ))}
    </Box>
  );
}
