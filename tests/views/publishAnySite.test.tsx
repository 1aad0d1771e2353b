import './support/realServer';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import publishing from '../../src/i18n/locales/zh_CN/publishing.json';
import tasks from '../../src/i18n/locales/zh_CN/tasks.json';
import { callServer, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { findDialog } from './support/dialogs';
import { fill } from './support/texts';

/** An article written for one site goes to another site of the account, from the publishing dialog. */

const server = consoleOnRealServer({}, '10.9.43');

const webhookSite = (name: string, host: string) => ({
  name,
  url: `https://${host}`,
  type: 'webhook',
  webhook_url: `https://hooks.${host}/in`,
  secret: 'a-secret-of-sixteen-chars',
});

describe('the publishing dialog', () => {
  it('lists the sites that take posts and says why an export site is not there; the picker offers every site’s articles, filtered by site', async () => {
    const owner = await registerAccount(server.url);
    const call = <T,>(path: string, body: unknown) => callServer<T>(server.url, 'POST', path, body, owner.token);
    const garden = await call<{ id: number }>('/api/v1/site/add', webhookSite('Garden blog', 'garden.example'));
    await call('/api/v1/site/add', webhookSite('Kitchen blog', 'kitchen.example'));
    await call('/api/v1/site/add', { name: 'Offline copy', url: 'https://copy.example', type: 'export' });
    await call('/api/v1/article/add', { title: 'Pruning roses', body: '<p>Roses want pruning in spring.</p>', site_id: garden.id });
    await call('/api/v1/article/add', { title: 'Loose notes', body: '<p>Notes of no site.</p>' });

    await server.open('/task', { token: owner.token });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: publishing.add }, { timeout: 60_000 }));
    const dialog = await findDialog('dialog', publishing.form.title);
    const siteSelect = within(dialog).getByRole('combobox', { name: tasks.fields.site }) as HTMLSelectElement;
    const sites = ['Garden blog', 'Kitchen blog', publishing.form.chooseSite].sort();
    await waitFor(() => expect([...siteSelect.options].map((option) => option.text).sort()).toEqual(sites));
    within(dialog).getByText(fill(publishing.form.exportSites, { names: 'Offline copy' }));

    await user.selectOptions(siteSelect, 'Kitchen blog');
    await user.click(within(dialog).getByRole('button', { name: publishing.form.chooseArticles }));
    const picker = await findDialog('dialog', publishing.picker.title);
    const table = within(picker).getByRole('table');
    await within(table).findByText('Pruning roses');
    within(table).getByText('Loose notes');
    await user.selectOptions(within(picker).getByRole('combobox', { name: publishing.picker.site }), 'Garden blog');
    await waitFor(() => expect(within(table).queryByText('Loose notes')).toBeNull());
    await user.click(within(table).getByRole('checkbox', { name: fill(publishing.picker.select, { title: 'Pruning roses' }) }));
    await user.click(within(picker).getByRole('button', { name: publishing.picker.done }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: publishing.picker.title })).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: publishing.form.start }));
    await screen.findByText(publishing.form.started);
  }, 300_000);
});
