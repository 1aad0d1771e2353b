import { ResultCode, SUPPRESSED_CODES } from '../../contract/codes';
import type { ErrorMessageMode } from '../config/projectConfig';
import type { Failure } from '../shared/failure';
import type { Notice } from '../shared/notice';

/** The error mapping of spec §8, as plain functions of a Failure (the request machine's guards). */

const SESSION_ENDING_CODES: readonly number[] = [
  ResultCode.REPEAT_LOGIN,
  ResultCode.UNAUTHORIZED,
  ResultCode.SESSION_EXPIRED,
  ResultCode.TIMEOUT,
];
/** HTTP statuses that show their own localized text (spec §8). */
const STATUS_TEXTS: readonly number[] = [403, 404, 405, 408, 500, 501, 502, 503, 504, 505];

/** HTTP 401, or the repeat-login / unauthorized / token-expired / timeout codes. */
export function endsSession(failure: Failure): boolean {
  return failure.status === 401 || SESSION_ENDING_CODES.includes(failure.code);
}

/** A sign-in elsewhere ended the session (repeat-login): signed out rather than offered the overlay. */
export function replacesSession(failure: Failure): boolean {
  return failure.code === ResultCode.REPEAT_LOGIN;
}

export function redirectsToLogin(failure: Failure): boolean {
  return failure.code === ResultCode.REDIRECT_LOGIN;
}

export function lacksPoints(failure: Failure): boolean {
  return failure.code === ResultCode.NOT_ENOUGH_POINTS;
}

/** Codes whose message the view handles itself (spec §8). */
export function isSuppressed(failure: Failure): boolean {
  return SUPPRESSED_CODES.includes(failure.code);
}

/** A failed attempt worth repeating: no response, or a server-side or throttling status. */
export function isTransient(failure: Failure): boolean {
  if (failure.kind === 'timeout' || failure.kind === 'network') return true;
  if (failure.kind !== 'http' || failure.status === undefined) return false;
  return failure.status >= 500 || failure.status === 408 || failure.status === 429;
}

/** The text a failure shows: the server's message or a localized default (spec §8). */
export function failureText(failure: Failure): Pick<Notice, 'text' | 'translate'> {
  const own = (fallbackKey: string) => (failure.msg ? { text: failure.msg, translate: false } : { text: fallbackKey, translate: true });
  if (endsSession(failure)) return own(failure.code === ResultCode.TIMEOUT ? 'sys.api.timeoutMessage' : 'sys.api.errMsg401');
  switch (failure.kind) {
    case 'timeout':
      return { text: 'sys.api.apiTimeoutMessage', translate: true };
    case 'network':
      return { text: 'sys.api.networkExceptionMsg', translate: true };
    case 'http':
      if (failure.status !== undefined && STATUS_TEXTS.includes(failure.status))
        return { text: `sys.api.errMsg${failure.status}`, translate: true };
      return own('sys.api.apiRequestFailed');
    default:
      return own('sys.api.apiRequestFailed');
  }
}

/** The toast or modal a failure shows in the given mode. */
export function failureNotice(failure: Failure, mode: Exclude<ErrorMessageMode, 'none'>): Notice {
  return mode === 'modal'
    ? { kind: 'modal', titleKey: 'sys.api.errorTip', ...failureText(failure) }
    : { kind: 'message', ...failureText(failure) };
}

/** The "not enough points" dialog, whose button leads to the account page (spec §8). */
export const POINTS_NOTICE: Notice = {
  kind: 'confirmPoints',
  titleKey: 'sys.api.operationFailed',
  text: 'sys.api.pointsNotEnough',
  translate: true,
};
