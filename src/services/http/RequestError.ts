import type { Failure } from '../../shared/failure';

/** What an http call rejects with: the Failure of spec §8 as an Error. */
export class RequestError extends Error implements Failure {
  readonly kind: Failure['kind'];
  readonly code: number;
  readonly msg: string;
  readonly status?: number;

  constructor(failure: Failure) {
    super(failure.msg || `Request failed (${failure.kind} ${failure.code})`);
    this.name = 'RequestError';
    this.kind = failure.kind;
    this.code = failure.code;
    this.msg = failure.msg;
    if (failure.status !== undefined) this.status = failure.status;
  }
}
