import type { AccessEntry, MenuItem } from '../../../contract/schemas/menu';

/** What a role holds in the role tree: menus it sees, access entries (permission codes) it holds. */
export interface Checked {
  menus: ReadonlySet<number>;
  access: ReadonlySet<number>;
}
/** Each menu's access entries, by menu id. */
export type EntriesByMenu = ReadonlyMap<number, readonly AccessEntry[]>;
export type CheckState = boolean | 'indeterminate';

/** Every menu id of the tree, parents before their children. */
export const allMenuIds = (menus: readonly MenuItem[]): number[] => menus.flatMap((menu) => [menu.id, ...allMenuIds(menu.children)]);

/** A menu with everything under it: its child menus (all levels) and the access entries of each. */
function subtree(menu: MenuItem, entries: EntriesByMenu): { menus: number[]; access: number[] } {
  const menus = [menu.id, ...allMenuIds(menu.children)];
  return { menus, access: menus.flatMap((id) => (entries.get(id) ?? []).map((entry) => entry.id)) };
}

/** Checked when the menu and all under it are, unchecked when none is, indeterminate between. */
export function menuState(menu: MenuItem, entries: EntriesByMenu, checked: Checked): CheckState {
  const { menus, access } = subtree(menu, entries);
  const on = menus.filter((id) => checked.menus.has(id)).length + access.filter((id) => checked.access.has(id)).length;
  if (on === 0) return false;
  return on === menus.length + access.length ? true : 'indeterminate';
}

/**
 * Clicking a menu: a fully checked menu is unchecked with everything under it; otherwise it is
 * checked with everything under it, and its parents too (a menu shows only under parents the role sees).
 */
export function toggleMenu(menu: MenuItem, parents: readonly number[], entries: EntriesByMenu, checked: Checked): Checked {
  const { menus, access } = subtree(menu, entries);
  const menuSet = new Set(checked.menus);
  const accessSet = new Set(checked.access);
  if (menuState(menu, entries, checked) === true) {
    for (const id of menus) menuSet.delete(id);
    for (const id of access) accessSet.delete(id);
  } else {
    for (const id of [...parents, ...menus]) menuSet.add(id);
    for (const id of access) accessSet.add(id);
  }
  return { menus: menuSet, access: accessSet };
}

/** Clicking an access entry: it flips; checking it checks its menu and the menu's parents. */
export function toggleAccess(entry: AccessEntry, parents: readonly number[], checked: Checked): Checked {
  const menuSet = new Set(checked.menus);
  const accessSet = new Set(checked.access);
  if (accessSet.has(entry.id)) accessSet.delete(entry.id);
  else {
    accessSet.add(entry.id);
    for (const id of [...parents, entry.menu_id]) menuSet.add(id);
  }
  return { menus: menuSet, access: accessSet };
}

/** One page of what a role will hold: the menu with the menus above it, and the actions it may take there. */
export interface SummaryLine {
  trail: readonly MenuItem[];
  access: readonly AccessEntry[];
}

/**
 * What the checked tree gives the role, read in one place: each checked menu that is a page of its
 * own (no checked menu under it) or carries checked actions, with those actions; and the counts.
 */
export function roleSummary(
  menus: readonly MenuItem[],
  entries: EntriesByMenu,
  checked: Checked,
): { lines: SummaryLine[]; menus: number; codes: number } {
  const lines: SummaryLine[] = [];
  let menuCount = 0;
  let codeCount = 0;
  const walk = (menu: MenuItem, above: readonly MenuItem[]) => {
    const access = (entries.get(menu.id) ?? []).filter((entry) => checked.access.has(entry.id));
    codeCount += access.length;
    if (checked.menus.has(menu.id)) menuCount += 1;
    const trail = [...above, menu];
    const checkedBelow = menu.children.some((child) => checked.menus.has(child.id));
    if ((checked.menus.has(menu.id) && !checkedBelow) || access.length > 0) lines.push({ trail, access });
    for (const child of menu.children) walk(child, trail);
  };
  for (const menu of menus) walk(menu, []);
  return { lines, menus: menuCount, codes: codeCount };
}
