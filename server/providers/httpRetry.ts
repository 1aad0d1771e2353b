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
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const sleep = (ms: number, signal?: AbortSignal) =>
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

/**
 * Runs `attempt` until it returns, retrying what is retryable. `attempt` returns the Response for
 * the status check, then `read` turns a good one into the result (inside the same timeout).
 */
export async function withRetries<T>(
  service: string,
  policy: RetryPolicy,
  outer: AbortSignal | undefined,
  attempt: (ctx: AttemptContext) => Promise<Response>,
  read: (res: Response, ctx: AttemptContext) => Promise<T>,
): Promise<T> {
  for (let n = 0; ; n++) {
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
    let waitMs: number | null = null;
    let reason: string;
    try {
      const res = await attempt({ signal });
      if (res.ok) return await read(res, { signal });
      const text = await res.text().catch(() => '');
      reason = `${service} answered ${res.status}: ${errorText(text)}`;
      if (res.status !== 429 && res.status < 500) throw new ProviderError(reason);
      waitMs = retryAfterMs(res.headers.get('retry-after'));
      if (waitMs !== null && waitMs > policy.maxRetryWaitMs) {
        throw new ProviderError(`${reason} (it asks to wait ${Math.ceil(waitMs / 1000)} s, longer than the ${Math.round(policy.maxRetryWaitMs / 1000)} s allowed)`);
      }
    } catch (error) {
      if (outer?.aborted) throw outer.reason ?? error;
      if (error instanceof ProviderError && !error.retryable) throw error;
      // A private address stays private: no retry.
      const refused = refusalIn(error);
      if (refused) throw new ProviderError(`${service} was not called: ${refused.message}`);
      if (timeout.aborted) reason = `${service} gave no complete answer within ${Math.round(policy.timeoutMs / 100) / 10} s`;
      else if (error instanceof ProviderError) reason = error.message;
      else reason = `${service} could not be reached: ${causeOf(error)}`;
    }
    if (n >= policy.maxRetries) throw new ProviderError(n > 0 ? `${reason} (after ${n + 1} attempts)` : reason);
    await sleep(waitMs ?? Math.min(policy.maxRetryWaitMs, 250 * 2 ** n), outer);
  }
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
