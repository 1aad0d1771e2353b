import { consoleOnFakeServices } from './support/consoleOnFakeServices'; // first: it points the console's http client at its page server
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import layout from '../../src/i18n/locales/zh_CN/layout.json';
import type { PermissionMode } from '../../src/config/projectConfig';
import { LOGIN_ADA, USER_ADA } from '../machines/fixtures/accounts';

/**
 * Changing the role the menus are built for (spec §4 Permission mode): route-mapping mode only;
 * in any other mode the console says to switch to it first (spec §5's message), and nothing changes.
 */

const services = consoleOnFakeServices({ permCode: () => Promise.resolve([]), menuList: () => Promise.resolve([]) });

async function changeRole(permissionMode: PermissionMode) {
  const opened = await services.open('/setting/index', { token: LOGIN_ADA.token, user: USER_ADA, config: { permissionMode } });
  await opened.fake.answer('userDetails', USER_ADA);
  const role = (await screen.findByRole('combobox', { name: layout.settings.role })) as HTMLSelectElement;
  await waitFor(() => expect(role.value).toBe('master'));
  await userEvent.setup().selectOptions(role, 'official');
  return role;
}

describe('changing role', () => {
  it('outside route-mapping mode shows the message and keeps the role', async () => {
    const role = await changeRole('BACK');
    expect((await screen.findByRole('alert')).textContent).toBe(layout.settings.roleChangeRefused);
    expect(role.value).toBe('master');
  });

  it('in route-mapping mode takes the new role, without the message', async () => {
    const role = await changeRole('ROUTE_MAPPING');
    await waitFor(() => expect(role.value).toBe('official'));
    expect(screen.queryByText(layout.settings.roleChangeRefused)).toBeNull();
  });
});
