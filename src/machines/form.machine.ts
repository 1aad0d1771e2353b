import { assign, setup } from 'xstate';
import { errorOf, toNotice, type FailureNotice } from '../shared/failure';
import { notProvided } from './notProvided';

/** A one-shot form (register, forgot password, send code, bind authenticator, QR login). */

export type FormEvent = { type: 'FORM.SUBMIT'; input: unknown } | { type: 'FORM.RESET' };

export interface FormContext {
  input: unknown;
  result: unknown;
  error: FailureNotice | null;
}

export const formMachine = setup({
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
  },
  actors: {
    submit: notProvided<unknown, unknown>('submit'),
  },
  actions: {
    takeInput: assign(({ event }) => (event.type === 'FORM.SUBMIT' ? { input: event.input, error: null } : {})),
    keepResult: assign((_, result: unknown) => ({ result })),
    keepError: assign((_, error: unknown) => ({ error: toNotice(error) })),
    clear: assign({ input: null, result: null, error: null }),
  },
}).createMachine({
  id: 'form',
  context: { input: null, result: null, error: null },
  initial: 'idle',
  on: {
    'FORM.RESET': { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {
      on: { 'FORM.SUBMIT': { target: 'submitting', actions: 'takeInput' } },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ context }: { context: FormContext }) => context.input,
        onDone: { target: 'succeeded', actions: { type: 'keepResult', params: ({ event }: { event: { output: unknown } }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepError', params: errorOf } },
      },
    },
    succeeded: {
      on: { 'FORM.SUBMIT': { target: 'submitting', actions: 'takeInput' } },
    },
    failed: {
      on: { 'FORM.SUBMIT': { target: 'submitting', actions: 'takeInput' } },
    },
  },
});
