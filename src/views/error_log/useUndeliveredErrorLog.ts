import { useEffect, useMemo, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useErrorLogActor } from '../../app/useShellActors';
import type { ErrorLogEntry } from '../../shared/errorLogEntry';

/**
 * The entries the errorLog actor has not delivered yet (its batch in flight and its queue), newest
 * first, so a page never looks empty right after an error. `onDelivered` runs each time some leave
 * (a batch was sent, or given up): the page then loads the server's list again.
 */
export function useUndeliveredErrorLog(onDelivered: () => void): ErrorLogEntry[] {
  const actor = useErrorLogActor();
  const batch = useSelector(actor, (state) => state.context.batch);
  const queue = useSelector(actor, (state) => state.context.queue);
  const entries = useMemo(() => [...batch, ...queue].reverse(), [batch, queue]);

  const latest = useRef(onDelivered);
  useEffect(() => {
    latest.current = onDelivered;
  }, [onDelivered]);
  const count = useRef(entries.length);
  useEffect(() => {
    if (entries.length < count.current) latest.current();
    count.current = entries.length;
  }, [entries.length]);

  return entries;
}
