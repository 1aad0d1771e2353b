import dns from 'node:dns/promises';
import net from 'node:net';
import type { Agent, RequestInit as UndiciRequestInit } from 'undici';
import type { FetchLike } from './fetchLike';
import { isPublicAddress } from './publicAddress';
import { RefusedTargetError } from './refusedTarget';

export interface GuardOptions {
  /** Which addresses may be connected to: public unicast ones by default. Tests widen it to their loopback doubles. */
  allowAddress?: (address: string) => boolean;
  /** Every address of a name: dns.lookup (the system resolver, as a plain fetch would use) by default. */
  lookup?: (hostname: string) => Promise<string[]>;
}

const systemLookup = async (hostname: string) => (await dns.lookup(hostname, { all: true })).map((a) => a.address);

/**
 * A `fetch` for URLs account owners give (their site, webhook, model service), which will not call
 * private networks. The check is made where the socket is opened, on the address connected to:
 * a literal IP host, every address a name resolves to (the socket then goes to the checked
 * address, so a second, different DNS answer cannot slip in), and each redirect's target, which
 * opens its own connection. TLS still names the host (SNI and certificate check), not the address.
 * A refusal fails the fetch like any network error, with a RefusedTargetError as its cause.
 */
export function createGuardedFetch(options: GuardOptions = {}): FetchLike {
  const allow = options.allowAddress ?? isPublicAddress;
  const lookup = options.lookup ?? systemLookup;

  /** The address to connect to; refused when it, or any other address of the name, is not allowed. */
  async function checkedAddress(hostname: string): Promise<string> {
    if (net.isIP(hostname)) {
      if (!allow(hostname)) throw RefusedTargetError.privateHost(hostname);
      return hostname;
    }
    const addresses = await lookup(hostname);
    if (addresses.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const refused = addresses.find((address) => !allow(address));
    if (refused) throw RefusedTargetError.resolvesPrivate(hostname, refused);
    return addresses[0];
  }

  /** undici (110 modules) is loaded by the first outbound call, not at the server's start. */
  async function createDispatcher(): Promise<{ dispatcher: Agent; fetch: typeof import('undici').fetch }> {
    const undici = await import('undici');
    const connect = undici.buildConnector({});
    const dispatcher = new undici.Agent({
      connect(opts, callback) {
        checkedAddress(opts.hostname).then(
          (address) =>
            connect(
              { ...opts, hostname: address, servername: opts.servername || (net.isIP(opts.hostname) ? undefined : opts.hostname) },
              callback,
            ),
          (error: Error) => callback(error, null),
        );
      },
    });
    return { dispatcher, fetch: undici.fetch };
  }
  let client: ReturnType<typeof createDispatcher> | undefined;

  return async (url, init) => {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw RefusedTargetError.scheme(target.host, target.protocol);
    // undici's own fetch: the dispatcher must come from the same undici (Node's bundled one is older).
    const { dispatcher, fetch } = await (client ??= createDispatcher());
    return (await fetch(url, { ...(init as UndiciRequestInit), dispatcher })) as unknown as Response;
  };
}
