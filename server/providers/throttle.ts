import crypto from 'node:crypto';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import { postgresBucket } from '../db/tokenBuckets';
import { ProviderWait, durationMs, sleep, type CallThrottle, type Outcome, type Permit } from './httpRetry';
import { memoryBucket, type TokenBucket } from './tokenBucket';
import { message, type Message } from '../i18n/messages';

/**
 * One throttle per model provider (its URL and key, chat or image): requests a minute, tokens a
 * minute and calls at once. The minute budgets live in rate-limiter-flexible's store — PostgreSQL
 * (table rate_limits) when the server runs on it, so every process on that database draws from
 * one budget; memory on the embedded database, which one process owns. A limit that is not
 * configured is learned from the provider's answers: x-ratelimit-limit-* (the limit itself),
 * x-ratelimit-remaining-* at 0 with x-ratelimit-reset-* (wait until then), Retry-After on a 429
 * (everyone waits, through the shared store), and the calls at once backed off on each 429
 * (additive increase, multiplicative decrease). A provider that tells on its answers what is left
 * of a budget (x-ratelimit-remaining-*) is used as it says: its bucket is mirrored in the store,
 * whole minute and all, and calls go while it holds some; one that says nothing, or refuses a burst
 * with a 429, is called at an even pace (the windows below).
 */
export interface Limits {
  /** Requests a minute; null: unknown. */
  rpm: number | null;
  /** Tokens a minute (prompt + max_tokens, estimated); null: unknown. */
  tpm: number | null;
  /** Calls in flight at once; null: as many as the minute budgets allow. */
  concurrency: number | null;
}

export const NO_LIMITS: Limits = { rpm: null, tpm: null, concurrency: null };

/** Where the minute budgets are kept. */
export interface ThrottleStore {
  limiter(name: string, points: number, durationSec: number): RateLimiterAbstract | RateLimiterStoreAbstract;
  bucket: TokenBucket;
  close(): Promise<void>;
}

export function memoryStore(): ThrottleStore {
  const limiters = new Map<string, RateLimiterMemory>();
  return {
    limiter(name, points, duration) {
      const id = `${name}:${points}:${duration}`;
      let limiter = limiters.get(id);
      if (!limiter) limiters.set(id, (limiter = new RateLimiterMemory({ keyPrefix: id, points, duration })));
      return limiter;
    },
    bucket: memoryBucket(),
    close: async () => {},
  };
}

/** The table is made by the migrations (schema.ts: rateLimits), so several processes may start at once. */
export async function postgresStore(databaseUrl: string): Promise<ThrottleStore> {
  const { Pool } = await import('pg');
  const pool = new Pool({ connectionString: databaseUrl, max: 3 });
  // As the application's pool (server/db/connection.ts): a lost connection is dropped, not fatal.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const limiters = new Map<string, RateLimiterPostgres>();
  return {
    limiter(name, points, duration) {
      const id = `${name}:${points}:${duration}`;
      let limiter = limiters.get(id);
      if (!limiter) {
        limiter = new RateLimiterPostgres({
          storeClient: pool,
          storeType: 'pool',
          tableName: 'rate_limits',
          tableCreated: true,
          keyPrefix: id,
          points,
          duration,
        });
        limiters.set(id, limiter);
      }
      return limiter;
    },
    bucket: postgresBucket(pool),
    close: () => pool.end(),
  };
}

