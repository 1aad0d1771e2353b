import { ResultCode } from '../../contract/codes';
import type { Failure } from './failure';

/** The response envelope `{ code, msg, data }` (spec §8, DESIGN.md §3). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';
}

/** Success is code 200 or the configured success code 0 (spec §8). */
export function isSuccessCode(code: number): boolean {
  return code === ResultCode.SUCCESS || code === ResultCode.SUCCESS_ALT;
}

export function isSuccessEnvelope(body: unknown): body is Envelope {
  return isEnvelope(body) && isSuccessCode(body.code);
}

/** The envelope's data; a list field defaults to [] (spec §8). */
export function unwrapData(body: Envelope): unknown {
  const { data } = body;
  if (typeof data === 'object' && data !== null && !Array.isArray(data) && 'list' in data && !Array.isArray(data.list)) {
    return { ...data, list: [] };
  }
  return data;
}

/** A refused envelope as a failure. */
export function businessFailure(body: unknown): Failure {
  if (isEnvelope(body)) return { kind: 'business', code: body.code, msg: typeof body.msg === 'string' ? body.msg : '' };
  return { kind: 'business', code: ResultCode.ERROR, msg: '' };
}
