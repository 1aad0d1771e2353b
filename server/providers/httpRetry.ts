import type { Reason } from '../i18n/storedText';
import { WordedError } from '../i18n/wordedError';
import { message, type Message } from '../i18n/messages';
import { refusalIn } from './net/refusedTarget';

/**
 * Calls to the model services: each attempt with its own timeout, retried on 429 and 5xx (and on a
 * dropped connection) with backoff, honouring Retry-After up to a bound.
 */
export interface RetryPolicy {
  timeoutMs: number;
  maxRetries: number;
  maxRetryWaitMs: number;
}

/** A provider failure with the reason a person can read on the failed item. */
export class ProviderError extends WordedError {
  constructor(
    reason: Reason,
    readonly retryable = false,
  ) {
    super(reason);
    this.name = 'ProviderError';
  }
}

/**
 * The provider asked to slow down (429), is overloaded or down (5xx, no answer): nothing is wrong
 * with the request, so the item waits until `until` (epoch ms) in the queue and runs again.
 */
export class ProviderWait extends ProviderError {
  constructor(
    reason: Reason,
    readonly until: number,
    /** The provider (or the throttle's budget) told when; false: a guess, the item backs off. */
    readonly told = true,
  ) {
    super(reason, true);
    this.name = 'ProviderWait';
  }
}

/** Statuses that waiting mends: rate limits, overload, a provider down or restarting. */
const waitable = (status: number) => status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;

/** Seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface AttemptContext {
  /** Aborts at the attempt's timeout or when the caller gives up. */
  signal: AbortSignal;
}

/** What the provider's answer said about its limits (for the throttle to learn from). */
export interface Outcome {
  status: number | 'error';
  headers?: Headers;
  /** A 429 or 5xx: the wait it asked for (Retry-After), or the throttle's own backoff. */
  waitMs?: number | null;
}

/** A call's turn, given back with what the provider said. */
export interface Permit {
  release(outcome: Outcome): void;
}

/** A throttle (providers/throttle.ts): waits for a call's turn, or throws ProviderWait when that is long. */
export interface CallThrottle {
  acquire(tokens: number, maxWaitMs: number, signal?: AbortSignal): Promise<Permit>;
}

/** The throttle a call goes through, with its estimated tokens (prompt + max_tokens). */
export interface Throttled {
  throttle: CallThrottle;
  tokens: number;
}

/**
 * Runs `attempt` until it returns, retrying what is retryable. `attempt` returns the Response for
 * the status check, then `read` turns a good one into the result (inside the same timeout). With a
 * throttle, each attempt waits for its turn first and tells the throttle what the provider said.
 * What waiting would mend but takes longer than `maxRetryWaitMs`, or outlasts the retries, throws
 * ProviderWait; a refusal (401, 403, 400, a refused model, a content policy) throws ProviderError.
 */
export async function withRetries<T>(
  service: Message,
  policy: RetryPolicy,
  outer: AbortSignal | undefined,
  attempt: (ctx: AttemptContext) => Promise<Response>,
  read: (res: Response, ctx: AttemptContext) => Promise<T>,
  throttled?: Throttled,
): Promise<T> {
  for (let n = 0; ; n++) {
    let permit: Permit | null = null;
    if (throttled) permit = await throttled.throttle.acquire(throttled.tokens, policy.maxRetryWaitMs, outer);
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
    let waitMs: number | null = null;
    let reason: Reason;
    try {
      const res = await attempt({ signal });
      if (res.ok) {
        const value = await read(res, { signal });
        permit?.release({ status: res.status, headers: res.headers });
        return value;
      }
      const text = await res.text().catch(() => '');
      reason = message('providerCall.answered', { service, status: res.status, detail: errorText(text) });
      if (!waitable(res.status)) {
        permit?.release({ status: res.status, headers: res.headers });
        throw new ProviderError(reason);
      }
      waitMs = retryAfterMs(res.headers.get('retry-after')) ?? resetMs(res.headers);
      permit?.release({ status: res.status, headers: res.headers, waitMs: waitMs ?? backoffMs(n) });
      if (waitMs !== null && waitMs > policy.maxRetryWaitMs) {
        throw new ProviderWait(
          message('providerCall.waitTooLong', {
            reason,
            wait: Math.ceil(waitMs / 1000),
            allowed: Math.round(policy.maxRetryWaitMs / 1000),
          }),
          Date.now() + waitMs,
        );
      }
    } catch (error) {
      permit?.release({ status: 'error' });
      if (outer?.aborted) throw outer.reason ?? error;
      if (error instanceof ProviderError && !error.retryable) throw error;
      if (error instanceof ProviderWait) throw error;
      // A private address stays private: no retry.
      const refused = refusalIn(error);
      if (refused) throw new ProviderError(message('providerCall.notCalled', { service, detail: refused.reason }));
      if (timeout.aborted) reason = message('providerCall.noCompleteAnswer', { service, seconds: Math.round(policy.timeoutMs / 100) / 10 });
      else if (error instanceof ProviderError) reason = error.reason;
      else reason = message('providerCall.unreachable', { service, detail: causeOf(error) });
    }
    const wait = waitMs ?? Math.min(policy.maxRetryWaitMs, backoffMs(n));
    if (n >= policy.maxRetries)
      throw new ProviderWait(
        n > 0 ? message('providerCall.afterAttempts', { reason, attempts: n + 1 }) : reason,
        Date.now() + (waitMs ?? backoffMs(n + 2)),
        waitMs !== null,
      );
    await sleep(wait, outer);
  }
}

const backoffMs = (n: number) => 250 * 2 ** n;

/** "1s", "6m0s", "20ms", "1h2m3.5s", or plain seconds → milliseconds; null when unreadable. */
export function durationMs(text: string | null): number | null {
  if (!text) return null;
  const value = text.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  let total = 0;
  let consumed = 0;
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) {
    total += Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
    consumed += m[0].length;
  }
  return consumed === value.length && consumed > 0 ? total : null;
}

/** x-ratelimit-reset-requests / -tokens: the longer one, when the answer gave them. */
function resetMs(headers: Headers): number | null {
  const waits = [durationMs(headers.get('x-ratelimit-reset-requests')), durationMs(headers.get('x-ratelimit-reset-tokens'))].filter(
    (n): n is number => n !== null,
  );
  return waits.length ? Math.max(...waits) : null;
}

function causeOf(error: unknown): string {
  const e = error as Error & { cause?: { code?: string; message?: string } };
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(error);
}

/** The message of an OpenAI-style error body, or the start of the text. */
function errorText(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    if (message) return message.slice(0, 300);
  } catch {
    // not JSON
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 200) || '(empty answer)';
}
