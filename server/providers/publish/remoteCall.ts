import { message } from '../../i18n/messages';
import { WordedError } from '../../i18n/wordedError';
import type { FetchLike } from '../net/fetchLike';
import { refusalIn } from '../net/refusedTarget';

/** One HTTP call to a customer's site, with a timeout and a failure reason a person can act on. */
export interface RemoteAnswer {
  status: number;
  text: string;
  json: unknown;
  /** The answer's headers (Retry-After, content type). */
  headers?: Headers;
}

/** A site could not be called or answered badly: its reason is shown in the reader's language. */
export class RemoteError extends WordedError {}

/** How to call a customer's site: how long to wait, and the fetch (guarded against private networks unless allowed). */
export interface RemoteTarget {
  timeoutMs: number;
  fetch: FetchLike;
  /** Ends the call early (a worker stopping); it then fails like a timeout. */
  signal?: AbortSignal;
}

export async function remoteCall(url: string, init: RequestInit, { timeoutMs, fetch, signal }: RemoteTarget): Promise<RemoteAnswer> {
  let res: Response;
  try {
    const timeout = AbortSignal.timeout(timeoutMs);
    res = await fetch(url, { ...init, redirect: 'follow', signal: signal ? AbortSignal.any([timeout, signal]) : timeout });
  } catch (error) {
    const refused = refusalIn(error);
    if (refused) {
      throw new RemoteError(refused.reasonFrom(new URL(url).hostname.replace(/^\[|\]$/g, '')));
    }
    const e = error as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') {
      throw new RemoteError(message('failure.noAnswer', { host: new URL(url).host, seconds: Math.round(timeoutMs / 100) / 10 }));
    }
    const cause = e.cause?.code ?? e.cause?.message ?? e.message;
    throw new RemoteError(message('failure.couldNotReach', { host: new URL(url).host, detail: String(cause) }));
  }
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    throw new RemoteError(message('failure.answerBrokeOff', { host: new URL(url).host, detail: (error as Error).message }));
  }
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, text, json, headers: res.headers };
}

/** The human part of an error answer: WordPress sends `{ code, message }`. */
export function answerMessage(answer: RemoteAnswer): string {
  const body = answer.json as { message?: unknown; code?: unknown } | null;
  if (body && typeof body.message === 'string') return body.message.replace(/<[^>]+>/g, '').slice(0, 200);
  return (
    answer.text
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || '(empty answer)'
  );
}
