import { afterAll, beforeAll } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { ApiPath } from '../../../contract/paths';
import type { GenerationTask, GenerationTaskDetail } from '../../../contract/schemas/generationTask';
import type { MenuItem } from '../../../contract/schemas/menu';
import { USER_ADA } from '../../machines/fixtures/accounts';
import { menuItem } from '../../machines/fixtures/menus';
import { ok, sendJson, startTestServer } from '../../services/testServer';
import { createFakeApi } from './fakeApi';
import { useServerUrl } from './realServer';
import { renderConsole } from './renderConsole';
import generation from '../../../src/i18n/locales/zh_CN/generation.json';

/* A generation task's detail dialog, opened from the task page on a page server that knows that one task. */

/** A generation task as the list answers it: finished, at no pace; `fields` are what a test is about. */
export const generationTask = (fields: Partial<GenerationTask>): GenerationTask => ({
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
  ...fields,
});

/** The home page's menu and the generation tasks' (at the spec's url). */
export const TASK_MENUS = [
  menuItem({ id: 1, name: 'dashboard', url: '/dashboard/analysis', order: 10, component: 'dashboard/analysis' }),
  menuItem({ id: 2, name: 'generation', url: '/article_task', order: 20, component: 'article_task/index' }),
];

/** For the file's tests, the page server lists `task` alone and answers its detail with `detail`. */
export function serveOneGenerationTask(task: GenerationTask, detail: GenerationTaskDetail) {
  let pages: Awaited<ReturnType<typeof startTestServer>> | undefined;
  beforeAll(async () => {
    pages = await startTestServer((request, response) => {
      if (request.path === ApiPath.articleTaskList) return sendJson(response, ok({ list: [task], total: 1 }));
      if (request.path === ApiPath.articleTaskDetail) return sendJson(response, ok(detail));
      return sendJson(response, ok({ list: [], total: 0 }));
    });
    useServerUrl(pages.url);
  });
  afterAll(() => pages?.close());
}

/** Ada opens the task page (with `menus`) and its task's detail; `look` gets the dialog. The console closes after. */
export async function inGenerationTaskDetail(menus: MenuItem[], look: (dialog: HTMLElement, user: UserEvent) => Promise<void>) {
  const fake = createFakeApi({ permCode: () => Promise.resolve([]), menuList: () => Promise.resolve(menus) });
  const opened = await renderConsole('/article_task', { token: 'token-ada', api: fake.api });
  try {
    await fake.answer('userDetails', USER_ADA);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: generation.actions.detail }));
    await look(await screen.findByRole('dialog'), user);
  } finally {
    opened.close();
  }
}