const positive = (text: string | null) => {
  const n = Number(text);
  return text && Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * A minute budget as two rate-limiter-flexible windows, together never more than a provider's
 * bucket allows (it holds a minute's worth and refills continuously): a steady one, the minute's
 * rate in windows of about ten seconds, and a burst one, what is left of a minute's worth once an
 * hour, so a backlog starts at once. (One fixed minute window alone would leave a backlog idle
 * until the minute ends, or let two minutes' worth through at its edge.)
 */
const steadyOf = (limit: number) => {
  const points = Math.max(1, Math.round(limit / 6));
  return { points, duration: (points * 60) / limit };
};
const BURST_SECONDS = 3600;

/**
 * A learned limit is kept in the store too, so that a process that has not called the provider yet
 * starts from it (the third worker's first calls came when the other two had spent the
 * minute, eight at once, all refused). Written when it changes and again every half of its life;
 * read at most once a second while this process does not know it.
 */
const SHARED_LIMIT_SECONDS = 86_400;
const SHARED_READ_EVERY_MS = 1000;

/** A provider that refused a burst with a 429 is called at an even pace, by every process, for this long. */
const EVEN_PACE_SECONDS = 3600;

interface Learned {
  rpm: number | null;
  tpm: number | null;
  /** Calls at once while the limit is unknown (AIMD). */
  window: number;
  inFlight: number;
  waiters: (() => void)[];
  /** Mean latency of a call, ms (Little's law: calls at once = rate × latency). */
  latencyMs: number;
  /** Calls started while a limit was unknown (when, tokens): charged to its budget once it is learned. */
  unmetered: { at: number; tokens: number }[];
  /** The limits the store was last seen to hold (sharedLimit), when they were read, and when this process last wrote them. */
  shared: { rpm: number | null; tpm: number | null; readAt: number; writtenAt: number };
  /** The read of the store's limits in progress: every call waiting for it waits for the same one. */
  adopting: Promise<void> | null;
  /** The budgets whose remaining the provider tells on its answers. */
  tells: Record<Budget, boolean>;
  /** Until when the provider is called at an even pace (it refused a burst), as last read from the store, and when. */
  even: { until: number; readAt: number };
}

/** A budget's turn: the wait (0: taken), and, taken from the mirrored bucket, when that was whole again after it. */
interface Take {
  waitMs: number;
  full: number | null;
}

type Budget = 'rpm' | 'tpm';

export class ProviderThrottle implements CallThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly key: string,
    private readonly service: Message,
    private readonly limits: Limits,
    private readonly learned: Learned,
  ) {}

  /** The limits in force: configured, else learned. */
  get effective(): Limits {
    return { rpm: this.limits.rpm ?? this.learned.rpm, tpm: this.limits.tpm ?? this.learned.tpm, concurrency: this.limits.concurrency };
  }

  /** Calls this process lets run at once now. */
  get callsAtOnce(): number {
    if (this.limits.concurrency) return this.limits.concurrency;
    const { rpm } = this.effective;
    // A known rate bounds itself; the window only guards an unknown one.
    return rpm ? Infinity : Math.max(1, Math.floor(this.learned.window));
  }

  private gate() {
    return this.store.limiter('gate', 1, 1);
  }

  /** A learned limit of the budget `name` as every process sees it: the store's record's points are the limit. */
  private sharedLimit(name: Budget) {
    return this.store.limiter(`learned-${name}`, Number.MAX_SAFE_INTEGER, SHARED_LIMIT_SECONDS);
  }

  /** Takes the limits another process learned, while this one does not know them. */
  private async adoptShared() {
    const l = this.learned;
    const { rpm, tpm } = this.effective;
    if ((rpm && tpm) || Date.now() - l.shared.readAt < SHARED_READ_EVERY_MS) return;
    l.adopting ??= (async () => {
      try {
        const read = async (name: Budget) => (await this.sharedLimit(name).get(this.key))?.consumedPoints || null;
        const [sharedRpm, sharedTpm] = await Promise.all([read('rpm'), read('tpm')]);
        const before = this.effective;
        l.rpm ??= sharedRpm;
        l.tpm ??= sharedTpm;
        l.shared = { ...l.shared, rpm: sharedRpm, tpm: sharedTpm };
        this.chargeUnmetered(before);
      } catch {
        // The store unreachable: this process learns on its own, as it would have alone.
      } finally {
        l.shared.readAt = Date.now();
        l.adopting = null;
      }
    })();
    await l.adopting;
  }

  /** Writes what this process learned, when it is news to the store or half its life has passed. */
  private shareLearned() {
    const l = this.learned;
    const fresh = Date.now() - l.shared.writtenAt < (SHARED_LIMIT_SECONDS * 1000) / 2;
    if (l.shared.rpm === l.rpm && l.shared.tpm === l.tpm && fresh) return;
    l.shared = { ...l.shared, rpm: l.rpm, tpm: l.tpm, writtenAt: Date.now() };
    for (const [name, limit] of [
      ['rpm', l.rpm],
      ['tpm', l.tpm],
    ] as const)
      if (limit)
        void this.sharedLimit(name)
          .set(this.key, limit, SHARED_LIMIT_SECONDS)
          .catch(() => {});
  }

  /** The store's record of the provider having refused a burst. */
  private evenPace() {
    return this.store.limiter('even-pace', 1, EVEN_PACE_SECONDS);
  }

  /** Whether the provider takes bursts: not refused one lately, as this process or the store (read at most once a second) knows. */
  private async takesBursts(): Promise<boolean> {
    const even = this.learned.even;
    if (Date.now() - even.readAt >= SHARED_READ_EVERY_MS) {
      even.readAt = Date.now();
      const res = await this.evenPace()
        .get(this.key)
        .catch(() => null);
      if (res && res.consumedPoints > 1) even.until = Math.max(even.until, Date.now() + res.msBeforeNext);
    }
    return Date.now() >= even.until;
  }

  /** Ms until the whole provider may be called again (a shared Retry-After), 0 when it may now. */
  private async blockedMs(): Promise<number> {
    const res = await this.gate().get(this.key);
    return res && res.consumedPoints > 1 ? res.msBeforeNext : 0;
  }

  /** Every process waits `ms` before calling this provider again. */
  async block(ms: number) {
    if (ms <= 0) return;
    const current = await this.blockedMs();
    if (current >= ms) return;
    await this.gate().block(this.key, Math.ceil(ms / 100) / 10);
  }

  /** A minute budget's two windows (steadyOf): the steady one, and the burst one when there is one. */
  private windows(name: Budget, limit: number) {
    const steady = steadyOf(limit);
    return {
      steady: this.store.limiter(`${name}-steady`, steady.points, steady.duration),
      burst: limit > steady.points ? this.store.limiter(`${name}-burst`, limit - steady.points, BURST_SECONDS) : null,
    };
  }

  /** The mirrored bucket of a budget, and a call's share of it: `points` in ms of the limit's refill. */
  private bucketKey(name: Budget) {
    return `${this.key}:${name}`;
  }
  private cost(limit: number, points: number) {
    return (Math.min(points, limit) * 60_000) / limit;
  }

  /**
   * A budget's turn for `points`. While the provider tells what is left (and takes bursts), from the
   * mirrored bucket, a minute deep as the provider's (but for a call's share); else from the windows. Either way the other
   * counts the call too, so processes that see the provider differently still draw from one budget.
   */
  private async take(name: Budget, limit: number, points: number, whole: boolean): Promise<Take> {
    if (whole) {
      // One call's share (a second at least) is kept back: a call reaches the provider a moment
      // after its turn, later or sooner than the one before it, and taken to the last drop the
      // bucket would then be a moment ahead of the provider's (one 429 in 40 calls, at load 20).
      const cost = this.cost(limit, points);
      const depth = Math.max(cost, 60_000 - Math.max(this.cost(limit, 1), 1000));
      const taken = await this.store.bucket.take(this.bucketKey(name), cost, depth, Date.now());
      if (taken.waitMs) return { waitMs: Math.max(50, taken.waitMs), full: null };
      const { steady, burst } = this.windows(name, limit);
      for (const w of burst ? [steady, burst] : [steady]) void w.penalty(this.key, Math.min(points, w.points)).catch(() => {});
      return { waitMs: 0, full: taken.full };
    }
    const waitMs = await this.takeWindows(name, limit, points);
    if (!waitMs) void this.store.bucket.charge(this.bucketKey(name), this.cost(limit, points), Date.now()).catch(() => {});
    return { waitMs, full: null };
  }

  private async takeWindows(name: Budget, limit: number, points: number): Promise<number> {
    const { steady, burst } = this.windows(name, limit);
    const n = Math.min(points, limit);
    let wait = Infinity;
    for (const limiter of burst ? [steady, burst] : [steady]) {
      try {
        await limiter.consume(this.key, Math.min(n, limiter.points));
        return 0;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        // A refused take still counted, and stays counted: its window is full until it ends anyway.
        // Given back, it could land once the window has ended, and open the next one with a point
        // to spare (the store starts a new window at whatever count it is given): with three
        // workers waking together at a window's end, 15 calls went into a 10-call window.
        wait = Math.min(wait, Math.max(50, error.msBeforeNext));
      }
    }
    return wait;
  }

  /**
   * Charges calls already made outside the budget (before its limit was known): to the long window
   * first, then the steady one; calls beyond both are a debt the provider refills at the limit's
   * rate, so every process waits it out (a window past its points is forgiven when it ends).
   *
   * Each window is charged in one atomic step and keeps the whole charge; only what went past its
   * points moves on. (Read first and charged after, the count could change in between through other
   * processes' takes and their give-backs: a window seen full turned the charge into a wait while
   * its points stayed free to be spent.)
   */
  private async charge(name: Budget, limit: number, points: number) {
    await this.store.bucket.charge(this.bucketKey(name), this.cost(limit, points), Date.now());
    let rest = Math.min(points, limit);
    const { steady, burst } = this.windows(name, limit);
    for (const w of burst ? [burst, steady] : [steady]) {
      if (rest <= 0) return;
      const res = await w.penalty(this.key, rest);
      rest = Math.min(rest, Math.max(0, res.consumedPoints - w.points));
    }
    if (rest > 0) await this.block(Math.ceil((rest * 60_000) / limit));
  }

  /** Gives back a take (the other budget refused the call). */
  private async giveBack(name: Budget, limit: number, taken: Take) {
    if (taken.full !== null) await this.store.bucket.giveBack(this.bucketKey(name), this.cost(limit, 1)).catch(() => {});
    else
      await this.windows(name, limit)
        .steady.reward(this.key, 1)
        .catch(() => {});
  }

  private async slot(signal?: AbortSignal) {
    while (this.learned.inFlight >= this.callsAtOnce) {
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          this.learned.waiters = this.learned.waiters.filter((w) => w !== wake);
          reject(signal?.reason);
        };
        this.learned.waiters.push(wake);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    }
    this.learned.inFlight++;
  }

  private freeSlot() {
    this.learned.inFlight--;
    const waiters = this.learned.waiters.splice(0);
    waiters.forEach((w) => w());
  }

  /**
   * Waits for a call's turn: a slot among the calls at once, then its request and tokens from the
   * minute budgets. A wait up to `maxWaitMs` happens here; a longer one throws ProviderWait with
   * the time it ends, so the item goes back to the queue until then instead of holding a worker.
   */
  async acquire(tokens: number, maxWaitMs: number, signal?: AbortSignal): Promise<Permit> {
    await this.adoptShared();
    for (;;) {
      await this.slot(signal);
      let waitMs = 0;
      // Why the call waits, if it must: the service told every caller to wait, or a budget of a minute ran out.
      let why = message('providerCall.throttledByService', { service: this.service });
      const fulls: Record<Budget, number | null> = { rpm: null, tpm: null };
      try {
        waitMs = await this.blockedMs();
        const { rpm, tpm } = this.effective;
        const bursts = (this.learned.tells.rpm || this.learned.tells.tpm) && (await this.takesBursts());
        if (!waitMs && rpm) {
          const requests = await this.take('rpm', rpm, 1, bursts && this.learned.tells.rpm);
          waitMs = requests.waitMs;
          fulls.rpm = requests.full;
          why = message('providerCall.throttledRequests', { service: this.service, limit: rpm });
          if (!waitMs && tpm) {
            const taken = await this.take('tpm', tpm, tokens, bursts && this.learned.tells.tpm);
            waitMs = taken.waitMs;
            fulls.tpm = taken.full;
            why = message('providerCall.throttledTokens', { service: this.service, limit: tpm });
            if (waitMs) await this.giveBack('rpm', rpm, requests);
          }
        } else if (!waitMs && tpm) {
          const taken = await this.take('tpm', tpm, tokens, bursts && this.learned.tells.tpm);
          waitMs = taken.waitMs;
          fulls.tpm = taken.full;
          why = message('providerCall.throttledTokens', { service: this.service, limit: tpm });
        }
      } catch (error) {
        this.freeSlot();
        throw error;
      }
      if (!waitMs) return this.permit(tokens, fulls);
      this.freeSlot();
      if (waitMs > maxWaitMs) throw new ProviderWait(why, Date.now() + waitMs);
      await sleep(waitMs, signal);
    }
  }

  private permit(tokens: number, fulls: Record<Budget, number | null>): Permit {
    const started = Date.now();
    const { rpm, tpm } = this.effective;
    if (!rpm || !tpm) {
      const unmetered = this.learned.unmetered;
      while (unmetered.length && unmetered[0].at <= started - 60_000) unmetered.shift();
      unmetered.push({ at: started, tokens });
    }
    let released = false;
    return {
      release: (outcome) => {
        if (released) return;
        released = true;
        this.freeSlot();
        this.learn(outcome, Date.now() - started, tokens, started, fulls);
      },
    };
  }

  /**
   * A limit just learned: the calls this process made in the last minute while it was unknown are
   * charged to its budget (every process charges its own, so the shared budget counts them all).
   */
  private chargeUnmetered(before: Limits) {
    const now = this.effective;
    const l = this.learned;
    const recent = l.unmetered.filter((c) => c.at > Date.now() - 60_000);
    if (now.rpm && !before.rpm) void this.charge('rpm', now.rpm, recent.length).catch(() => {});
    if (now.tpm && !before.tpm)
      void this.charge(
        'tpm',
        now.tpm,
        recent.reduce((sum, c) => sum + c.tokens, 0),
      ).catch(() => {});
    l.unmetered = now.rpm && now.tpm ? [] : recent;
  }

  /**
   * What the provider told is left of each budget right after it counted this call (at `started`):
   * the mirrored bucket is whole no sooner than that says. Every call the provider had counted by
   * then was taken from the bucket first, so only a provider that holds less than counted (its key
   * used elsewhere too, a store that forgot) moves it; the remaining, a whole number, may be a
   * call's share short of what it holds, so that much is let pass.
   */
  private mirror(h: Headers, started: number) {
    for (const [name, kind] of [
      ['rpm', 'requests'],
      ['tpm', 'tokens'],
    ] as const) {
      const limit = this.effective[name];
      const told = h.get(`x-ratelimit-remaining-${kind}`);
      const remaining = told === null || told.trim() === '' ? NaN : Number(told);
      if (!limit || !Number.isFinite(remaining) || remaining < 0) continue;
      this.learned.tells[name] = true;
      const full = started + this.cost(limit, limit - Math.min(limit, remaining)) - this.cost(limit, 1);
      void this.store.bucket.atLeast(this.bucketKey(name), full).catch(() => {});
    }
  }

  /**
   * The provider refused a call its bucket had room for: every process calls it at an even pace for
   * a while, the steady windows alone (what is left of the burst window is spent).
   */
  private refusedBurst() {
    this.learned.even.until = Date.now() + EVEN_PACE_SECONDS * 1000;
    void this.evenPace()
      .block(this.key, EVEN_PACE_SECONDS)
      .catch(() => {});
    for (const name of ['rpm', 'tpm'] as const) {
      const limit = this.effective[name];
      const burst = limit && this.windows(name, limit).burst;
      if (burst) void burst.penalty(this.key, burst.points).catch(() => {});
    }
  }

  private learn(outcome: Outcome, latencyMs: number, tokens: number, started: number, fulls: Record<Budget, number | null>) {
    const l = this.learned;
    const h = outcome.headers;
    if (h) {
      const known = this.effective;
      l.rpm = positive(h.get('x-ratelimit-limit-requests')) ?? l.rpm;
      l.tpm = positive(h.get('x-ratelimit-limit-tokens')) ?? l.tpm;
      this.chargeUnmetered(known);
      this.shareLearned();
      this.mirror(h, started);
      // Used up: nobody calls before enough of it is back. The reset is when the whole budget is
      // back (OpenAI's meaning); it refills continuously, so a known limit's share of it will do:
      // one request's, or this call's tokens'. (A call taken from the mirrored bucket needs no
      // more: the bucket refills at the limit's rate as the provider's does.)
      const untilBack = (kind: 'requests' | 'tokens', limit: number | null, need: number) => {
        if (fulls[kind === 'requests' ? 'rpm' : 'tpm'] !== null) return null;
        if (h.get(`x-ratelimit-remaining-${kind}`) !== '0') return null;
        const reset = durationMs(h.get(`x-ratelimit-reset-${kind}`));
        return reset !== null && limit ? Math.ceil((reset * Math.min(need, limit)) / limit) : reset;
      };
      const resets = [untilBack('requests', this.effective.rpm, 1), untilBack('tokens', this.effective.tpm, tokens)].filter(
        (n): n is number => n !== null,
      );
      if (resets.length) void this.block(Math.max(...resets)).catch(() => {});
    }
    if (outcome.status === 429) {
      if (fulls.rpm !== null || fulls.tpm !== null) this.refusedBurst();
      l.window = Math.max(1, l.window / 2);
      if (outcome.waitMs) void this.block(outcome.waitMs).catch(() => {});
    } else if (typeof outcome.status === 'number' && outcome.status < 400) {
      l.window = Math.min(1000, l.window + 1 / l.window);
      l.latencyMs = l.latencyMs ? l.latencyMs * 0.8 + latencyMs * 0.2 : latencyMs;
    }
  }
}

