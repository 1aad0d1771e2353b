import net from 'node:net';
import { isPublicAddress } from './publicAddress';

/**
 * Whether a URL's host is plainly private without asking DNS: a literal IP that is not public, or
 * `localhost` (and its subdomains). The cheap check when a URL is saved; the check that counts is
 * made when connecting (guardedFetch), which also sees names that resolve to private addresses.
 */
export function isPrivateHost(url: URL): boolean {
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return net.isIP(host) !== 0 && !isPublicAddress(host);
}
