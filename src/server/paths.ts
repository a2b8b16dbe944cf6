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
