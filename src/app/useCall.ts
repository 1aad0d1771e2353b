import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { callMachine } from '../machines/call.machine';
import type { FailureNotice } from '../shared/failure';

export type CallState = 'idle' | 'settling' | 'submitting' | 'succeeded' | 'failed';

export interface Call<TInput, TResult> {
  state: CallState;
  result: TResult | null;
  error: FailureNotice | null;
  submit: (input: TInput) => void;
  /** Calls with `input` once it has stayed the same for the machine's `settle`, dropping a call out with an older one. */
  defer: (input: TInput) => void;
  reset: () => void;
}

/** What to do when the call ends: close a dialog, toast, refresh, tell another actor. */
export interface CallHandlers<TResult> {
  onSucceeded?: (result: TResult) => void;
  onFailed?: (error: FailureNotice) => void;
}

/** The handlers of a call to `callFn`, typed by what it answers: what a section's api hook takes. */
export type HandlersOf<F extends (input: never) => Promise<unknown>> = CallHandlers<Awaited<ReturnType<F>>>;

/**
 * Runs a one-shot call through the `call` machine with `callFn` (an endpoint function of
 * `src/services/api`) as its `call` actor. The handlers run when the machine emits `succeeded` or
 * `failed`; the latest ones are called, so they may close over fresh props. The state, result and
 * error are there for what a view renders (a spinner, a result, an alert).
 */
export function useCall<TInput, TResult>(
  callFn: (input: TInput) => Promise<TResult>,
  handlers: CallHandlers<TResult> = {},
): Call<TInput, TResult> {
  const latestCall = useRef(callFn);
  const latestHandlers = useRef(handlers);
  useEffect(() => {
    latestCall.current = callFn;
    latestHandlers.current = handlers;
  });

  const [machine] = useState(() =>
    callMachine.provide({
      actors: { call: fromPromise<unknown, unknown>(({ input }) => latestCall.current(input as TInput)) },
    }),
  );
  const actor = useActorRef(machine);
  useEffect(() => {
    const succeeded = actor.on('succeeded', ({ output }) => latestHandlers.current.onSucceeded?.(output as TResult));
    const failed = actor.on('failed', ({ error }) => latestHandlers.current.onFailed?.(error));
    return () => {
      succeeded.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor]);

  const state = useSelector(actor, (snapshot) => snapshot.value as CallState);
  const result = useSelector(actor, (snapshot) => (snapshot.hasTag('succeeded') ? (snapshot.context.result as TResult) : null));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);

  const [actions] = useState(() => ({
    submit: (input: TInput) => actor.send({ type: 'CALL.SUBMIT', input }),
    defer: (input: TInput) => actor.send({ type: 'CALL.DEFER', input }),
    reset: () => actor.send({ type: 'CALL.RESET' }),
  }));
  return { state, result, error, ...actions };
}
