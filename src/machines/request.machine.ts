import { and, assign, not, setup } from 'xstate';
import type { ErrorMessageMode } from '../config/projectConfig';
import { businessFailure, isEnvelope, isSuccessEnvelope, unwrapData } from '../shared/envelope';
import { errorOf, toFailure, type Failure } from '../shared/failure';
import type { Notice } from '../shared/notice';
import { notProvided } from './notProvided';
import {
  POINTS_NOTICE,
  endsSession,
  failureNotice,
  isSuppressed,
  isTransient,
  lacksPoints,
  redirectsToLogin,
  replacesSession,
} from './request.failure';

/**
 * One HTTP request's life (spec §7, §8, §9): sending, GETs retried, sent again when the session it
 * went out under was renewed meanwhile, cancelled or superseded by a duplicate, succeeded with the
 * envelope's data, or failed with the spec's error mapping.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RetryPolicy {
  attempts: number;
  delayMs: number;
}

export interface RequestOptions {
  /** GET requests only; null: no retry. */
  retry: RetryPolicy | null;
  errorMessageMode: ErrorMessageMode;
  /** The response is no envelope (a download): it is the result as it is. */
  raw: boolean;
}

export interface RequestInput {
  method: HttpMethod;
  url: string;
  /** What the `send` actor sends; the machine never looks inside. */
  request: unknown;
  options: RequestOptions;
}

/** What the `send` actor resolves with: any 2xx response. */
export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface SendInput {
  request: unknown;
  attempt: number;
}

export type RequestEvent = { type: 'REQUEST.CANCEL' } | { type: 'REQUEST.SUPERSEDED' };

export interface RequestContext extends RequestInput {
  attempt: number;
  result: unknown;
  failure: Failure | null;
}

/** The failure of a request that was cancelled or superseded. */
const cancelled = (msg: string): Failure => ({ kind: 'cancelled', code: -1, msg });
/** The session told its call ended it, and whether a sign-in elsewhere did (repeat-login). */
const expireSession = {
  type: 'expireSession',
  params: ({ context }: { context: { failure: Failure | null } }) => context.failure !== null && replacesSession(context.failure),
} as const;

export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    input: {} as RequestInput,
  },
  actors: {
    /** Sends one attempt; rejects with a Failure when no 2xx response came. Aborts when stopped. */
    send: notProvided<HttpResponse, SendInput>('send'),
  },
  actions: {
    keepResult: assign(({ context }, response: HttpResponse) => ({
      result: context.options.raw ? response : isSuccessEnvelope(response.body) ? unwrapData(response.body) : undefined,
    })),
    keepRefusal: assign((_, response: HttpResponse) => ({ failure: businessFailure(response.body) })),
    keepFailure: assign((_, error: unknown) => ({ failure: toFailure(error) })),
    countAttempt: assign(({ context }) => ({ attempt: context.attempt + 1 })),
    markCancelled: assign({ failure: cancelled('cancelled') }),
    markSuperseded: assign({ failure: cancelled('superseded') }),
    /** Shows a toast or dialog (injected). */
    notify: (_, _notice: Notice) => {},
    /** Tells the session it expired, or that a sign-in elsewhere ended it (injected). */
    expireSession: (_, _replaced: boolean) => {},
    /** Goes to the login page (injected). */
    redirectToLogin: () => {},
    /** Adds a failed call to the error log (injected). */
    logAjaxError: (_, _entry: { url: string; method: HttpMethod; failure: Failure }) => {},
  },
  guards: {
    /** A success envelope; a raw response (a download) unless it turned out to be a refusal envelope. */
    isAccepted: ({ context }, response: HttpResponse) =>
      isSuccessEnvelope(response.body) || (context.options.raw && !isEnvelope(response.body)),
    wasCancelled: (_, error: unknown) => toFailure(error).kind === 'cancelled',
    canRetry: ({ context }, error: unknown) =>
      context.method === 'GET' &&
      context.options.retry !== null &&
      context.attempt < context.options.retry.attempts &&
      isTransient(toFailure(error)),
    endsSession: ({ context }) => context.failure !== null && endsSession(context.failure),
    replacesSession: ({ context }) => context.failure !== null && replacesSession(context.failure),
    redirectsToLogin: ({ context }) => context.failure !== null && redirectsToLogin(context.failure),
    lacksPoints: ({ context }) => context.failure !== null && lacksPoints(context.failure),
    isSuppressed: ({ context }) => context.failure !== null && isSuppressed(context.failure),
    /** No answer for want of a network: the console's one offline banner says so, not a message per call. */
    isUnreachable: ({ context }) => context.failure?.kind === 'network',
    isMuted: ({ context }) => context.options.errorMessageMode === 'none',
    /** The session was renewed (a re-login) while this attempt was out under the old one (injected). */
    sessionRenewed: () => false,
  },
  delays: {
    retryDelay: ({ context }) => context.options.retry?.delayMs ?? 0,
  },
}).createMachine({
  id: 'request',
  context: ({ input }) => ({ ...input, attempt: 1, result: undefined, failure: null }),
  initial: 'sending',
  on: {
    'REQUEST.CANCEL': { target: '.cancelled', actions: 'markCancelled' },
    'REQUEST.SUPERSEDED': { target: '.superseded', actions: 'markSuperseded' },
  },
  states: {
    sending: {
      invoke: {
        src: 'send',
        input: ({ context }) => ({ request: context.request, attempt: context.attempt }),
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => event.output },
            target: 'succeeded',
            actions: { type: 'keepResult', params: ({ event }) => event.output },
          },
          { target: 'failing', actions: { type: 'keepRefusal', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: { type: 'wasCancelled', params: errorOf }, target: 'cancelled', actions: 'markCancelled' },
          { guard: { type: 'canRetry', params: errorOf }, target: 'waitingToRetry' },
          {
            target: 'failing',
            actions: [
              { type: 'keepFailure', params: errorOf },
              {
                type: 'logAjaxError',
                params: ({ context }) => ({ url: context.url, method: context.method, failure: context.failure as Failure }),
              },
            ],
          },
        ],
      },
    },
    waitingToRetry: {
      after: {
        retryDelay: { target: 'sending', actions: 'countAttempt' },
      },
    },
    failing: {
      always: [
        // Refused for a session the user has since renewed: sent again under the new one, not a new expiry.
        { guard: and(['endsSession', 'sessionRenewed']), target: 'sending', actions: 'countAttempt' },
        // A muted call is the view's to explain, but not a sign-in elsewhere: that view is closing with the session.
        { guard: and(['endsSession', 'isMuted', not('replacesSession')]), target: 'failed', actions: expireSession },
        {
          guard: 'endsSession',
          target: 'failed',
          actions: [
            { type: 'notify', params: ({ context }) => failureNotice(context.failure as Failure, messageMode(context)) },
            expireSession,
          ],
        },
        { guard: 'redirectsToLogin', target: 'failed', actions: 'redirectToLogin' },
        { guard: 'lacksPoints', target: 'failed', actions: { type: 'notify', params: POINTS_NOTICE } },
        { guard: 'isSuppressed', target: 'failed' },
        { guard: 'isUnreachable', target: 'failed' },
        { guard: 'isMuted', target: 'failed' },
        {
          target: 'failed',
          actions: { type: 'notify', params: ({ context }) => failureNotice(context.failure as Failure, messageMode(context)) },
        },
      ],
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
    superseded: { type: 'final' },
  },
});

function messageMode(context: RequestContext): 'message' | 'modal' {
  return context.options.errorMessageMode === 'modal' ? 'modal' : 'message';
}
