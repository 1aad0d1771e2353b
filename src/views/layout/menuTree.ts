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
