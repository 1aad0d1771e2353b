/** What the live unread-count stream (services/notice/live) tells the notice machine. */
export type NoticeStreamEvent =
  { type: 'STREAM.OPENED' } | { type: 'STREAM.ERROR' } | { type: 'STREAM.ENDED' } | { type: 'UNREAD'; unread: number };
