/** What stopOnSignals needs of the process: its signals and its exit. */
export interface SignalHost {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  exit(code: number): void;
}

/**
 * Ctrl+C (SIGINT) and SIGTERM stop the process cleanly: its requests finish, its workers stop and
 * its database closes. The handlers are in place from the process's first line, because a process
 * answers (`npm start` listens) before its start completes: a signal that comes meanwhile waits for
 * the start, then stops. Until then Node's default would have killed it mid-start, leaving the
 * embedded database to recover at the next start (that took ~0.2 s of each restart
 * measured right after a start). A second signal exits without waiting.
 */
export function stopOnSignals(host: SignalHost = process): { started(stop: (signal: NodeJS.Signals) => Promise<void>): void } {
  let stop: ((signal: NodeJS.Signals) => Promise<void>) | null = null;
  let requested: NodeJS.Signals | null = null;

  const stopNow = (run: (signal: NodeJS.Signals) => Promise<void>, signal: NodeJS.Signals) =>
    run(signal).then(
      () => host.exit(0),
      (error: Error) => {
        console.error(`\n  Inkpress could not stop cleanly: ${error.message}\n`);
        host.exit(1);
      },
    );

  const onSignal = (signal: NodeJS.Signals) => {
    if (requested) {
      console.error(`\n  ${signal} again: stopping now, without waiting\n`);
      host.exit(1);
      return;
    }
    requested = signal;
    if (stop) void stopNow(stop, signal);
  };
  host.on('SIGINT', onSignal);
  host.on('SIGTERM', onSignal);

  return {
    /** The start has completed: `stop` runs at the next signal, or now if one came meanwhile. */
    started(run) {
      stop = run;
      if (requested) void stopNow(run, requested);
    },
  };
}
