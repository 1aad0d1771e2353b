import ipaddr from 'ipaddr.js';

/** `::/96`: the deprecated IPv4-compatible IPv6 addresses (`::a.b.c.d`); nothing public lives there. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Whether an IP address is public unicast, the only kind a URL an account owner gives may reach:
 * not loopback, private (RFC 1918, unique local), link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, unspecified, multicast, broadcast or reserved. An IPv4-mapped IPv6 address
 * (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries. Anything not an IP is not public.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv6' && address.match(IPV4_COMPATIBLE)) return false;
  return address.range() === 'unicast';
}
