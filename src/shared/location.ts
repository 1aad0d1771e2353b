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

const HERE = 'http://inkpress.invalid';

/**
 * `target` when it is a path of this origin (`/article?page=2`), else null: a redirect target from
 * the address bar (`?redirect=`, the redirect helper route) never leaves the console for another
 * host (`//other.host/`, `/\\other.host`) or runs a script (`javascript:…`).
 */
export function localPath(target: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  if (!target || !target.startsWith('/') || /^\/[/\\]/.test(target) || /[\u0000-\u001f\\]/.test(target)) return null;
  try {
    return new URL(target, HERE).origin === HERE ? target : null;
  } catch {
    return null;
  }
}
