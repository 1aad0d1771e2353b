import type { TFunction } from 'i18next';
import type { Notice } from '../../../contract/schemas/notice';

/** A system notice worded in the reader's language when its event is known; otherwise as the server wrote it. */
export function noticeTitle(t: TFunction, notice: Pick<Notice, 'title' | 'event' | 'params'>): string {
  const key = `notice.events.${notice.event}.title`;
  return notice.event && t(key, { ...notice.params, defaultValue: '' }) ? t(key, notice.params) : notice.title;
}

/** The kinds a reader filters by. */
export const NOTICE_KIND_OPTIONS = ['announcement', 'task', 'balance', 'workorder', 'publish', 'topup'] as const;
