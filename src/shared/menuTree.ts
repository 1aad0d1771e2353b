/** One entry of the sidebar (bootstrap context `menus`). */
export interface MenuEntry {
  path: string;
  name: string;
  /** An i18n key (routes namespace) or plain text. */
  title: string;
  icon?: string;
  order?: number;
  hideMenu?: boolean;
  children?: MenuEntry[];
}

/** Visible entries, ordered by `order` (spec §2: children are sorted by an order value). */
export function visibleEntries(entries: MenuEntry[] | undefined): MenuEntry[] {
  return (entries ?? []).filter((entry) => !entry.hideMenu).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

export function hasVisibleChildren(entry: MenuEntry): boolean {
  return visibleEntries(entry.children).length > 0;
}

/** Whether `pathname` is the entry's page or one below it. */
export function isWithin(entry: MenuEntry, pathname: string): boolean {
  if (pathname === entry.path || pathname.startsWith(`${entry.path}/`)) return true;
  return (entry.children ?? []).some((child) => isWithin(child, pathname));
}

/** The entries the menu shows, at every depth (those below a hidden entry are not shown either). */
function shownEntries(entries: MenuEntry[] | undefined): MenuEntry[] {
  return visibleEntries(entries).flatMap((entry) => [entry, ...shownEntries(entry.children)]);
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * The path the menu marks as the current page on `pathname`: `pathname` itself when an entry the
 * menu shows has it; otherwise (a page hidden from the menu, such as an article's details under
 * the article list) the shown page whose path is the longest prefix of it by whole segments
 * (/article for /article/detail/7, never /art), as vben's meta.currentActiveMenu marks the list's
 * entry. `pathname` again when no shown page is such a prefix.
 */
export function currentMenuPath(entries: MenuEntry[], pathname: string): string {
  const shown = shownEntries(entries);
  if (shown.some((entry) => entry.path === pathname)) return pathname;
  const segments = segmentsOf(pathname);
  let best = { path: pathname, length: 0 };
  for (const entry of shown) {
    if (hasVisibleChildren(entry)) continue;
    const prefix = segmentsOf(entry.path);
    if (prefix.length > best.length && prefix.every((segment, index) => segment === segments[index]))
      best = { path: entry.path, length: prefix.length };
  }
  return best.path;
}

/** The chain of entries from the top level down to the one that best matches `pathname`. */
export function menuTrail(entries: MenuEntry[], pathname: string): MenuEntry[] {
  for (const entry of entries) {
    const below = menuTrail(entry.children ?? [], pathname);
    if (below.length > 0) return [entry, ...below];
    if (pathname === entry.path) return [entry];
  }
  return [];
}

/** The entry whose `name` is given, anywhere in the tree. */
export function findByName(entries: MenuEntry[], name: string): MenuEntry | undefined {
  for (const entry of entries) {
    if (entry.name === name) return entry;
    const found = findByName(entry.children ?? [], name);
    if (found) return found;
  }
  return undefined;
}
