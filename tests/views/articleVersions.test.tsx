import './support/realServer';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import article from '../../src/i18n/locales/zh_CN/article.json';
import { callServer, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { findDialog } from './support/dialogs';
import { fill } from './support/texts';

/** An article's page lists the texts it had, shows how one differs from the current text, and brings one back. */

const server = consoleOnRealServer({}, '10.9.46');

const FIRST = '<h2>Pruning</h2><p>Prune roses in early spring, just above an outward bud.</p>';
const SECOND = '<h2>Pruning</h2><p>Prune roses in late winter, just above an outward bud.</p>';

describe("the article's versions", () => {
  it('lists the kept version, shows the diff, and restores it after a confirmation', async () => {
    const owner = await registerAccount(server.url);
    const { id } = await callServer<{ id: number }>(
      server.url,
      'POST',
      '/api/v1/article/add',
      { title: 'Pruning roses', body: FIRST },
      owner.token,
    );
    await callServer(server.url, 'PUT', '/api/v1/article/edit', { id, title: 'Pruning roses well', body: SECOND }, owner.token);

    await server.open(`/article/detail/${id}`, { token: owner.token });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: article.versions.title }, { timeout: 60_000 });
    const row = await within(section).findByText(fill(article.versions.row, { number: 1, title: 'Pruning roses' }));
    const version = row.closest('[data-testid="article-version"]') as HTMLElement;
    within(version).getByText(article.versions.source.edit);

    await user.click(within(version).getByRole('button', { name: article.versions.compare }));
    const diff = await within(version).findByRole('group', { name: fill(article.versions.diffTitle, { number: 1 }) });
    within(diff).getByText(article.versions.field.title);
    within(diff).getByText(article.versions.field.body);
    const removed = [...diff.querySelectorAll('del')].map((d) => d.textContent).join('');
    const added = [...diff.querySelectorAll('ins')].map((d) => d.textContent).join('');
    expect(removed).toContain('early spring');
    expect(added).toContain('late winter');
    expect(added).toContain('well');

    await user.click(within(version).getByRole('button', { name: article.versions.restore }));
    const dialog = await findDialog('dialog', fill(article.versions.restoreTitle, { number: 1 }));
    await user.click(within(dialog).getByRole('button', { name: article.versions.restore }));

    // The text it replaced is kept in turn: version 2, before a restore.
    const restoredRow = await screen.findByText(fill(article.versions.row, { number: 2, title: 'Pruning roses well' }));
    const kept = restoredRow.closest('[data-testid="article-version"]') as HTMLElement;
    within(kept).getByText(article.versions.source.restore);
    await waitFor(() => expect(screen.getAllByText('Pruning roses').length).toBeGreaterThan(0));
    const detail = await callServer<{ title: string; body: string }>(
      server.url,
      'GET',
      `/api/v1/article/detail?id=${id}`,
      undefined,
      owner.token,
    );
    expect(detail).toMatchObject({ title: 'Pruning roses' });
    expect(detail.body).toContain('early spring');
  }, 300_000);
});
