/**
 * An address the API answers with (an avatar, an upload), as the console shows it: a path on the API
 * server is prefixed with the API host (spec §3), so a console on another origin than its API shows
 * it; an absolute, data: or blob: address is kept as it is.
 */
export function assetUrl(address: string, apiBaseUrl: string): string {
  if (!address.startsWith('/') || address.startsWith('//')) return address;
  return `${apiBaseUrl.replace(/\/+$/, '')}${address}`;
}
