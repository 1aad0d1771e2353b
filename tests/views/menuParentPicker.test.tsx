import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { MenuItem } from '../../contract/schemas/menu';
import { system } from '../../src/components/theme/system';
import { loadConsoleTheme } from '../../src/components/theme/consoleTheme';
import { changeLocale, loadPacks, setupI18n } from '../../src/i18n';
import { FormDrawer } from '../../src/components/feedback/FormDrawer';
import { MenuForm } from '../../src/views/systems/MenuForm';
import { fill, zh } from './support/texts';

/* The menu drawer names each menu as the operator reads it: its words in the console's language, its code muted beneath. */

const menu = (id: number, name: string, title: string, level: number, children: MenuItem[] = []): MenuItem => ({
  id,
  name,
  title,
  url: `/${name.toLowerCase()}`,
  component: children.length ? 'LAYOUT' : `${name.toLowerCase()}/index`,
  icon: '',
  order: id,
  parent: 0,
  level,
  is_show: 1,
  ignored: 0,
  access: [],
  access_codes: [],
  redirect: '',
  dynamic_level: 0,
  role: [],
  created_at: '2026-11-28 10:00:00',
  updated_at: '2026-11-28 10:00:00',
  children,
});
const TREE = [
  menu(1, 'SiteManage', 'routes.site.manage', 1, [menu(2, 'Site', 'routes.site.list', 2)]),
  menu(3, 'Dashboard', 'routes.dashboard.dashboard', 1),
];

beforeAll(async () => {
  await setupI18n('zh_CN');
  await changeLocale('zh_CN');
  await loadPacks(['routes', 'systems']);
  await loadConsoleTheme();
});

describe('the menu drawer', () => {
  it('offers each parent by its Chinese words with its code as a line of its own, and previews a title key in words', async () => {
    render(
      <ChakraProvider value={system}>
        <FormDrawer open onClose={() => {}} title={zh.systems.menu.addTitle}>
          <MenuForm menu={null} parentId={0} tree={TREE} roles={[]} onCancel={() => {}} onSaved={() => {}} />
        </FormDrawer>
      </ChakraProvider>,
    );
    const user = userEvent.setup();
    const drawer = await screen.findByRole('dialog', { name: zh.systems.menu.addTitle });
    const picker = within(drawer).getByRole('combobox', { name: zh.systems.menu.fields.parent });
    expect(picker.textContent).toBe(zh.systems.menu.topLevel);

    await user.click(picker);
    const options = await within(drawer).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      zh.systems.menu.topLevel,
      `${zh.routes.site.manage}SiteManage`,
      `${zh.routes.site.list}Site`,
      `${zh.routes.dashboard.dashboard}Dashboard`,
    ]);
    // The code is its own muted line, not words run together with the title.
    const code = within(options[2]).getByText('Site');
    expect(code.tagName).toBe('CODE');
    expect(within(options[2]).getByText(zh.routes.site.list)).not.toBe(code);

    await user.click(options[2]);
    await waitFor(() => expect(picker.textContent).toBe(zh.routes.site.list));
    expect(within(drawer).getByText(fill(zh.systems.menu.levelIs, { level: 3 }))).toBeTruthy();

    // The help's example is a key that exists, shown with its words.
    const example = fill(zh.systems.menu.titleHelp, { key: 'routes.site.list', text: zh.routes.site.list });
    expect(example).toContain(zh.routes.site.list);
    expect(within(drawer).getByText(example)).toBeTruthy();
    await user.type(within(drawer).getByLabelText(zh.systems.menu.fields.title), 'routes.site.task');
    expect(within(drawer).getByText(fill(zh.systems.menu.titleShows, { text: zh.routes.site.task }))).toBeTruthy();
  });
});
