/** The switch that lets the server call private networks (README: "Configuration"). */
const SWITCH = 'ALLOW_PRIVATE_TARGETS';

/**
 * A URL an account owner gave that the server will not call: its host is, or resolves to, a
 * private address, or its scheme is not http(s). The message says which and why, for the user.
 */
export class RefusedTargetError extends Error {
  constructor(
    message: string,
    /** The host that was refused (after a redirect, the redirect's target). */
    readonly host: string,
  ) {
    super(message);
    this.name = 'RefusedTargetError';
  }

  /** `host` is the private address itself (a literal IP, or a name such as localhost). */
  static privateHost(host: string): RefusedTargetError {
    return new RefusedTargetError(`${host} is a private address; the server refuses to call private networks (${SWITCH})`, host);
  }

  /** `host` is a name that resolves to the private `address`. */
  static resolvesPrivate(host: string, address: string): RefusedTargetError {
    return new RefusedTargetError(
      `${host} resolves to a private address (${address}); the server refuses to call private networks (${SWITCH})`,
      host,
    );
  }

  static scheme(host: string, protocol: string): RefusedTargetError {
    return new RefusedTargetError(`only http and https URLs are called, not ${protocol.replace(/:$/, '')}`, host);
  }
}

/** The refusal behind a failed fetch (`TypeError: fetch failed` with it as the cause), if that is why it failed. */
export function refusalIn(error: unknown): RefusedTargetError | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof RefusedTargetError) return e;
  }
  return null;
}
