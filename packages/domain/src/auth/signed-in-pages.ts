/**
 * Which of the web app's pages sit behind the sign-in guard: all but the sign-in page and an
 * invitation's page. The server preloads the guards' reads for these pages (apps/server/src/app.ts)
 * and the app starts its first reads for them as its code loads (apps/web/src/app/first-reads.ts),
 * so both ask the same question here.
 */
export function isSignedInPage(pathname: string): boolean {
  return pathname !== '/login' && !pathname.startsWith('/invite/');
}

/**
 * The signed-in pages the server draws before the app's code has run, as their first paint
 * (apps/server/src/http/first-paint.ts, docs/decisions/0041-server-first-paint.md): the pages people
 * work in. Left out: pages that only send the person on ('/', a team's own address), pages whose
 * text loads apart (the handbook, the documentation), settings, forms for something new or being
 * edited, where the app puts back what was being typed, and a participant's own pages, whose read is
 * audited as viewed (a first paint would record every visit twice).
 */
const firstPaintPages: readonly RegExp[] = [
  /^\/(inbox|dashboard|my-work|my-teams|teams\/list|participants|invoices|timesheet|incidents)$/,
  /^\/(audit-packs|behavior-analytics|admin\/files|approvals\/invoices|my\/invoices)$/,
  /^\/card\/[^/]+$/,
  // A team's views (board, list, calendar, roadmap) and its behaviour support plans.
  /^\/my-teams\/[^/]+\/[^/]+$/,
  /^\/invoices\/(?!new$)[^/]+$/,
];

/**
 * The cookie in which the app keeps the tenant this browser works in (apps/web/src/lib/current-tenant.ts),
 * for the server to draw a first paint in: otherwise only the app knows it.
 */
export const firstPaintTenantCookie = 'wattle_tenant';

export function hasFirstPaint(pathname: string): boolean {
  return firstPaintPages.some((page) => page.test(pathname));
}
