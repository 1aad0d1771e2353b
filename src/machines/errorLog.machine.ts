import { assign, setup } from 'xstate';
import { ERROR_LOG_UPLOAD } from '../config/constants';
import type { ErrorLogEntry } from '../shared/errorLogEntry';
import type { SessionSignedIn, SessionSignedOut } from './announcements';
import { notProvided } from './notProvided';

/**
 * Sends the console's error-log entries (spec §3, §8) to the server in batches: after a quiet
 * `debounce` from the first waiting entry, at most `batchSize` at once, retried `maxAttempts` times
 * `retryDelay` apart, and only while signed in. The queue is bounded: past `queueLimit` the oldest
 * entries are dropped.
 */

export type ErrorLogEvent = { type: 'ERROR_LOG.ADD'; entry: ErrorLogEntry } | SessionSignedIn | SessionSignedOut;

export interface ErrorLogContext {
  queue: ErrorLogEntry[];
  /** The batch being sent (or to be sent again). */
  batch: ErrorLogEntry[];
  attempts: number;
  signedInAtStart: boolean;
  batchSize: number;
  queueLimit: number;
  maxAttempts: number;
}

export interface ErrorLogInput {
  signedIn?: boolean;
  batchSize?: number;
  queueLimit?: number;
  maxAttempts?: number;
}

export const errorLogMachine = setup({
  types: {
    context: {} as ErrorLogContext,
    events: {} as ErrorLogEvent,
    input: {} as ErrorLogInput,
  },
  actors: {
    /** POST /api/v1/error_log/add with the batch. */
    upload: notProvided<unknown, { entries: ErrorLogEntry[] }>('upload'),
  },
  delays: {
    debounce: ERROR_LOG_UPLOAD.debounceMs,
    retryDelay: ERROR_LOG_UPLOAD.retryDelayMs,
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'ERROR_LOG.ADD') return {};
      const queue = [...context.queue, event.entry];
      return { queue: queue.slice(Math.max(0, queue.length - context.queueLimit)) };
    }),
    takeBatch: assign(({ context }) => ({
      batch: context.queue.slice(0, context.batchSize),
      queue: context.queue.slice(context.batchSize),
      attempts: 0,
    })),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    dropBatch: assign({ batch: [], attempts: 0 }),
    /** Signing out puts an unsent batch back at the front of the queue. */
    requeueBatch: assign(({ context }) => ({
      queue: [...context.batch, ...context.queue].slice(-context.queueLimit),
      batch: [],
      attempts: 0,
    })),
  },
  guards: {
    signedInAtStart: ({ context }) => context.signedInAtStart,
    hasQueued: ({ context }) => context.queue.length > 0,
    mayRetry: ({ context }) => context.attempts + 1 < context.maxAttempts,
  },
}).createMachine({
  id: 'errorLog',
  context: ({ input }) => ({
    queue: [],
    batch: [],
    attempts: 0,
    signedInAtStart: input.signedIn ?? false,
    batchSize: input.batchSize ?? ERROR_LOG_UPLOAD.batchSize,
    queueLimit: input.queueLimit ?? ERROR_LOG_UPLOAD.queueLimit,
    maxAttempts: input.maxAttempts ?? ERROR_LOG_UPLOAD.maxAttempts,
  }),
  initial: 'starting',
  on: {
    'ERROR_LOG.ADD': { actions: 'enqueue' },
  },
  states: {
    starting: {
      always: [{ guard: 'signedInAtStart', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: { 'SESSION.SIGNED_IN': 'signedIn' },
    },
    signedIn: {
      initial: 'checking',
      on: { 'SESSION.SIGNED_OUT': { target: 'signedOut', actions: 'requeueBatch' } },
      states: {
        checking: {
          always: [{ guard: 'hasQueued', target: 'waiting' }, { target: 'idle' }],
        },
        idle: {
          on: { 'ERROR_LOG.ADD': { target: 'waiting', actions: 'enqueue' } },
        },
        waiting: {
          after: { debounce: { target: 'sending', actions: 'takeBatch' } },
        },
        sending: {
          invoke: {
            src: 'upload',
            input: ({ context }) => ({ entries: context.batch }),
            onDone: { target: 'checking', actions: 'dropBatch' },
            onError: [
              { guard: 'mayRetry', target: 'retrying', actions: 'countAttempt' },
              { target: 'checking', actions: 'dropBatch' },
            ],
          },
        },
        retrying: {
          after: { retryDelay: 'sending' },
        },
      },
    },
  },
});
