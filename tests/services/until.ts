import { vi } from 'vitest';

/** Lets real sockets and fake timers both move until `done()` holds. */
export async function until(done: () => boolean, what: string) {
  for (let i = 0; i < 500; i++) {
    if (done()) return;
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(10);
  }
  throw new Error(`Gave up waiting for ${what}`);
}
