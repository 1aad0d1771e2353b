import { vi } from 'vitest';

/** Real time `until` waits past its 500 turns for real sockets on a loaded machine. */
const PATIENCE_NS = 30_000_000_000n;

/**
 * Lets real sockets and fake timers both move until `done()` holds: 500 turns that each advance the
 * fake clock by 10 ms, then (a slow answer on a loaded machine) turns that let only the sockets move,
 * up to 30 s of real time (process.hrtime, which fake timers leave alone).
 */
export async function until(done: () => boolean, what: string) {
  const deadline = process.hrtime.bigint() + PATIENCE_NS;
  for (let i = 0; process.hrtime.bigint() < deadline; i++) {
    if (done()) return;
    await new Promise((resolve) => setImmediate(resolve));
    if (i < 500) await vi.advanceTimersByTimeAsync(10);
  }
  throw new Error(`Gave up waiting for ${what}`);
}
