import { useEffect } from 'react';
import type { Quote } from '../../contract/schemas/quote';
import type { FailureNotice } from '../shared/failure';
import { useCall } from './useCall';

export interface QuoteView {
  quote: Quote | null;
  /** A question is settling or out: the figures are not there yet. */
  pending: boolean;
  error: FailureNotice | null;
}

/**
 * The server's quote for what a form would start, as a deferred call of the `call` machine: `input`
 * is the would-be task's quote body, or null while the form describes no paid work. A change of
 * `input` (by value) asks again once the form has been still for the call's `settle`.
 */
export function useQuote<TInput>(quoteFn: (input: TInput) => Promise<Quote>, input: TInput | null): QuoteView {
  const { state, result, error, defer, reset } = useCall(quoteFn);
  const key = input === null ? null : JSON.stringify(input);
  useEffect(() => {
    if (key === null) reset();
    else defer(JSON.parse(key) as TInput);
  }, [defer, reset, key]);
  return { quote: result, pending: state === 'settling' || state === 'submitting', error };
}
