import { useEffect } from 'react';
import { useFormSubmission } from './useFormSubmission';

/** Loads one thing when mounted (and when `input` changes) through the `form` machine. */
export function useLoad<TInput, TResult>(loadFn: (input: TInput) => Promise<TResult>, input: TInput) {
  const load = useFormSubmission(loadFn);
  const { submit } = load;
  useEffect(() => {
    submit(input);
  }, [submit, input]);
  return load;
}
