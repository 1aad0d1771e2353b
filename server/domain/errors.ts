import { ResultCode } from '../../contract/codes';
import { render, type Message, type MessageKey, type MessageParams } from '../i18n/messages';

/**
 * A refusal the client should see as `{ code, msg, data: null }`.
 * `status` is the HTTP status: transport meaning only (DESIGN.md §3); business refusals are 200.
 * It carries its message as a catalog key with values: the answer words it in the caller's
 * language (server/i18n); `message` is the English, for logs.
 */
export class DomainError extends Error {
  readonly text: Message;
  constructor(
    readonly code: number,
    key: MessageKey,
    params: MessageParams = {},
    readonly status: number = 200,
  ) {
    super(render('en', { key, params }));
    this.text = { key, params };
    this.name = 'DomainError';
  }
}

export const invalid = (key: MessageKey, params?: MessageParams) => new DomainError(ResultCode.INVALID_INPUT, key, params, 400);
export const unauthorized = (key: MessageKey = 'http.notLoggedIn', params?: MessageParams) =>
  new DomainError(ResultCode.UNAUTHORIZED, key, params, 401);
/** A sign-in elsewhere ended this session (one session per user). */
export const repeatLogin = () => new DomainError(ResultCode.REPEAT_LOGIN, 'auth.repeatLogin', {}, 401);
export const sessionExpired = () => new DomainError(ResultCode.SESSION_EXPIRED, 'http.sessionExpired', {}, 401);
export const forbidden = (key: MessageKey = 'http.forbidden', params?: MessageParams) =>
  new DomainError(ResultCode.FORBIDDEN, key, params, 403);
export const notFound = (key: MessageKey = 'http.notFound', params?: MessageParams) =>
  new DomainError(ResultCode.NOT_FOUND, key, params, 404);
export const tooLarge = (key: MessageKey = 'http.tooLarge', params?: MessageParams) =>
  new DomainError(ResultCode.TOO_LARGE, key, params, 413);
export const tooMany = (key: MessageKey = 'http.tooMany', params?: MessageParams) =>
  new DomainError(ResultCode.RATE_LIMITED, key, params, 429);
/** A business refusal with its own code, sent as HTTP 200. */
export const refused = (code: number, key: MessageKey, params?: MessageParams) => new DomainError(code, key, params, 200);
