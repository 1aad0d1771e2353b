import { describe, expect, it } from 'vitest';
import { ProviderWait } from '../../server/providers/httpRetry';
import { NO_LIMITS, Throttles, memoryStore } from '../../server/providers/throttle';

/**
 * The throttle alone: two processes (two Throttles on one store, as two workers on one
 * PostgreSQL database) share a provider's minute budget that neither knew at first.
 */
const LIMIT = 6;
const told = (headers: Record<string, string>) => ({ status: 200, headers: new Headers(headers) });

async function waitOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ProviderWait) return error.until - Date.now();
    throw error;
  }
  return 0;
}

describe('the throttle shared by two processes', () => {
  it('waits out the calls another process made before it knew the limit, even when the budget is already spent', async () => {
    const store = memoryStore();
    const throttle = () => new Throttles(store).for('chat', 'http://model.test/v1', 'key', NO_LIMITS);
    const first = throttle();
    const second = throttle();

    // The second process starts three calls while the limit is unknown …
    const early = await Promise.all([1, 2, 3].map(() => second.acquire(100, 0)));
    // … the first learns 6 a minute from its first answer, and spends the rest of the minute.
    (await first.acquire(100, 0)).release(told({ 'x-ratelimit-limit-requests': String(LIMIT) }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < LIMIT - 1; i++) (await first.acquire(100, 0)).release({ status: 200 });

    // The second's answers come now: its three calls count, though the budget holds none.
    for (const permit of early) permit.release(told({ 'x-ratelimit-limit-requests': String(LIMIT) }));
    await new Promise((resolve) => setTimeout(resolve, 20));

    // Nine calls on a six-a-minute account: nobody calls again before three are refilled (30 s),
    // rather than when the ten-second window ends.
    const wait = await waitOf(first.acquire(100, 0));
    expect(wait).toBeGreaterThan(25_000);
    expect(await waitOf(second.acquire(100, 0))).toBeGreaterThan(25_000);
  });

  it('starts a process that has not called the provider yet from the limit another one learned', async () => {
    const store = memoryStore();
    const throttle = () => new Throttles(store).for('chat', 'http://model.test/v1', 'key', NO_LIMITS);
    const first = throttle();
    // The first process learns 6 a minute from its first answer and spends the minute …
    (await first.acquire(100, 0)).release(told({ 'x-ratelimit-limit-requests': String(LIMIT) }));
    for (let i = 0; i < LIMIT - 1; i++) (await first.acquire(100, 0)).release({ status: 200 });
    await new Promise((resolve) => setTimeout(resolve, 20));

    // … a worker that starts now knows the limit before its first call: it waits, as the first does,
    // instead of sending its first calls blind (they would all be refused).
    const late = throttle();
    expect(await waitOf(late.acquire(100, 0))).toBeGreaterThan(5_000);
    expect(await waitOf(first.acquire(100, 0))).toBeGreaterThan(5_000);
  });
});
