import './support/realServer'; // first: the console's http client then calls the page server below
import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import type { ArticleTask, ArticleTaskDetail, TaskItem } from '../../contract/schemas/articleTask';
import { menuItem } from '../machines/fixtures/menus';
import { inArticleTaskDetail, serveOneArticleTask } from './support/articleTaskDetail';
import articleTask from '../../src/i18n/locales/zh_CN/articleTask.json';

/** A generation task's detail: the "文章" of a written item opens that article, not the task's whole list. */

const TASK: ArticleTask = {
  id: 7,
  name: 'Green tea',
  site_id: null,
  language: 'en',
  word_count: 800,
  images: false,
  category_id: null,
  prompt_ids: { article: 1, outline: 2, meta: 3, faq: 4 },
  status: 'completed',
  total: 2,
  done: 2,
  failed: 0,
  cancelled: 0,
  progress: 100,
  item_cost: 10,
  created_at: '2026-11-28 10:00:00',
  updated_at: '2026-11-28 10:05:00',
  finished_at: '2026-11-28 10:05:00',
  articles_per_minute: null,
  estimated_finish: null,
  waiting: 0,
  waiting_until: null,
  deadline_at: null,
};
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
const DETAIL: ArticleTaskDetail = {
  task: TASK,
  queued: 0,
  waiting: 0,
  running: 0,
  items: { list: [item(1, 'sencha', 41), item(2, 'matcha', 42)], total: 2 },
  economy: null,
};
const MENUS = [
  menuItem({ id: 1, name: 'dashboard', url: '/dashboard/analysis', order: 10, component: 'dashboard/analysis' }),
  menuItem({ id: 2, name: 'articleTask', url: '/article_task', order: 20, component: 'article_task/index' }),
  menuItem({ id: 3, name: 'articleDetail', url: '/article/detail/:id', order: 30, component: 'article/detail', is_show: 0 }),
];

serveOneArticleTask(TASK, DETAIL);

describe("a generation task's items", () => {
  it("open a written item's own article", async () => {
    await inArticleTaskDetail(MENUS, async (dialog, user) => {
      const matcha = (await within(dialog).findByText('matcha')).closest('tr') as HTMLElement;
      await user.click(within(matcha).getByRole('button', { name: articleTask.detail.article }));
      await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/article/detail/42'));
    });
  }, 60_000);
});
