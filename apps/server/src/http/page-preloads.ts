import { isSignedInPage } from '@wattle/domain/auth/signed-in-pages';
import { sessionCookie } from '../auth/cookies';
import type { Config } from '../config';

/** A Link header that has the browser fetch `urls` beside the page's code, as the app's `fetch()` asks. */
function preloadReads(urls: string[]): string {
  return urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`).join(', ');
}

/** The reads every signed-in page's guards make first (apps/web/src/app/guards.ts). */
const guardReadsPreload = preloadReads(['/api/me', '/api/tenants']);

/**
 * The sign-in page's reads (apps/web/src/features/auth/login-page.tsx): which sign-in this server
 * runs, and in demo mode the people to pick from, which the page asks for only once the first has
 * answered. Without the preload they went out one after the other once the page's code had run.
 */
function signInReadsPreload(authMode: Config['authMode']): string {
  return preloadReads(['/api/auth/config', ...(authMode === 'demo' ? ['/api/auth/demo/users'] : [])]);
}

/**
 * The reads the page has the browser start as it fetches the app's code. Without them they go out only
 * once the code has loaded and run: issue 19, 100–200 ms of a warm load at 4x CPU slowdown, on every
 * page. `as=fetch` with `crossorigin` matches the app's own `fetch()` (same mode and credentials), which
 * takes the answers instead of asking again.
 * - Behind sign-in, the guards' two reads, only for someone with a session cookie (a stale one is
 *   answered 401, which the guard acts on as before).
 * - On the sign-in page, its own reads.
 * - Nothing on the other pages without those guards (an invitation): there the answers would go unused.
 */
export function pageReadsPreload(
  pathname: string,
  cookies: Record<string, string | undefined>,
  authMode: Config['authMode'],
): string | undefined {
  if (pathname === '/login') return signInReadsPreload(authMode);
  if (cookies[sessionCookie] && isSignedInPage(pathname)) return guardReadsPreload;
  return undefined;
}
