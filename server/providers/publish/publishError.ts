import { answerMessage, RemoteError, type RemoteAnswer } from './remoteCall';

/**
 * Why a publishing call failed, and whether trying again may help: timeouts, unreachable sites,
 * 429 (with its Retry-After) and 5xx are transient; a 4xx (wrong password, a refused field) or an
 * answer that is not the API's JSON is not, and fails the item with the site's own message.
 */
export class PublishError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    /** How long the site asked us to wait (Retry-After), if it did. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'PublishError';
  }
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The transient or permanent error for a non-2xx answer of `who` (WordPress, the webhook). */
export function answerError(who: string, answer: RemoteAnswer, what: string): PublishError {
  const message = answerMessage(answer);
  if (answer.status === 429) {
    return new PublishError(`${who} is rate limiting (429) ${what}: ${message}`, true, retryAfterMs(answer.headers?.get('retry-after')));
  }
  if (answer.status >= 500)
    return new PublishError(`${who} answered ${answer.status} ${what}: ${message}`, true, retryAfterMs(answer.headers?.get('retry-after')));
  if (answer.status === 401 || answer.status === 403)
    return new PublishError(`${who} refused the credentials (${answer.status}) ${what}: ${message}`, false);
  return new PublishError(`${who} answered ${answer.status} ${what}: ${message}`, false);
}

/** Network faults and timeouts (RemoteError) are worth another try. */
export function asPublishError(error: unknown): PublishError | null {
  if (error instanceof PublishError) return error;
  if (error instanceof RemoteError) return new PublishError(error.message, true);
  return null;
}
