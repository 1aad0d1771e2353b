import { assign, fromCallback, setup } from 'xstate';
import { NOTICE_LIVE } from '../config/constants';
import type { NoticeStreamEvent } from '../shared/noticeStreamEvents';

/**
 * The header bell's live unread count: a server-sent event stream while it holds;
 * when it breaks, reconnecting after a growing pause; after `maxReconnects` failures in a row,
 * polling (with ETag) instead, trying the stream again every `streamRetry`. It runs while the
 * signed-in shell is mounted: logging out stops it, and the server ends the stream of an ended
 * session (STREAM.ENDED).
 */

export type NoticeEvent =
  | { type: 'NOTICE.START' }
  | { type: 'NOTICE.STOP' }
  /** Something changed here (a notice was read): poll at once when polling. */
  | { type: 'NOTICE.REFRESH' }
  | NoticeStreamEvent;

export interface NoticeContext {
  unread: number;
  /** Failed connections in a row. */
  failures: number;
  maxReconnects: number;
}

export interface NoticeInput {
  maxReconnects?: number;
}

/** A callback actor the console must provide (src/services/notice/live.ts); tests provide their own. */
const callbackNotProvided = (name: string) =>
  fromCallback<NoticeStreamEvent>(() => {
    throw new Error(`The notice machine's ${name} actor is not provided`);
  });

export const noticeMachine = setup({
  types: {
    context: {} as NoticeContext,
    events: {} as NoticeEvent,
    input: {} as NoticeInput,
  },
  actors: {
    /** Reads `notice/stream`, sending STREAM.OPENED, UNREAD, STREAM.ERROR and STREAM.ENDED back. */
    stream: callbackNotProvided('stream'),
    /** Asks `notice/unread` every poll interval (and on NOTICE.REFRESH), sending UNREAD back. */
    poll: callbackNotProvided('poll'),
  },
  delays: {
    reconnectDelay: ({ context }) => Math.min(NOTICE_LIVE.reconnectMaxMs, NOTICE_LIVE.reconnectMs * 2 ** Math.max(0, context.failures - 1)),
    streamRetry: NOTICE_LIVE.streamRetryMs,
  },
  actions: {
    keepUnread: assign(({ event }) => (event.type === 'UNREAD' ? { unread: event.unread } : {})),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    clearFailures: assign({ failures: 0 }),
    forget: assign({ unread: 0, failures: 0 }),
  },
  guards: {
    gaveUp: ({ context }) => context.failures >= context.maxReconnects,
  },
}).createMachine({
  id: 'notice',
  context: ({ input }) => ({ unread: 0, failures: 0, maxReconnects: input.maxReconnects ?? NOTICE_LIVE.maxReconnects }),
  initial: 'stopped',
  states: {
    stopped: {
      on: { 'NOTICE.START': 'live' },
    },
    live: {
      initial: 'streaming',
      on: {
        'NOTICE.STOP': { target: 'stopped', actions: 'forget' },
        'STREAM.ENDED': { target: 'stopped', actions: 'forget' },
        UNREAD: { actions: 'keepUnread' },
      },
      states: {
        streaming: {
          invoke: { src: 'stream' },
          initial: 'connecting',
          on: { 'STREAM.ERROR': { target: 'reconnecting', actions: 'countFailure' } },
          states: {
            connecting: {
              on: { 'STREAM.OPENED': { target: 'connected', actions: 'clearFailures' } },
            },
            connected: {},
          },
        },
        reconnecting: {
          always: { guard: 'gaveUp', target: 'polling' },
          after: { reconnectDelay: 'streaming' },
        },
        polling: {
          invoke: { id: 'poll', src: 'poll' },
          on: { 'NOTICE.REFRESH': { target: 'polling', reenter: true } },
          after: { streamRetry: { target: 'streaming', actions: 'clearFailures' } },
        },
      },
    },
  },
});
