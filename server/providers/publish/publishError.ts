import { message, type Message } from '../../i18n/messages';
import type { Reason } from '../../i18n/storedText';
import { WordedError } from '../../i18n/wordedError';
import { answerMessage, RemoteError, type RemoteAnswer } from './remoteCall';

/**
 * Why a publishing call failed, and whether trying again may help: timeouts, unreachable sites,
 * 429 (with its Retry-After) and 5xx are transient; a 4xx (wrong password, a refused field) or an
 * answer that is not the API's JSON is not, and fails the item with the site's own message.
 */
export class PublishError extends WordedError {
  constructor(
    reason: Reason,
    readonly transient: boolean,
    /** How long the site asked us to wait (Retry-After), if it did. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(reason);
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

/** The transient or permanent error for a non-2xx answer of `site` (WordPress, the webhook) while `doing` something. */
export function answerError(site: 'wordpress' | 'webhook', answer: RemoteAnswer, doing: Message): PublishError {
  const params = { site: message(`remoteSite.${site}`), status: answer.status, doing, detail: answerMessage(answer) };
  const retryAfter = retryAfterMs(answer.headers?.get('retry-after'));
  if (answer.status === 429) return new PublishError(message('failure.siteRateLimiting', params), true, retryAfter);
  if (answer.status >= 500) return new PublishError(message('failure.siteAnswered', params), true, retryAfter);
  if (answer.status === 401 || answer.status === 403) return new PublishError(message('failure.siteRefusedCredentials', params), false);
  return new PublishError(message('failure.siteAnswered', params), false);
}

/** Network faults and timeouts (RemoteError) are worth another try. */
export function asPublishError(error: unknown): PublishError | null {
  if (error instanceof PublishError) return error;
  if (error instanceof RemoteError) return new PublishError(error.reason, true);
  return null;
}
