/**
 * A provider's minute budget as the provider keeps it: a bucket that holds a minute's worth and
 * refills continuously. Kept as the time it will be whole again (`full`, epoch ms; the generic
 * cell rate algorithm), so one number per budget, changed in one atomic step, is the whole state:
 * every process on a PostgreSQL database shares it (server/db/tokenBuckets.ts), one process on the
 * embedded database keeps it in memory. Amounts are in ms of refill (a call's share of the minute).
 */
export interface TokenBucket {
  /**
   * Takes `cost` if the bucket is then no further than `depth` from whole: the wait until it could
   * (0: taken), and when it is whole after the take.
   */
  take(key: string, cost: number, depth: number, now: number): Promise<{ waitMs: number; full: number }>;
  /** Takes `cost` whatever is left (calls already made). */
  charge(key: string, cost: number, now: number): Promise<void>;
  /** The provider holds less than counted: the bucket is whole no sooner than `full`. */
  atLeast(key: string, full: number): Promise<void>;
  /** Gives back a take that was not used. */
  giveBack(key: string, cost: number): Promise<void>;
}

export function memoryBucket(): TokenBucket {
  const full = new Map<string, number>();
  return {
    async take(key, cost, depth, now) {
      const next = Math.max(full.get(key) ?? 0, now) + cost;
      if (next - now > depth) return { waitMs: next - now - depth, full: full.get(key) ?? 0 };
      full.set(key, next);
      return { waitMs: 0, full: next };
    },
    async charge(key, cost, now) {
      full.set(key, Math.max(full.get(key) ?? 0, now) + cost);
    },
    async atLeast(key, until) {
      full.set(key, Math.max(full.get(key) ?? 0, until));
    },
    async giveBack(key, cost) {
      const current = full.get(key);
      if (current !== undefined) full.set(key, current - cost);
    },
  };
}
