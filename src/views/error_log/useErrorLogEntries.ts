import { useSyncExternalStore } from 'react';
import { errorLog, type ErrorLogEntry } from '../../services/errorLog/errorLog';

/** The recorded errors, newest first, re-rendering as new ones arrive. */
export function useErrorLogEntries(): readonly ErrorLogEntry[] {
  return useSyncExternalStore(errorLog.subscribe, errorLog.list, errorLog.list);
}
