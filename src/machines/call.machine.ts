import { assign, emit, setup } from 'xstate';
import { errorOf, toNotice, type FailureNotice } from '../shared/failure';
import { notProvided } from './notProvided';

/**
 * A one-shot call (a form's submit, a lookup, a row action): it runs `call` with the input it was
 * given and says how it ended by name, emitting `succeeded` with the output or `failed` with the
 * failure as { code, msg }, so the one who started it reacts to what happened, not to a state.
 *
 * A call that follows a form as it changes (a dialog's quote) is deferred: it starts once its input
 * has stayed the same for `settle` (typing a count asks once, not per keystroke), and a newer input
 * drops the call out with the old one (it stops), so the result shown is always that of the form as it is.
 */

export type CallEvent = { type: 'CALL.SUBMIT'; input: unknown } | { type: 'CALL.DEFER'; input: unknown } | { type: 'CALL.RESET' };

export type CallEmitted = { type: 'succeeded'; output: unknown } | { type: 'failed'; error: FailureNotice };

export interface CallContext {
  input: unknown;
  result: unknown;
  error: FailureNotice | null;
}

/** What a call state means to the views (`snapshot.hasTag(...)`). */
export type CallTag =
  /** The last call succeeded: its result is the one to show. */
  'succeeded';

export const callMachine = setup({
  types: {
    context: {} as CallContext,
    events: {} as CallEvent,
    emitted: {} as CallEmitted,
    tags: {} as CallTag,
  },
  actors: {
    call: notProvided<unknown, unknown>('call'),
  },
  delays: {
    /** How long a deferred call's input stays the same before the call starts. */
    settle: 300,
  },
  actions: {
    takeInput: assign(({ event }) =>
      event.type === 'CALL.SUBMIT' || event.type === 'CALL.DEFER' ? { input: event.input, error: null } : {},
    ),
    keepResult: assign((_, result: unknown) => ({ result })),
    keepError: assign((_, error: unknown) => ({ error: toNotice(error) })),
    clear: assign({ input: null, result: null, error: null }),
    announceSucceeded: emit((_, output: unknown) => ({ type: 'succeeded' as const, output })),
    announceFailed: emit((_, error: unknown) => ({ type: 'failed' as const, error: toNotice(error) })),
  },
}).createMachine({
  id: 'call',
  context: { input: null, result: null, error: null },
  initial: 'idle',
  on: {
    'CALL.RESET': { target: '.idle', actions: 'clear' },
    'CALL.DEFER': { target: '.settling', reenter: true, actions: 'takeInput' },
  },
  states: {
    idle: {
      on: { 'CALL.SUBMIT': { target: 'submitting', actions: 'takeInput' } },
    },
    /** A deferred call waits for its input to stay the same. */
    settling: {
      after: { settle: 'submitting' },
    },
    submitting: {
      invoke: {
        src: 'call',
        input: ({ context }: { context: CallContext }) => context.input,
        onDone: {
          target: 'succeeded',
          actions: [
            { type: 'keepResult', params: ({ event }: { event: { output: unknown } }) => event.output },
            { type: 'announceSucceeded', params: ({ event }: { event: { output: unknown } }) => event.output },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'keepError', params: errorOf },
            { type: 'announceFailed', params: errorOf },
          ],
        },
      },
    },
    succeeded: {
      tags: 'succeeded',
      on: { 'CALL.SUBMIT': { target: 'submitting', actions: 'takeInput' } },
    },
    failed: {
      on: { 'CALL.SUBMIT': { target: 'submitting', actions: 'takeInput' } },
    },
  },
});
