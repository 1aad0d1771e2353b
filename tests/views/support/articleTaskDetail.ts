import { afterAll, beforeAll } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { ApiPath } from '../../../contract/paths';
import type { ArticleTask, ArticleTaskDetail } from '../../../contract/schemas/articleTask';
import type { MenuItem } from '../../../contract/schemas/menu';
import { USER_ADA } from '../../machines/fixtures/accounts';
import { ok, sendJson, startTestServer } from '../../services/testServer';
import { createFakeApi } from './fakeApi';
import { useServerUrl } from './realServer';
import { renderConsole } from './renderConsole';
import articleTask from '../../../src/i18n/locales/zh_CN/articleTask.json';

/* A generation task's detail dialog, opened from the task page on a page server that knows that one task. */

/** For the file's tests, the page server lists `task` alone and answers its detail with `detail`. */
export function serveOneArticleTask(task: ArticleTask, detail: ArticleTaskDetail) {
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
export async function inArticleTaskDetail(menus: MenuItem[], look: (dialog: HTMLElement, user: UserEvent) => Promise<void>) {
  const fake = createFakeApi({ permCode: () => Promise.resolve([]), menuList: () => Promise.resolve(menus) });
  const opened = await renderConsole('/article_task', { token: 'token-ada', api: fake.api });
  try {
    await fake.answer('userDetails', USER_ADA);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: articleTask.actions.detail }, { timeout: 15_000 }));
    await look(await screen.findByRole('dialog', {}, { timeout: 10_000 }), user);
  } finally {
    opened.close();
  }
}
