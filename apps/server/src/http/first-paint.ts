import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstPaintTenantCookie, hasFirstPaint } from '@wattle/domain/auth/signed-in-pages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sessionCookie } from '../auth/cookies';

/**
 * The server's first paint of a signed-in page (docs/decisions/0041-server-first-paint.md): the page
 * drawn by the app's own code (apps/web/src/entry-server.tsx, built into apps/web/dist-server) from
 * the same reads the browser would make, each answered by this server's own routes with the person's
 * cookies, so every permission and tenant check applies as it does to the browser. The markup is put
 * in the page inert (nothing can be typed into it), and the app's code starts once it is painted, then
 * draws the page itself over it. Issue 19: a warm load painted in 300–600 ms at 4x CPU slowdown, not
 * 1.0–1.4 s.
 *
 * Anything that stops the page being drawn as the browser would draw it (no session, a guard sending
 * the person elsewhere, a read or the drawing failing, another page being drawn, the time allowed
 * running out) gives no first paint: the page is sent as before, and the app draws it.
 */

/** The longest a page waits for its first paint before it is sent without one. */
const firstPaintBudgetMs = 400;

/** The browser's last tenant, as the app writes it: not trusted, only parsed (the reads check it). */
const TenantCookieSchema = z.uuid();

/** What apps/web/src/entry-server.tsx draws. */
export interface FirstPaint {
  markup: string;
  htmlAttributes: Record<string, string>;
  /** The answers the page was drawn from, as JSON, for the app to hydrate the markup with. */
  data: string;
}

interface EntryServer {
  preparePages(): Promise<void>;
  renderFirstPaint(request: {
    url: string;
    cookies: string;
    tenantId: string | null;
    read: (path: string, headers: Record<string, string>) => Promise<{ status: number; body: string }>;
    report: (error: unknown) => void;
  }): Promise<FirstPaint | null>;
}

/** The web build's server bundle beside `webDist` (apps/web/dist → apps/web/dist-server), if built. */
export function firstPaintEntry(webDist: string): string | undefined {
  const entry = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  return existsSync(entry) ? entry : undefined;
}

export function createFirstPaint(app: FastifyInstance, entryPath: string | undefined) {
  // Loaded, with every page's code, by the first page asked for, which is sent without a first paint
  // rather than wait for it (a second or so): a server nobody asks for a page never holds the app's
  // code in memory (the idle memory target of docs/performance.md).
  let entry: EntryServer | undefined;
  let loading: Promise<void> | undefined;
  const loadedEntry = (): EntryServer | undefined => {
    if (entryPath && !loading) {
      loading = (import(pathToFileURL(entryPath).href) as Promise<EntryServer>).then(
        async (loaded) => {
          // Every page's code first: a page's first drawing would otherwise load it, past the time
          // the server waits.
          await loaded.preparePages();
          entry = loaded;
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'first paint: the web build’s server bundle did not load');
        },
      );
    }
    return entry;
  };

  /** The page's first paint, or undefined to send the page without one. */
  return async function firstPaint(
    request: FastifyRequest,
    pathname: string,
  ): Promise<FirstPaint | undefined> {
    if (!entryPath || !request.cookies[sessionCookie] || !hasFirstPaint(pathname)) return undefined;
    const tenant = TenantCookieSchema.safeParse(request.cookies[firstPaintTenantCookie]);
    const render = loadedEntry();
    if (!render) return undefined;
    const read = async (url: string, headers: Record<string, string>) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: {
          ...headers,
          cookie: request.headers.cookie ?? '',
          'user-agent': request.headers['user-agent'] ?? '',
        },
        remoteAddress: request.ip,
      });
      return { status: response.statusCode, body: response.body };
    };
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), firstPaintBudgetMs);
    });
    try {
      const drawn = await Promise.race([
        render.renderFirstPaint({
          url: request.url,
          cookies: request.headers.cookie ?? '',
          tenantId: tenant.success ? tenant.data : null,
          read,
          report: (error) => request.log.warn({ err: error }, 'first paint: the page could not be drawn'),
        }),
        outOfTime,
      ]);
      return drawn ?? undefined;
    } catch (error) {
      request.log.warn({ err: error }, 'first paint failed; the page is sent without it');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * index.html with the first paint in `#root`: inert until the app replaces it, the app's code started
 * after the paint (public/boot-after-paint.js) and its module preloads left out (with them the
 * browser compiled the app's code before painting). `<html>` gets the attributes the app would give
 * it as it starts (the person's font size, a tenant's colours).
 */
export function pageWithFirstPaint(
  indexHtml: string,
  { markup, htmlAttributes, data }: FirstPaint,
): string | undefined {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  const html = /<html([^>]*)>/.exec(indexHtml);
  if (!entry || !html || !indexHtml.includes('<div id="root"></div>')) return undefined;
  const attributes = Object.entries(htmlAttributes)
    .filter(([name, value]) => /^[a-z-]+$/.test(name) && value !== '')
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  // Functions, so a `$&` or `$'` in someone's text is not read as a replacement pattern.
  return indexHtml
    .replace(html[0], () => `<html${html[1]}${attributes}>`)
    .replace(entry[0], () => `<script src="/boot-after-paint.js" data-entry="${entry[1]}" defer></script>`)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root"><div data-first-paint inert>${markup}</div></div>` +
        `<script type="application/json" id="first-paint-data">${escapeScriptJson(data)}</script>`,
    );
}

/**
 * JSON inside a `<script>` element: a `<` in someone's text could otherwise close the element
 * (`</script>`) or open a comment. `\u003c` reads back as the same character.
 */
function escapeScriptJson(json: string): string {
  return json.replace(/</g, '\\u003c');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** index.html as built, read per request like the page itself so a rebuild is served at once. */
export function readIndexHtml(dist: string): Promise<string> {
  return readFile(path.join(dist, 'index.html'), 'utf8');
}
