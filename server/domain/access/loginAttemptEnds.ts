/**
 * In-process signal that login attempts being checked have ended (failed or forgotten): the
 * attempts of this process waiting for a place in the failure count look again at once. One
 * promise per database, settled by the next end and replaced: a waiter takes it before it counts,
 * so an end between its count and its wait is not missed.
 */
const next = new WeakMap<object, { ended: Promise<void>; end: () => void }>();

/** Settles when a login attempt on `db` next ends in this process. */
export function nextAttemptEnd(db: object): Promise<void> {
  let waiting = next.get(db);
  if (!waiting) {
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    waiting = { ended, end };
    next.set(db, waiting);
  }
  return waiting.ended;
}

/** A login attempt on `db` has ended: whoever waits looks again. */
export function attemptEnded(db: object) {
  const waiting = next.get(db);
  next.delete(db);
  waiting?.end();
}
