import { assign, setup } from 'xstate';
import type { Quote } from '../../contract/schemas/quote';
import { errorOf, toNotice, type FailureNotice } from '../shared/failure';
import { notProvided } from './notProvided';

/**
 * The price of what a dialog is about to start, following its form: each change asks the server
 * again once the form has been still for `settle` (typing a count asks once, not per keystroke); a
 * change while a question is out drops that question (its call stops), so the quote shown is always
 * that of the form as it is.
 */

export type QuoteEvent = { type: 'QUOTE.ASK'; input: unknown } | { type: 'QUOTE.CLEAR' };

export interface QuoteContext {
  input: unknown;
  quote: Quote | null;
  error: FailureNotice | null;
}

export const quoteMachine = setup({
  types: { context: {} as QuoteContext, events: {} as QuoteEvent },
  actors: {
    /** POST …/quote with the form's would-be task. */
    quote: notProvided<Quote, unknown>('quote'),
  },
  delays: {
    /** How long the form stays still before its price is asked. */
    settle: 300,
  },
  actions: {
    takeInput: assign(({ event }) => (event.type === 'QUOTE.ASK' ? { input: event.input, quote: null, error: null } : {})),
    keepQuote: assign((_, quote: Quote) => ({ quote })),
    keepError: assign((_, error: unknown) => ({ error: toNotice(error) })),
    clear: assign({ input: null, quote: null, error: null }),
  },
}).createMachine({
  id: 'quote',
  context: { input: null, quote: null, error: null },
  initial: 'idle',
  on: {
    'QUOTE.ASK': { target: '.settling', reenter: true, actions: 'takeInput' },
    'QUOTE.CLEAR': { target: '.idle', actions: 'clear' },
  },
  states: {
    /** Nothing to price (the form does not describe paid work yet). */
    idle: {},
    settling: {
      after: { settle: 'asking' },
    },
    asking: {
      invoke: {
        src: 'quote',
        input: ({ context }: { context: QuoteContext }) => context.input,
        onDone: { target: 'quoted', actions: { type: 'keepQuote', params: ({ event }: { event: { output: Quote } }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepError', params: errorOf } },
      },
    },
    quoted: {},
    failed: {},
  },
});
