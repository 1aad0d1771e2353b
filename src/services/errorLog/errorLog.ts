import type { ErrorLogEntry } from '../../shared/errorLogEntry';

type Listener = (entries: readonly ErrorLogEntry[]) => void;
type AddedListener = (entry: ErrorLogEntry) => void;

/**
 * The console's error log (spec §8: ajax errors are added to it), newest first: the errors met in
 * this browser since the log was last looked at (`clear`). Each is also handed to `onAdded`
 * listeners, which send it to the server.
 */
export function createErrorLog(limit = 200) {
  let entries: readonly ErrorLogEntry[] = [];
  const listeners = new Set<Listener>();
  const addedListeners = new Set<AddedListener>();
  return {
    add(entry: ErrorLogEntry): void {
      entries = [entry, ...entries].slice(0, limit);
      for (const listener of listeners) listener(entries);
      for (const listener of addedListeners) listener(entry);
    },
    /** Calls `listener` with each entry added from now on (src/app sends them to the server). */
    onAdded(listener: AddedListener): () => void {
      addedListeners.add(listener);
      return () => {
        addedListeners.delete(listener);
      };
    },
    list(): readonly ErrorLogEntry[] {
      return entries;
    },
    clear(): void {
      entries = [];
      for (const listener of listeners) listener(entries);
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type ErrorLog = ReturnType<typeof createErrorLog>;

export const errorLog = createErrorLog();
