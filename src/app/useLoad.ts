import { useEffect } from 'react';
import { useCall, type CallHandlers } from './useCall';

/** Loads one thing when mounted (and when `input` changes) through the `call` machine. */
export function useLoad<TInput, TResult>(loadFn: (input: TInput) => Promise<TResult>, input: TInput, handlers?: CallHandlers<TResult>) {
  const load = useCall(loadFn, handlers);
  const { submit } = load;
  useEffect(() => {
    submit(input);
  }, [submit, input]);
  return load;
}
