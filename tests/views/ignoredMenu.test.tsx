import { consoleOnFakeServices } from './support/consoleOnFakeServices'; // first: it points the console's http client at its page server
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { NavigationActor } from '../../src/app/AppActorProvider';
import { LOGIN_ADA, USER_ADA } from '../machines/fixtures/accounts';
import { menuItem } from '../machines/fixtures/menus';
import { zh } from './support/texts';

/**
 * A menu the operator marked ignored (spec §2 "Routes marked ignored are left out of the router")
 * is no page for anyone: its address shows the not-found page, while the menus beside it open.
 */

const services = consoleOnFakeServices({
  permCode: () => Promise.resolve(['task:add']),
  menuList: () =>
    Promise.resolve([
      menuItem({ id: 1, name: 'Site', url: '/site', component: 'site/index', title: 'routes.site.list', order: 1 }),
      menuItem({ id: 2, name: 'Task', url: '/task', component: 'task/index', title: 'routes.site.task', order: 2, ignored: 1 }),
    ]),
});

describe('an ignored menu', () => {
  it('is not routed: its address is not found, the others are', async () => {
    const opened = await services.open('/task', { token: LOGIN_ADA.token, user: USER_ADA });
    await opened.fake.answer('userDetails', USER_ADA);
    expect(await screen.findByText(zh.sys.exception['404'].description)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: zh.routes.site.task })).toBeNull();
    // The menus beside it are routed as ever.
    await act(async () => (opened.actor.system.get('navigation') as NavigationActor).send({ type: 'NAVIGATE', to: '/site' }));
    expect(await screen.findByRole('heading', { name: zh.routes.site.list })).toBeTruthy();
  });
});
