import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { formMachine } from '../machines/form.machine';
import type { FailureNotice } from '../shared/failure';

export type FormSubmissionState = 'idle' | 'submitting' | 'succeeded' | 'failed';

export interface FormSubmission<TInput, TResult> {
  state: FormSubmissionState;
  result: TResult | null;
  error: FailureNotice | null;
  submit: (input: TInput) => void;
  reset: () => void;
}

/**
 * Runs a one-shot form through the `form` machine with `submitFn` (an endpoint function of
 * `src/services/api`) as its `submit` actor.
 */
export function useFormSubmission<TInput, TResult>(submitFn: (input: TInput) => Promise<TResult>): FormSubmission<TInput, TResult> {
  const latestSubmit = useRef(submitFn);
  useEffect(() => {
    latestSubmit.current = submitFn;
  }, [submitFn]);

  const [machine] = useState(() =>
    formMachine.provide({
      actors: { submit: fromPromise<unknown, unknown>(({ input }) => latestSubmit.current(input as TInput)) },
    }),
  );
  const actor = useActorRef(machine);
  const state = useSelector(actor, (snapshot) => snapshot.value as FormSubmissionState);
  const result = useSelector(actor, (snapshot) => (snapshot.matches('succeeded') ? (snapshot.context.result as TResult) : null));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);

  const [actions] = useState(() => ({
    submit: (input: TInput) => actor.send({ type: 'FORM.SUBMIT', input }),
    reset: () => actor.send({ type: 'FORM.RESET' }),
  }));
  return { state, result, error, ...actions };
}
