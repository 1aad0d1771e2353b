import type { accessKeyLog } from './schema';

export type KeyLogValues = Omit<typeof accessKeyLog.$inferInsert, 'id'>;

/** A key's latest use in a batch, kept in access_key_usage. */
export interface KeyUse {
  keyId: number;
  at: Date;
  ip: string | null;
}

/**
 * Calls made with keys waiting to be written: one array a column rather than an object a call.
 * A batch lives up to a second, long enough for the garbage collector to move what it holds out
 * of its young generation; arrays of small integers are one block each, where objects and dates
 * a call would be thousands of survivors to copy and later sweep (the 10 % budget).
 */
export class KeyLogBatch {
  readonly accountIds: number[] = [];
  readonly keyIds: number[] = [];
  readonly methods: string[] = [];
  readonly paths: string[] = [];
  readonly statuses: number[] = [];
  readonly ips: (string | null)[] = [];
  readonly durations: number[] = [];
  readonly points: number[] = [];
  /** Milliseconds since the epoch. */
  readonly times: number[] = [];

  get size() {
    return this.times.length;
  }

  add(v: KeyLogValues) {
    this.accountIds.push(v.accountId);
    this.keyIds.push(v.keyId);
    this.methods.push(v.method);
    this.paths.push(v.path);
    this.statuses.push(v.status);
    this.ips.push(v.ip ?? null);
    this.durations.push(v.durationMs);
    this.points.push(v.points ?? 0);
    this.times.push((v.createdAt ?? new Date()).getTime());
  }

  /** Each key's latest use (the last of its calls in the batch). */
  latestUses(): KeyUse[] {
    const seen = new Map<number, KeyUse>();
    for (let i = this.size - 1; i >= 0; i--) {
      const keyId = this.keyIds[i];
      if (!seen.has(keyId)) seen.set(keyId, { keyId, at: new Date(this.times[i]), ip: this.ips[i] });
    }
    return [...seen.values()];
  }
}
