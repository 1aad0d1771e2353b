/** Matches a pattern with `:name` and optional `:name?` segments; returns the parameters or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < Math.max(patternParts.length, pathParts.length); i++) {
    const part = patternParts[i];
    const value = pathParts[i];
    if (part === undefined) return null;
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      if (value === undefined) {
        if (optional) continue;
        return null;
      }
      params[part.slice(1, optional ? -1 : undefined)] = decodeURIComponent(value);
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}

/** Substitutes `:name` parameters from `params` (spec §2 Routing behaviour). */
export function fillPath(pattern: string, params: Record<string, string | number>): string {
  return (
    pattern
      .split('/')
      .map((part) => {
        if (!part.startsWith(':')) return part;
        const name = part.slice(1).replace(/\?$/, '');
        const value = params[name];
        return value === undefined ? '' : encodeURIComponent(String(value));
      })
      .join('/')
      .replace(/\/+$/, '') || '/'
  );
}
