import { ResultCode } from '../../contract/codes';

/**
 * Why a call failed, as machines see it: plain data, whatever the transport was.
 * - business: HTTP 2xx, but the envelope's code is not a success code;
 * - http: any other HTTP status (code from the envelope when the body had one, else the status);
 * - timeout / network: no response;
 * - cancelled: the request was aborted (route change, duplicate, actor stopped).
 */
export interface Failure {
  kind: 'business' | 'http' | 'timeout' | 'network' | 'cancelled';
  code: number;
  msg: string;
  status?: number;
}

/** The `{ code, msg }` a view shows for a failed call. */
export interface FailureNotice {
  code: number;
  msg: string;
  /** No answer for want of a network: the console words it, not the transport's message. */
  offline?: true;
}

/** Reads a thrown value as a Failure; anything unknown becomes a generic error. */
export function toFailure(error: unknown): Failure {
  if (isFailure(error)) {
    const { kind, code, msg, status } = error;
    return status === undefined ? { kind, code, msg } : { kind, code, msg, status };
  }
  const msg = error instanceof Error ? error.message : String(error);
  return { kind: 'network', code: ResultCode.ERROR, msg };
}

/** The `{ code, msg }` of a thrown value, for a view. */
export function toNotice(error: unknown): FailureNotice {
  const { kind, code, msg } = toFailure(error);
  return kind === 'network' ? { code, msg, offline: true } : { code, msg };
}

export function hasCode(error: unknown, code: number): boolean {
  return toFailure(error).code === code;
}

function isFailure(value: unknown): value is Failure {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Failure>;
  return typeof candidate.code === 'number' && typeof candidate.msg === 'string' && typeof candidate.kind === 'string';
}

/** The thrown value of an invoked actor's error event (as action and guard params). */
export const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
