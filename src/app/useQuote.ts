import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Quote } from '../../contract/schemas/quote';
import { quoteMachine } from '../machines/quote.machine';
import type { FailureNotice } from '../shared/failure';

export interface QuoteView {
  quote: Quote | null;
  /** A question is settling or out: the figures are not there yet. */
  pending: boolean;
  error: FailureNotice | null;
}

/**
 * The server's quote for what a form would start, through the `quote` machine: `input` is the
 * would-be task's quote body, or null while the form describes no paid work. A change of `input`
 * (by value) asks again.
 */
export function useQuote<TInput>(quoteFn: (input: TInput) => Promise<Quote>, input: TInput | null): QuoteView {
  const latest = useRef(quoteFn);
  useEffect(() => {
    latest.current = quoteFn;
  });
  const [machine] = useState(() =>
    quoteMachine.provide({ actors: { quote: fromPromise<Quote, unknown>(({ input: body }) => latest.current(body as TInput)) } }),
  );
  const actor = useActorRef(machine);
  const key = input === null ? null : JSON.stringify(input);
  useEffect(() => {
    actor.send(key === null ? { type: 'QUOTE.CLEAR' } : { type: 'QUOTE.ASK', input: JSON.parse(key) });
  }, [actor, key]);
  const quote = useSelector(actor, (snapshot) => snapshot.context.quote);
  const pending = useSelector(actor, (snapshot) => snapshot.matches('settling') || snapshot.matches('asking'));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  return { quote, pending, error };
}
