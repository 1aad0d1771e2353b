import { WordedError } from '../../i18n/wordedError';
import { message, type Message } from '../../i18n/messages';

/** The switch that lets the server call private networks (README: "Configuration"). */
const SWITCH = 'ALLOW_PRIVATE_TARGETS';

/**
 * A URL an account owner gave that the server will not call: its host is, or resolves to, a
 * private address, or its scheme is not http(s). The reason says which and why, for the user, in
 * their language.
 */
export class RefusedTargetError extends WordedError {
  /** Always the catalog's: a refusal is the server's own sentence. */
  declare readonly reason: Message;

  constructor(
    reason: Message,
    /** The host that was refused (after a redirect, the redirect's target). */
    readonly host: string,
  ) {
    super(reason);
    this.name = 'RefusedTargetError';
  }

  /** `host` is the private address itself (a literal IP, or a name such as localhost). */
  static privateHost(host: string): RefusedTargetError {
    return new RefusedTargetError(message('refusedTarget.privateHost', { host, switch: SWITCH }), host);
  }

  /** `host` is a name that resolves to the private `address`. */
  static resolvesPrivate(host: string, address: string): RefusedTargetError {
    return new RefusedTargetError(message('refusedTarget.resolvesPrivate', { host, address, switch: SWITCH }), host);
  }

  static scheme(host: string, protocol: string): RefusedTargetError {
    return new RefusedTargetError(message('refusedTarget.scheme', { scheme: protocol.replace(/:$/, '') }), host);
  }

  /** Why it was refused, and, when a redirect led there, from which host the call set out. */
  reasonFrom(host: string): Message {
    return this.host === host ? this.reason : message('refusedTarget.redirected', { reason: this.reason, host });
  }
}

/** The refusal behind a failed fetch (`TypeError: fetch failed` with it as the cause), if that is why it failed. */
export function refusalIn(error: unknown): RefusedTargetError | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof RefusedTargetError) return e;
  }
  return null;
}
