/** Locations as the navigation machine keeps them: a path plus an optional `?search`. */

export function pathnameOf(location: string): string {
  const end = location.search(/[?#]/);
  return end === -1 ? location : location.slice(0, end);
}

export function searchOf(location: string): string {
  const start = location.indexOf('?');
  if (start === -1) return '';
  const hash = location.indexOf('#', start);
  return location.slice(start + 1, hash === -1 ? undefined : hash);
}

export function queryValue(location: string, name: string): string | null {
  return new URLSearchParams(searchOf(location)).get(name);
}

/** `/login?redirect=<location>` (spec §2 guard 3). */
export function withRedirectQuery(path: string, redirect: string): string {
  return `${path}?${new URLSearchParams({ redirect }).toString()}`;
}
