import './support/realServer';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import article from '../../src/i18n/locales/zh_CN/article.json';
import publishing from '../../src/i18n/locales/zh_CN/publishing.json';
import tasks from '../../src/i18n/locales/zh_CN/tasks.json';
import { callServer, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { findDialog } from './support/dialogs';
import { fill, zh } from './support/texts';

/** An article's own page offers what its row does: edit, publish to a site, export, delete. */

const server = consoleOnRealServer({}, '10.9.45');

describe("the article's page", () => {
  it('offers edit, publish, export and delete in its header: publish picks the site, delete asks first', async () => {
    const owner = await registerAccount(server.url);
    await callServer(
      server.url,
      'POST',
      '/api/v1/site/add',
      {
        name: 'Garden blog',
        url: 'https://garden.example',
        type: 'webhook',
        webhook_url: 'https://hooks.garden.example/in',
        secret: 'a-secret-of-sixteen-chars',
      },
      owner.token,
    );
    const { id } = await callServer<{ id: number }>(
      server.url,
      'POST',
      '/api/v1/article/add',
      { title: 'Pruning roses', body: '<p>Roses want pruning in spring.</p>' },
      owner.token,
    );
    await server.open(`/article/detail/${id}`, { token: owner.token });
    const user = userEvent.setup();
    const publish = await screen.findByRole('button', { name: publishing.actions.publish }, { timeout: 60_000 });
    for (const name of [article.actions.edit, publishing.actions.export, article.actions.delete]) screen.getByRole('button', { name });

    await user.click(publish);
    const dialog = await findDialog('dialog', publishing.form.title);
    const siteSelect = within(dialog).getByRole('combobox', { name: tasks.fields.site }) as HTMLSelectElement;
    await waitFor(() => expect([...siteSelect.options].map((option) => option.text)).toContain('Garden blog'));
    expect(within(dialog).getByTestId('chosen-articles').textContent).toBe(fill(publishing.form.chosen, { count: 1 }));
    await user.click(within(dialog).getByRole('button', { name: zh.common.cancelText }));

    await user.click(screen.getByRole('button', { name: article.actions.delete }));
    const confirm = await findDialog('dialog', article.delete.title);
    within(confirm).getByText(fill(article.delete.text, { title: 'Pruning roses' }));
    await user.click(within(confirm).getByRole('button', { name: article.actions.delete }));
    await waitFor(() => expect(window.location.pathname).toBe('/article'));
    const { list } = await callServer<{ list: { id: number }[] }>(
      server.url,
      'GET',
      '/api/v1/article/list?page=1&page_size=10',
      undefined,
      owner.token,
    );
    expect(list.map((a) => a.id)).not.toContain(id);
  }, 300_000);
});