/** The throttles of one process and database: one learned state per provider. */
export class Throttles {
  private readonly learned = new Map<string, Learned>();
  constructor(readonly store: ThrottleStore) {}

  for(kind: 'chat' | 'image', baseUrl: string, apiKey: string, limits: Limits): ProviderThrottle {
    const key = `${kind}:${crypto.createHash('sha256').update(`${baseUrl}\n${apiKey}`).digest('hex').slice(0, 32)}`;
    let learned = this.learned.get(key);
    if (!learned)
      this.learned.set(
        key,
        (learned = {
          rpm: null,
          tpm: null,
          window: 8,
          inFlight: 0,
          waiters: [],
          latencyMs: 0,
          unmetered: [],
          shared: { rpm: null, tpm: null, readAt: 0, writtenAt: 0 },
          adopting: null,
          tells: { rpm: false, tpm: false },
          even: { until: 0, readAt: 0 },
        }),
      );
    const service = message(kind === 'chat' ? 'modelAnswer.chatService' : 'modelAnswer.imageService', { host: new URL(baseUrl).host });
    return new ProviderThrottle(this.store, key, service, limits, learned);
  }

  close() {
    return this.store.close();
  }
}

const registry = new WeakMap<object, Throttles>();

/** The throttles of the database `owner` (ctx.db): made at start (startGeneration), memory until then. */
export function throttlesOf(owner: object): Throttles {
  let throttles = registry.get(owner);
  if (!throttles) registry.set(owner, (throttles = new Throttles(memoryStore())));
  return throttles;
}

export function setThrottles(owner: object, throttles: Throttles) {
  registry.set(owner, throttles);
}
