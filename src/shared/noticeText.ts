import type { TFunction } from 'i18next';
import type { Notice } from '../../contract/schemas/notice';

/** A system notice worded in the reader's language when its event is known; otherwise as the server wrote it. */
export function noticeTitle(t: TFunction, notice: Pick<Notice, 'title' | 'event' | 'params'>): string {
  const key = `notice.events.${notice.event}.title`;
  // A notice that names who acted (a sub-account's work order) is worded with that name.
  const options = { ...notice.params, context: notice.params.author ? 'author' : undefined };
  return notice.event && t(key, { ...options, defaultValue: '' }) ? t(key, options) : notice.title;
}

/**
 * A system notice's text in the reader's language when its event is known (with the reply quoted
 * for an answered work order); null otherwise, when the page shows the content as the server wrote it.
 */
export function noticeBody(t: TFunction, notice: Pick<Notice, 'event' | 'params'>): { text: string; quote: string | null } | null {
  const key = `notice.events.${notice.event}.body`;
  if (!notice.event || !t(key, { ...notice.params, defaultValue: '' })) return null;
  const quote = notice.params.reply;
  return { text: t(key, notice.params), quote: quote === undefined || quote === '' ? null : String(quote) };
}

/** The kinds a reader filters by. */
export const NOTICE_KIND_OPTIONS = ['announcement', 'task', 'balance', 'workorder', 'publish', 'topup'] as const;
