import { localPath } from '../../shared/location';

/**
 * The target of the redirect helper route `/redirect/{path}/{_redirect_type}/{_origin_params?}`
 * (spec §2): `path` is the URL-encoded target without its leading slash, `_redirect_type` is
 * `path` (or `name`, a menu name) and `_origin_params` an optional URL-encoded JSON object of query
 * values to carry along.
 */
export function redirectTarget(location: string, pathOfName: (name: string) => string | undefined): string {
  const [, , path = '', type = 'path', originParams] = location.split('?')[0].split('/');
  const decoded = decodeURIComponent(path);
  const base = type === 'name' ? (pathOfName(decoded) ?? '/') : `/${decoded.replace(/^\/+/, '')}`;
  const query = parseQuery(originParams);
  // Only a path of this origin: never another host or a script URL.
  return localPath(query ? `${base}?${query}` : base) ?? '/';
}

function parseQuery(originParams: string | undefined): string {
  if (!originParams) return '';
  try {
    const params: unknown = JSON.parse(decodeURIComponent(originParams));
    if (!params || typeof params !== 'object') return '';
    return new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
  } catch {
    return '';
  }
}
