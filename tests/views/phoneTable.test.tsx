import './support/realServer';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import article from '../../src/i18n/locales/zh_CN/article.json';
import tasks from '../../src/i18n/locales/zh_CN/tasks.json';
import workorder from '../../src/i18n/locales/zh_CN/workorder.json';
import { callServer, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { zh } from './support/texts';

/**
 * On a phone every list keeps each row's title readable: the title column keeps a width of its
 * own (the table scrolls sideways inside its card instead of squeezing it) and stays in view.
 */

const server = consoleOnRealServer({}, '10.9.47');

describe('the article table on a narrow screen', () => {
  it('keeps the title column wide enough to read and in view while the rest scrolls', async () => {
    const owner = await registerAccount(server.url);
    await callServer(
      server.url,
      'POST',
      '/api/v1/article/add',
      { title: '阳台香草花园的四季种植指南', body: '<p>正文。</p>' },
      owner.token,
    );
    await server.open('/article', { token: owner.token });
    const table = await screen.findByRole('table', { name: zh.routes.article.list }, { timeout: 60_000 });
    await within(table).findByText('阳台香草花园的四季种植指南');

    const header = within(table).getByRole('columnheader', { name: article.fields.title });
    expect(getComputedStyle(header).minWidth).toBe('var(--chakra-sizes-48)');
    const titleCell = within(table).getByText('阳台香草花园的四季种植指南').closest('td') as HTMLElement;
    for (const cell of [header, titleCell]) expect(getComputedStyle(cell).position).toBe('sticky');
    expect(getComputedStyle(table.parentElement as HTMLElement).overflowX).toBe('auto');
  });

  it.each([
    ['/task', zh.routes.site.task, tasks.fields.name],
    ['/article_task', zh.routes.article.task, tasks.fields.name],
    ['/workorder/myworkorder', zh.routes.workorder.list, workorder.fields.title],
  ])('keeps the title column of %s as wide as the article table’s', async (path, list, title) => {
    const owner = await registerAccount(server.url);
    await server.open(path, { token: owner.token });
    const table = await screen.findByRole('table', { name: list }, { timeout: 60_000 });
    const header = within(table).getByRole('columnheader', { name: title });
    expect(getComputedStyle(header).minWidth).toBe('var(--chakra-sizes-48)');
  });
});
