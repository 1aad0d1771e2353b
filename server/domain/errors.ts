import { ResultCode } from '../../contract/codes';

/**
 * A refusal the client should see as `{ code, msg, data: null }`.
 * `status` is the HTTP status: transport meaning only (DESIGN.md §3); business refusals are 200.
 */
export class DomainError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number = 200,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError(ResultCode.INVALID_INPUT, message, 400);
export const unauthorized = (message = 'Not logged in') => new DomainError(ResultCode.UNAUTHORIZED, message, 401);
export const sessionExpired = () => new DomainError(ResultCode.SESSION_EXPIRED, 'Your session has expired, please log in again', 401);
export const forbidden = (message = 'Not allowed') => new DomainError(ResultCode.FORBIDDEN, message, 403);
export const notFound = (message = 'Not found') => new DomainError(ResultCode.NOT_FOUND, message, 404);
export const tooLarge = (message = 'The request is too large') => new DomainError(ResultCode.TOO_LARGE, message, 413);
export const tooMany = (message = 'Too many requests, try again later') => new DomainError(ResultCode.RATE_LIMITED, message, 429);
/** A business refusal with its own code, sent as HTTP 200. */
export const refused = (code: number, message: string) => new DomainError(code, message, 200);
