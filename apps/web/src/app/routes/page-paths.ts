/**
 * Paths of pages whose reads start before the router is ready (app/first-reads.ts), as their routes
 * declare them: the route and the first reads use the same constant.
 */
export const cardPagePath = '/card/$cardId';
/** A team's pages, and its views (board, list, calendar, roadmap) below them. */
export const teamPagePath = '/my-teams/$teamSlug';
export const teamViewPath = '$view';
export const teamViewPagePath = `${teamPagePath}/${teamViewPath}` as const;

/**
 * The parameters of `pathname` on a route path with `$name` segments ('/card/$cardId'), or null when
 * the path is another page's. Segments are compared whole; a trailing slash does not count.
 */
export function matchPagePath(routePath: string, pathname: string): Record<string, string> | null {
  const wanted = routePath.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index] as string;
    if (segment.startsWith('$')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment !== value) return null;
  }
  return params;
}
