import { hasVisibleChildren, visibleEntries, type MenuEntry } from '../../shared/menuTree';

/** The pages below `entry`, flattened in menu order. */
export function leavesOf(entry: MenuEntry): MenuEntry[] {
  return visibleEntries(entry.children).flatMap((child) => (hasVisibleChildren(child) ? leavesOf(child) : [child]));
}

/** The first page of a section (where choosing the section leads). */
export function firstLeaf(entry: MenuEntry): MenuEntry | undefined {
  return hasVisibleChildren(entry) ? leavesOf(entry)[0] : entry;
}
