import type { ComponentType } from 'react';
import { PAGES, type Page } from '../config/pages';
import { lazyPage, type LoadsAhead, type PageModule } from '../components/feedback/lazyPage';
import { withPacks } from '../i18n/withPacks';
import { matchPath } from '../shared/routePattern';
import { pageReachedAt, type Menu } from '../machines/menus';

/** A page of the table as React draws it: lazy, loadable ahead, and with the GETs it makes when it opens once its module is there. */
export type RegisteredPage = ComponentType & { preload(): Promise<unknown>; isLoaded(): boolean; loadsAhead(): LoadsAhead | null };

/** A table row with its code. */
type PageWithCode = Page & Required<Pick<Page, 'module'>>;

/**
 * The page modules' code, each a chunk of its own, with Vite's list of the chunks it imports to
 * load beside it (without, a page's first visit would wait one more round trip). Here, in the
 * signed-in shell's chunk, not in the first screen's: the login page needs none of them.
 */
const CODE = import.meta.glob<PageModule>('./**/*Page.tsx');

/** The code of the module a row names; a row naming no page module is a mistake of the table. */
function codeOf(page: PageWithCode): () => Promise<PageModule> {
  const load = CODE[`./${page.module}.tsx`];
  if (!load) throw new Error(`The page table's ${page.path} names ${page.module}, which is not a page module of src/views`);
  return load;
}

/**
 * Every page of the table with code, in the table's order (the order they are loaded ahead in): a
 * page whose first render finds its words, its chunk loading with the packs it reads.
 */
const VIEWS = new Map<Page, RegisteredPage>(
  PAGES.filter((page): page is PageWithCode => page.module !== undefined).map((page) => [
    page,
    // Drawn by the router, which passes a page no props but its route's (the error page takes a status where it is drawn by name).
    lazyPage(page.packs ? withPacks(page.packs, codeOf(page)) : codeOf(page)) as unknown as RegisteredPage,
  ]),
);

/** The component of the table's page at `path` (a pattern of the table). */
export function viewAt(path: string): RegisteredPage {
  const view = [...VIEWS].find(([page]) => page.path === path)?.[1];
  if (!view) throw new Error(`The page table has no code at ${path}`);
  return view;
}

/**
 * The code of the table's page at `path`, for a screen that draws it outside the shell with its own
 * loading (views/AppRoutes: the error page and the docs without a user).
 */
export function codeAt(path: string): () => Promise<{ default: ComponentType }> {
  const page = PAGES.find((candidate): candidate is PageWithCode => candidate.path === path && candidate.module !== undefined);
  if (!page) throw new Error(`The page table has no code at ${path}`);
  // The page takes no props there (the error page reads its status from the address).
  return codeOf(page) as () => Promise<{ default: ComponentType }>;
}

/** The rows `reach` leads to without a menu, with their components. */
export function pagesReached(reach: Page['reach']): { page: Page; View: RegisteredPage }[] {
  return [...VIEWS].filter(([page]) => page.reach === reach).map(([page, View]) => ({ page, View }));
}

const byComponent = new Map([...VIEWS].flatMap(([page, view]) => (page.component ? [[page.component, view] as const] : [])));

/** The page of a menu's component name, or null when the console has none by that name. */
export function pageOf(component: string | undefined): RegisteredPage | null {
  return (component && byComponent.get(component)) || null;
}

/**
 * The page signing in leads to unless a redirect says otherwise (the dashboard), drawn in the shell;
 * loaded beside the shell, not after it (./firstScreen).
 */
export const HomePage = pageOf('dashboard/analysis')!;

/** The page at `pathname`: one of the user's menus (by path or pattern), else one every signed-in user reaches. */
export function pageAt(pathname: string, menus: readonly Menu[]): RegisteredPage | null {
  const page = pageReachedAt(menus, pathname);
  return (page && VIEWS.get(page)) || null;
}

/**
 * The page a signed-in start at `pathname` most likely shows, before the user's menus are known: the
 * table's page at that path that a menu (of any role) or every user reaches (loaded with the shell,
 * so that the first render does not suspend on it).
 */
export function likelyPageAt(pathname: string): RegisteredPage | null {
  for (const [page, view] of VIEWS) if (page.component && matchPath(page.path, pathname) !== null) return view;
  return null;
}
