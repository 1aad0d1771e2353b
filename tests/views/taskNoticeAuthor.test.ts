import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, loadPacks, setupI18n } from '../../src/i18n';
import { noticeTitle } from '../../src/shared/noticeText';

/* A task a sub-account started reaches the owner's notices under the sub-account's name, in the reader's language. */

const notice = (event: string, author?: string) => ({
  title: 'as the server wrote it',
  event,
  params: { task: 'Spring batch', done: 2, failed: 0, ...(author ? { author } : {}) },
});

let i18n: Awaited<ReturnType<typeof setupI18n>>;
beforeAll(async () => {
  i18n = await setupI18n('zh_CN');
  await loadPacks(['notice']);
});
// The view tests share i18next: the next file starts in the console's default language.
afterAll(() => changeLocale('zh_CN'));

describe('a task notice', () => {
  it.each([
    ['zh_CN', 'task_completed', 'ada_writer 发起的生成任务「Spring batch」已完成'],
    ['zh_CN', 'publish_failed', 'ada_writer 发起的发布任务「Spring batch」失败'],
    ['en', 'task_failed', 'Generation task "Spring batch" started by ada_writer failed'],
    ['en', 'publish_completed', 'Publishing task "Spring batch" started by ada_writer finished'],
  ] as const)('in %s names who started it (%s)', async (locale, event, title) => {
    await changeLocale(locale);
    await loadPacks(['notice']);
    expect(noticeTitle(i18n.t, notice(event, 'ada_writer'))).toBe(title);
    expect(noticeTitle(i18n.t, notice(event))).not.toContain('ada_writer');
  });
});
