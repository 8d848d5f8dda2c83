import { isSignedInPage } from '@wattle/domain/auth/signed-in-pages';
import { sessionCookie } from '../auth/cookies';

/** A Link header that has the browser fetch `urls` beside the page's code, as the app's `fetch()` asks. */
function preloadReads(urls: string[]): string {
  return urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`).join(', ');
}

/** The reads every signed-in page's guards make first (apps/web/src/app/guards.ts). */
const guardReadsPreload = preloadReads(['/api/me', '/api/tenants']);

/**
 * The reads the page has the browser start as it fetches the app's code. Without them they go out only
 * once the code has loaded and run: issue 19, 100–200 ms of a warm load at 4x CPU slowdown, on every
 * page. `as=fetch` with `crossorigin` matches the app's own `fetch()` (same mode and credentials), which
 * takes the answers instead of asking again. They are the guards' two reads, only for someone with a
 * session cookie (a stale one is answered 401, which the guard acts on as before), and nothing on the
 * pages without those guards. The sign-in page's own reads were tried here and dropped: the demo
 * people's list costs the server about 130 ms and, asked for beside the app's code, held the code back
 * (issue 19, 29 November: /login's cold load 1,644–1,672 ms at 4x against 1,404–1,468 ms without).
 */
export function pageReadsPreload(
  pathname: string,
  cookies: Record<string, string | undefined>,
): string | undefined {
  if (cookies[sessionCookie] && isSignedInPage(pathname)) return guardReadsPreload;
  return undefined;
}
