import { emit, setup } from 'xstate';

/**
 * Whether the console reaches its server: the browser going offline, a call failing for want of
 * a network, or calls timing out twice in a row (one may just be a slow answer) makes it `offline`
 * (one banner, with a retry, instead of a message per call); the browser coming back online, any
 * answer from the server, or the user's retry makes it `online` again. Leaving `offline` announces
 * `retried`, so each list whose load failed loads again.
 */

export type ConnectionEvent =
  /** The browser went offline, or a call got no answer for want of a network. */
  | { type: 'CONNECTION.LOST' }
  /** The browser came back online, or the server answered a call. */
  | { type: 'CONNECTION.FOUND' }
  /** The user asked to try again. */
  | { type: 'CONNECTION.RETRY' }
  /** A call got no answer in its time. */
  | { type: 'CONNECTION.TIMED_OUT' };

export type ConnectionEmitted = { type: 'retried' };

/** What a connection state means to the views (`snapshot.hasTag(...)`). */
export type ConnectionTag =
  /** The server cannot be reached: the offline banner shows. */
  'offline';

export const connectionMachine = setup({
  types: {
    events: {} as ConnectionEvent,
    emitted: {} as ConnectionEmitted,
    tags: {} as ConnectionTag,
  },
  actions: {
    announceRetried: emit({ type: 'retried' as const }),
  },
}).createMachine({
  id: 'connection',
  initial: 'online',
  states: {
    online: {
      initial: 'answering',
      on: { 'CONNECTION.LOST': 'offline' },
      states: {
        answering: {
          on: { 'CONNECTION.TIMED_OUT': 'timedOutOnce' },
        },
        /** The last call timed out: the next one timing out too means the server is out of reach. */
        timedOutOnce: {
          on: { 'CONNECTION.TIMED_OUT': '#connection.offline', 'CONNECTION.FOUND': 'answering' },
        },
      },
    },
    offline: {
      tags: 'offline',
      on: {
        'CONNECTION.FOUND': { target: 'online', actions: 'announceRetried' },
        'CONNECTION.RETRY': { target: 'online', actions: 'announceRetried' },
      },
    },
  },
});
