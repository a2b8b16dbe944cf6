/** Route paths as the spec writes them (`/organizations/{organization_id}`) and as Hono matches them (`:organization_id`). */
export function toHonoPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * Registration order: at the first segment where two paths differ, a literal segment wins over a
 * parameter (so `/organizations/import` is never read as an organization id), then longer paths
 * first. Hono runs the first matching handler.
 */
export function compareRouteSpecificity(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const l = left[i] as string;
    const r = right[i] as string;
    if (l === r) continue;
    const lParam = l.startsWith('{');
    const rParam = r.startsWith('{');
    if (lParam !== rParam) return lParam ? 1 : -1;
  }
  return right.length - left.length;
}

/** A route path as a whole-path pattern: `{param}` is one non-empty segment. */
export function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith('{') ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * The methods a path answers to (for 405 and its `Allow` header, RFC 9110 §15.5.6): every route whose pattern
 * matches the path, sorted; empty when no route has this path at all (404).
 */
export function allowedMethods(routes: readonly { method: string; path: string }[]): (path: string) => string[] {
  const patterns = routes.map((route) => ({ method: route.method.toUpperCase(), pattern: pathPattern(route.path) }));
  return (path) => [...new Set(patterns.filter((p) => p.pattern.test(path)).map((p) => p.method))].sort();
}
