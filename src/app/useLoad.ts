import { useEffect, useRef } from 'react';
import { useCall, type CallHandlers } from './useCall';

/**
 * Loads one thing when mounted (and when `input` changes) through the `call` machine. A kept-alive
 * tab's page runs its effects again each time its tab is shown (React's <Activity>): the same input
 * is not loaded again, so the page shows what it had, not a loading state; the tab's refresh
 * remounts it to load afresh.
 */
export function useLoad<TInput, TResult>(loadFn: (input: TInput) => Promise<TResult>, input: TInput, handlers?: CallHandlers<TResult>) {
  const load = useCall(loadFn, handlers);
  const { submit } = load;
  const submitted = useRef<{ input: TInput } | null>(null);
  useEffect(() => {
    if (submitted.current && Object.is(submitted.current.input, input)) return;
    submitted.current = { input };
    submit(input);
  }, [submit, input]);
  return load;
}
