/**
 * Which of the web app's pages sit behind the sign-in guard: all but the sign-in page and an
 * invitation's page. The server preloads the guards' reads for these pages (apps/server/src/app.ts)
 * and the app starts its first reads for them as its code loads (apps/web/src/app/first-reads.ts),
 * so both ask the same question here.
 */
export function isSignedInPage(pathname: string): boolean {
  return pathname !== '/login' && !pathname.startsWith('/invite/');
}
