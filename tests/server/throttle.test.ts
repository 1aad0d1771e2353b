import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderWait, durationMs } from '../../server/providers/httpRetry';
import { NO_LIMITS, Throttles, memoryStore, type ProviderThrottle } from '../../server/providers/throttle';
import { completion, startLlmDouble } from './llmDouble';
import { wordedIn } from './wordedIn';

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

describe('a provider that tells what is left of its minute', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads its resets as OpenAI and compatible services write them', () => {
    expect(['1s', '6m0s', '20ms', '0.5s', '1h2m3.5s', '2'].map(durationMs)).toEqual([1000, 360_000, 20, 500, 3_723_500, 2000]);
    expect(['', 'soon', '5x', null].map(durationMs)).toEqual([null, null, null, null]);
  });

  /** One chat call through the throttle to the double, as the writer makes it: its status, or "wait" when the throttle holds it. */
  const callThrough = async (throttle: ProviderThrottle, url: string) => {
    let permit;
    try {
      permit = await throttle.acquire(100, 0);
    } catch (error) {
      if (error instanceof ProviderWait) return 'wait';
      throw error;
    }
    const res = await fetch(`${url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'double', stream: false, messages: [{ role: 'user', content: 'Write about "pace"' }] }),
    });
    await res.arrayBuffer();
    permit.release({ status: res.status, headers: res.headers });
    return res.status;
  };

  it('sends the minute at once again when the provider says it is back, and none past it', async () => {
    // The clock is the test's: the double refills its minute by Date.now, as the throttle counts it.
    vi.useFakeTimers({ toFake: ['Date'] });
    const double = await startLlmDouble();
    try {
      double.limit = { rpm: LIMIT };
      double.fallback = () => ({ kind: 'json', body: completion('ok') });
      const throttle = new Throttles(memoryStore()).for('chat', double.url, 'key', NO_LIMITS);
      const minute = async () => {
        const statuses: (number | string)[] = [];
        for (let i = 0; i < LIMIT + 1; i++) statuses.push(await callThrough(throttle, double.url));
        return statuses;
      };

      // The first minute: the limit learned from the first answer, the minute's calls at once (but one
      // call's share, kept back against the answers' jitter), then a wait.
      expect(await minute()).toEqual([...Array(LIMIT - 1).fill(200), 'wait', 'wait']);
      // A minute later the provider's bucket is whole again, and it says so: the minute goes at once
      // again (an even pace would send one call and hold the rest), and the next one waits.
      vi.setSystemTime(Date.now() + 61_000);
      expect(await minute()).toEqual([...Array(LIMIT - 1).fill(200), 'wait', 'wait']);
      expect(double.refused).toEqual([]);
    } finally {
      await double.close();
    }
  });

  it('goes back to an even pace once the provider refuses a burst it said it had room for', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const double = await startLlmDouble();
    try {
      double.limit = { rpm: LIMIT };
      // The second call is refused though the headers say the minute has room (a limit a second behind them).
      let answered = 0;
      let refusals = 0;
      double.fallback = () => {
        if (++answered !== 2) return { kind: 'json', body: completion('ok') };
        refusals++;
        return { kind: 'json', status: 429, headers: { 'x-ratelimit-limit-requests': String(LIMIT) }, body: { error: 'slow down' } };
      };
      const throttle = new Throttles(memoryStore()).for('chat', double.url, 'key', NO_LIMITS);
      const calls = async (n: number) => {
        const statuses: (number | string)[] = [];
        for (let i = 0; i < n; i++) statuses.push(await callThrough(throttle, double.url));
        return statuses;
      };

      expect(await calls(2)).toEqual([200, 429]);
      // From then on one call in each ten seconds (a minute's rate), this minute and the next.
      vi.setSystemTime(Date.now() + 10_000);
      expect(await calls(3)).toEqual([200, 'wait', 'wait']);
      vi.setSystemTime(Date.now() + 61_000);
      expect(await calls(3)).toEqual([200, 'wait', 'wait']);
      expect(refusals).toBe(1);
      expect(double.refused).toEqual([]);
    } finally {
      await double.close();
    }
  });
});

describe('a call the throttle holds back', () => {
  it('says why it waits, in the reader’s language', async () => {
    const throttle = new Throttles(memoryStore()).for('chat', 'http://model.test/v1', 'key', { ...NO_LIMITS, rpm: 2 });
    for (let i = 0; i < 2; i++) (await throttle.acquire(100, 0)).release({ status: 200 });
    const held = await throttle.acquire(100, 0).catch((error: unknown) => error);
    expect(held).toBeInstanceOf(ProviderWait);
    expect(wordedIn(held, 'en')).toBe('The model service (model.test) is at its limit of 2 requests a minute');
    expect(wordedIn(held, 'zh_CN')).toBe('模型服务（model.test） 已达每分钟 2 次请求的上限');
  });
});
