import './support/realServer'; // first: the console's http client then calls the page server below
import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import type { GenerationTaskDetail, TaskItem } from '../../contract/schemas/generationTask';
import { menuItem } from '../machines/fixtures/menus';
import { generationTask, inGenerationTaskDetail, serveOneGenerationTask, TASK_MENUS } from './support/generationTaskDetail';
import tasks from '../../src/i18n/locales/zh_CN/tasks.json';

/** A generation task's detail: the "文章" of a written item opens that article, not the task's whole list. */

const TASK = generationTask({});
const item = (id: number, keyword: string, articleId: number): TaskItem => ({
  id,
  keyword,
  status: 'done',
  error: '',
  article_id: articleId,
  attempt: 1,
  started_at: '2026-11-28 10:01:00',
  finished_at: '2026-11-28 10:02:00',
  wait_until: null,
  wait_reason: '',
});
const DETAIL: GenerationTaskDetail = {
  task: TASK,
  queued: 0,
  waiting: 0,
  running: 0,
  items: { list: [item(1, 'sencha', 41), item(2, 'matcha', 42)], total: 2 },
  economy: null,
};
const MENUS = [
  ...TASK_MENUS,
  menuItem({ id: 3, name: 'articleDetail', url: '/article/detail/:id', order: 30, component: 'article/detail', is_show: 0 }),
];

serveOneGenerationTask(TASK, DETAIL);

describe("a generation task's items", () => {
  it("open a written item's own article", async () => {
    await inGenerationTaskDetail(MENUS, async (dialog, user) => {
      const matcha = (await within(dialog).findByText('matcha')).closest('tr') as HTMLElement;
      await user.click(within(matcha).getByRole('button', { name: tasks.detail.article }));
      await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/article/detail/42'));
    });
  });
});
