import './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPath } from '../../contract/paths';
import type { PublishItem, PublishingTask } from '../../contract/schemas/publishingTask';
import { menuItem } from '../machines/fixtures/menus';
import { USER_ADA } from '../machines/fixtures/accounts';
import { ok, sendJson, startTestServer } from '../services/testServer';
import { createFakeApi } from './support/fakeApi';
import { useServerUrl } from './support/realServer';
import { renderConsole } from './support/renderConsole';
import publishing from '../../src/i18n/locales/zh_CN/publishing.json';
import tasks from '../../src/i18n/locales/zh_CN/tasks.json';

/** A publishing task's detail: its figures, each item's link or reason, and retry for a failed one. */

const TASK: PublishingTask = {
  id: 9,
  name: 'Spring posts',
  site_id: 3,
  site_name: 'Tea blog',
  site_type: 'wordpress',
  action: 'publish',
  post_status: 'publish',
  post_date: null,
  category_id: null,
  tags: [],
  schedule: { kind: 'now', at: null, per_day: null, start: null, end: null, timezone: null },
  status: 'completed',
  total: 3,
  done: 1,
  failed: 1,
  cancelled: 0,
  progress: 100,
  next_run_at: null,
  item_cost: 0,
  created_at: '2026-11-28 10:00:00',
  updated_at: '2026-11-28 10:05:00',
  finished_at: '2026-11-28 10:05:00',
  skipped: 1,
  source_task_id: 4,
  awaiting_source: false,
  min_seo_score: 70,
};
const item = (id: number, title: string, fields: Partial<PublishItem>): PublishItem => ({
  id,
  article_id: id + 40,
  title,
  status: 'done',
  run_at: '2026-11-28 10:01:00',
  attempt: 1,
  error: '',
  note: '',
  remote_id: null,
  remote_url: '',
  started_at: '2026-11-28 10:01:00',
  finished_at: '2026-11-28 10:02:00',
  seo_score: null,
  verification: null,
  ...fields,
});
const ITEMS = [
  item(1, 'Sencha', { remote_id: '501', remote_url: 'https://tea.example/sencha' }),
  item(2, 'Matcha', { status: 'failed', attempt: 3, error: 'The site answered 502' }),
  item(3, 'Hojicha', { status: 'skipped', seo_score: 55 }),
  // Read back from the site after publishing: one holds what was sent, one another slug.
  item(4, 'Genmaicha', { verification: { checked_at: '2026-11-28 10:02:01', differences: [], unsupported: [] } }),
  item(5, 'Kukicha', {
    note: 'differs on the site: slug "kukicha-2"',
    verification: {
      checked_at: '2026-11-28 10:02:02',
      differences: [{ field: 'slug', expected: 'kukicha', actual: 'kukicha-2' }],
      unsupported: ['canonical_url'],
    },
  }),
];
const MENUS = [
  menuItem({ id: 1, name: 'dashboard', url: '/dashboard/analysis', order: 10, component: 'dashboard/analysis' }),
  menuItem({ id: 2, name: 'task', url: '/task', order: 20, component: 'task/index' }),
];

let pages: Awaited<ReturnType<typeof startTestServer>> | undefined;
beforeAll(async () => {
  pages = await startTestServer((request, response) => {
    if (request.path === ApiPath.taskList) return sendJson(response, ok({ list: [TASK], total: 1 }));
    if (request.path === ApiPath.taskDetail) return sendJson(response, ok({ task: TASK, items: { list: ITEMS, total: ITEMS.length } }));
    if (request.path === ApiPath.taskRetry) return sendJson(response, ok(TASK));
    return sendJson(response, ok({ list: [], total: 0 }));
  });
  useServerUrl(pages.url);
});
afterAll(() => pages?.close());

describe("a publishing task's items", () => {
  it('show the skipped figure, each status in its kind’s or the shared words, the post link and the reasons, and retry only the failed item', async () => {
    const fake = createFakeApi({ permCode: () => Promise.resolve([]), menuList: () => Promise.resolve(MENUS) });
    const opened = await renderConsole('/task', { token: 'token-ada', api: fake.api });
    try {
      await fake.answer('userDetails', USER_ADA);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: publishing.actions.detail }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(publishing.detail.title.replace('{{name}}', TASK.name))).toBeTruthy();
      // The figures: a task with a minimum SEO score counts its skipped items too.
      const figures = within(dialog)
        .getAllByText(publishing.detail.skipped)
        .map((label) => label.parentElement?.textContent);
      expect(figures).toContain(`${publishing.detail.skipped}1`);

      const row = async (title: string) => (await within(dialog).findByText(title)).closest('tr') as HTMLElement;
      expect(
        within(await row('Sencha'))
          .getByTestId('remote-link-1')
          .getAttribute('href'),
      ).toBe('https://tea.example/sencha');
      expect(within(await row('Hojicha')).getByTestId('skipped-reason-3').textContent).toContain('55');
      // Each status in its kind's words where it has its own (kept back, and a done item's), else in the shared ones.
      expect(within(await row('Sencha')).getByText(publishing.status.done)).toBeTruthy();
      expect(within(await row('Hojicha')).getByText(publishing.status.skipped)).toBeTruthy();
      expect(within(await row('Matcha')).getByText(tasks.status.failed)).toBeTruthy();
      expect(within(dialog).getByText(tasks.status.completed)).toBeTruthy();
      expect(within(await row('Sencha')).queryByRole('button', { name: tasks.detail.retry })).toBeNull();
      expect(within(await row('Hojicha')).queryByRole('button', { name: tasks.detail.retry })).toBeNull();

      // What the site held when each post was read back: verified, or exactly what differs.
      expect(within(await row('Genmaicha')).getByTestId('item-4-verified').textContent).toBe(
        publishing.publications.verified.replace('{{at}}', '2026-11-28 10:02:01'),
      );
      expect(within(await row('Genmaicha')).queryByTestId('item-4-differences')).toBeNull();
      // A post the site holds differently is not "verified": its note says what differs.
      const kukicha = within(await row('Kukicha'));
      expect(kukicha.queryByTestId('item-5-verified')).toBeNull();
      expect(kukicha.getByText('differs on the site: slug "kukicha-2"')).toBeTruthy();
      expect(within(await row('Sencha')).queryByTestId('item-1-verified')).toBeNull();

      const matcha = await row('Matcha');
      expect(within(matcha).getByText('The site answered 502')).toBeTruthy();
      await user.click(within(matcha).getByRole('button', { name: tasks.detail.retry }));
      await waitFor(() =>
        expect(pages?.received.filter((r) => r.path === ApiPath.taskRetry).map((r) => JSON.parse(r.body))).toEqual([{ id: 9, item_id: 2 }]),
      );
    } finally {
      opened.close();
    }
  });
});
