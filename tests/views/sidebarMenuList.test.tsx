import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/components/theme/system';
import { setupI18n } from '../../src/i18n';
import type { MenuEntry } from '../../src/shared/menuTree';
import { SidebarMenuList } from '../../src/views/layout/SidebarMenuList';

/** The sidebar's sections (accordion) while routes land: the pathname is the test's to move. */

const MENUS: MenuEntry[] = [
  {
    path: '/dashboard',
    name: 'Dashboard',
    title: 'Dashboard',
    order: 1,
    children: [{ path: '/dashboard/analysis', name: 'Analysis', title: 'Analysis' }],
  },
  {
    path: '/site-manage',
    name: 'SiteManage',
    title: 'Sites',
    order: 2,
    children: [
      { path: '/site', name: 'Site', title: 'Site list', order: 1 },
      { path: '/task', name: 'Task', title: 'Publishing', order: 2 },
    ],
  },
  {
    path: '/article-manage',
    name: 'ArticleManage',
    title: 'Articles',
    order: 3,
    children: [
      { path: '/article', name: 'Article', title: 'Article list', order: 1 },
      { path: '/article/detail/:id', name: 'ArticleDetail', title: 'Article details', order: 2, hideMenu: true },
    ],
  },
];

function renderSidebar(pathname: string) {
  const picked: string[] = [];
  const sidebar = (at: string) => (
    <ChakraProvider value={system}>
      <SidebarMenuList entries={MENUS} pathname={at} onNavigate={(path) => picked.push(path)} />
    </ChakraProvider>
  );
  const view = render(sidebar(pathname));
  return { picked, land: (at: string) => view.rerender(sidebar(at)) };
}

const section = (name: string) => screen.getByRole('button', { name });
/** Lets the sections' triggers catch up (a render, an effect and a microtask), so what stays is what the user sees. */
const settled = () => act(async () => {});
const expanded = (name: string) => section(name).getAttribute('aria-expanded');

beforeAll(() => setupI18n('zh_CN'));

describe('the sidebar’s sections', () => {
  it('a section opened after a page was picked stays open when that page lands', async () => {
    const { picked, land } = renderSidebar('/dashboard/analysis');
    fireEvent.click(section('Sites'));
    await waitFor(() => expect(expanded('Sites')).toBe('true'));
    fireEvent.click(screen.getByRole('link', { name: 'Site list' }));
    expect(picked).toEqual(['/site']);
    // The route lands only after the guards ran: the user opened another section meanwhile.
    fireEvent.click(section('Articles'));
    await waitFor(() => expect(expanded('Articles')).toBe('true'));
    // The accordion closed the other section, as the user sees it, before the route lands.
    await waitFor(() => expect(expanded('Sites')).toBe('false'));
    land('/site');
    expect(screen.getByRole('link', { name: 'Site list', hidden: true }).getAttribute('aria-current')).toBe('page');
    await settled();
    expect(expanded('Articles')).toBe('true');
    expect(expanded('Sites')).toBe('false');
  });

  it('a page reached from elsewhere opens its section, the accordion closing the others, even within the section', async () => {
    const { land } = renderSidebar('/dashboard/analysis');
    land('/task');
    await waitFor(() => expect(expanded('Sites')).toBe('true'));
    expect(expanded('Dashboard')).toBe('false');
    fireEvent.click(section('Sites'));
    await waitFor(() => expect(expanded('Sites')).toBe('false'));
    land('/site');
    await waitFor(() => expect(expanded('Sites')).toBe('true'));
  });

  it('a page hidden from the menu opens its section and marks the page it is under as current', async () => {
    const { land } = renderSidebar('/dashboard/analysis');
    land('/article/detail/7');
    await waitFor(() => expect(expanded('Articles')).toBe('true'));
    expect(screen.getByRole('link', { name: 'Article list' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('link', { name: 'Article details' })).toBeNull();
    land('/site');
    expect(screen.getByRole('link', { name: 'Article list', hidden: true }).getAttribute('aria-current')).toBeNull();
  });

  it('a click that reaches a section before its trigger caught up does what the trigger showed', async () => {
    renderSidebar('/dashboard/analysis');
    // Both clicks come while the trigger still shows the section closed (it learns of a change a
    // render, an effect and a microtask later): both ask to open it.
    fireEvent.click(section('Articles'));
    fireEvent.click(section('Articles'));
    await waitFor(() => expect(expanded('Articles')).toBe('true'));
    await settled();
    expect(expanded('Articles')).toBe('true');
  });
});
