/**
 * The server's first paint of a page (docs/decisions/0041-server-first-paint.md): the app's own routes,
 * guards, loaders and components, run in the server's process to give the HTML the browser paints
 * before the app's code has loaded. The app then draws the page itself and replaces this markup; it
 * is never hydrated, so nothing here has to match what the browser draws later.
 *
 * Built by `vite build --ssr` into apps/web/dist-server (package.json), bundled whole so the server
 * can load it from wherever the web build is. apps/server/src/http/first-paint.ts calls it.
 */

import { Writable } from 'node:stream';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { type FirstPaintData, runtimeTimeZone } from './app/first-paint-data';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { accessibilityPreferencesQueryOptions } from './features/preferences/api';
import { applyAccessibilityPreferences } from './features/preferences/apply-preferences';
import { tenantsQueryOptions } from './features/tenants/api';
import { tenantThemeProperties } from './features/tenants/tenant-theme';
import { getCurrentTenantId, setCurrentTenantId } from './lib/current-tenant';
import { type HttpTransport, setHttpTransport } from './lib/http';
import { readSidebarOpen, sidebarAttribute } from './ui/sidebar';

export interface FirstPaintRequest {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  /** The request's Cookie header: the app reads a few of its own (the sidebar's state). */
  cookies: string;
  /** The tenant the browser last worked in (its `wattle_tenant` cookie), if any. */
  tenantId: string | null;
  /** Answers one of the app's reads as the server would answer the browser, the person's session included. */
  read: (path: string, headers: Record<string, string>) => Promise<{ status: number; body: string }>;
  /** Told of an error that stopped the drawing (a read that failed is not one: the page is left to the browser). */
  report: (error: unknown) => void;
}

/**
 * Loads the code of every page, so the first drawing of each is not spent loading it (issue 19: a fresh
 * server's first card page took over the 400 ms the server waits, and went without a first paint).
 */
export async function preparePages(): Promise<void> {
  const router = createAppRouter(new QueryClient(), createMemoryHistory());
  const components = Object.values(router.routesById).map(
    (route) => (route.options as { component?: { preload?: () => Promise<unknown> } }).component,
  );
  await Promise.allSettled(components.map((component) => component?.preload?.()));
}

/**
 * The app's modules keep some state of their own (the current tenant, the request transport), so
 * pages are drawn one at a time: a page asked for while another is drawn gets no first paint.
 */
let drawing = false;

export interface FirstPaint {
  /** The page's markup for `#root`. */
  markup: string;
  /**
   * What the app sets on `<html>` as it starts, for the page to be painted as it will be drawn: the
   * person's accessibility preferences (a larger font, high contrast) and a white-label tenant's
   * colours. Values the app computes from validated settings, never text someone typed.
   */
  htmlAttributes: { class: string; style: string; 'data-font-size'?: string; 'data-sidebar': string };
  /**
   * The answers the page was drawn from (the query cache, dehydrated), as JSON: the app starts with
   * them and hydrates the markup instead of reading again and drawing it anew. Only the person's own
   * reads, answered by the server's routes with their session.
   */
  data: string;
}

/** The page's first paint, or null when it cannot be drawn here as the browser would draw it. */
export async function renderFirstPaint(request: FirstPaintRequest): Promise<FirstPaint | null> {
  if (drawing) return null;
  drawing = true;
  setHttpTransport({ send: readOnly(request.read), cookies: () => request.cookies });
  setCurrentTenantId(request.tenantId);
  try {
    // The app's own defaults (how long an answer is fresh decides whether a page shows it as being
    // read again), so the browser's first drawing, which hydrates this one, is the same; but no retry.
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
    const enabledQueries = watchEnabledQueries(queryClient);
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [request.url] }));
    await router.load();
    // A guard that sends the person elsewhere, a page that failed to load or a path with no page:
    // the browser's app deals with those as it always has.
    const { location, matches } = router.state;
    const requested = new URL(request.url, 'http://first-paint.invalid').pathname;
    if (location.pathname !== requested) return null;
    if (matches.some((match) => match.status !== 'success')) return null;
    // Without the browser's choice of tenant, the app may choose another of several (one it keeps in
    // localStorage): drawn here, the page could show the wrong organisation first.
    const tenants = queryClient.getQueryData(tenantsQueryOptions().queryKey) ?? [];
    if (request.tenantId === null && tenants.length > 1) return null;
    const markup = await drawWithData(
      queryClient,
      enabledQueries,
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
      request.report,
    );
    if (markup === null) return null;
    const tenant = tenants.find((each) => each.id === getCurrentTenantId());
    const preferences = queryClient.getQueryData(accessibilityPreferencesQueryOptions().queryKey);
    return {
      markup,
      htmlAttributes: htmlAttributes(preferences, tenant?.settings),
      data: answersDrawnFrom(queryClient),
    };
  } catch (error) {
    request.report(error);
    return null;
  } finally {
    setHttpTransport(undefined);
    setCurrentTenantId(null);
    drawing = false;
  }
}

/**
 * Draws the page, then makes the reads its components asked for (their `useQuery`s, which do not read
 * on a server) and draws it again with their answers, until it asks for nothing more. A read that
 * fails gives no first paint: the page would show an error the browser may never see.
 */
async function drawWithData(
  queryClient: QueryClient,
  enabledQueries: ReadonlySet<string>,
  page: ReactNode,
  report: FirstPaintRequest['report'],
): Promise<string | null> {
  for (let pass = 0; pass < maxDrawings; pass += 1) {
    const markup = await renderToString(page, report);
    const waiting = queryClient.getQueryCache().findAll({
      predicate: (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        enabledQueries.has(query.queryHash),
    });
    if (markup === null || waiting.length === 0) return markup;
    const reads = await Promise.allSettled(waiting.map((query) => query.fetch()));
    if (reads.some((read) => read.status === 'rejected')) return null;
  }
  return null;
}

/**
 * Notes which queries the page's components want read: on a server `useQuery` reads nothing, and a
 * query it has turned off (`enabled: false`, such as one the person may not make, or a search with no
 * words yet) must not be read for it either. Every `useQuery` passes its options through
 * `defaultQueryOptions`.
 */
function watchEnabledQueries(queryClient: QueryClient): Set<string> {
  const enabledQueries = new Set<string>();
  const defaultQueryOptions = queryClient.defaultQueryOptions.bind(queryClient);
  queryClient.defaultQueryOptions = ((options) => {
    const defaulted = defaultQueryOptions(options);
    const { enabled, queryHash } = defaulted;
    if (queryHash && (enabled === undefined || enabled === true)) enabledQueries.add(queryHash);
    return defaulted;
  }) as QueryClient['defaultQueryOptions'];
  return enabledQueries;
}

/**
 * The answers the page was drawn from, for the app to start with (app/first-paint-data.ts). A query whose read does more in the
 * browser than read (`meta.readInBrowser`: favourites) goes as invalidated: the page is hydrated with
 * the server's answer, and the browser then reads it again itself.
 */
function answersDrawnFrom(queryClient: QueryClient): string {
  const answers = dehydrate(queryClient);
  for (const query of answers.queries) {
    if (queryClient.getQueryCache().get(query.queryHash)?.meta?.readInBrowser === true) {
      query.state.isInvalidated = true;
    }
  }
  // With the zone the page was drawn in: the app hydrates only in the same one (first-paint-data.ts).
  const data: FirstPaintData = { timeZone: runtimeTimeZone(), answers };
  return JSON.stringify(data);
}

/** A page whose reads lead to more reads than this is left to the browser. */
const maxDrawings = 3;

/**
 * The attributes the app's start gives `<html>` (apply-preferences.ts, tenant-theme.ts), worked out by
 * the same functions on a stand-in for the element.
 */
function htmlAttributes(
  preferences: Parameters<typeof applyAccessibilityPreferences>[1] | undefined,
  theme: Parameters<typeof tenantThemeProperties>[0],
): FirstPaint['htmlAttributes'] {
  const classes = new Set<string>();
  const root = {
    classList: {
      toggle: (token: string, force: boolean) => (force ? classes.add(token) : classes.delete(token)),
      remove: (...tokens: string[]) => {
        for (const token of tokens) classes.delete(token);
      },
    },
    style: { fontSize: '' },
    dataset: {} as Record<string, string | undefined>,
  };
  if (preferences) applyAccessibilityPreferences(root, preferences, false);
  const style = Object.entries(tenantThemeProperties(theme) ?? {}).map(([name, value]) => `${name}:${value}`);
  if (root.style.fontSize) style.unshift(`font-size:${root.style.fontSize}`);
  return {
    class: [...classes].join(' '),
    style: style.join(';'),
    ...(root.dataset.fontSize ? { 'data-font-size': root.dataset.fontSize } : {}),
    // Whether the sidebar is open, as the cookie the sidebar drew from says: the app reads it here
    // rather than from the cookie again (ui/sidebar.tsx).
    'data-sidebar': sidebarAttribute(readSidebarOpen()),
  };
}

/**
 * The markup without its scripts (the router's scroll restoration, React's own): the app's code, not
 * the first paint, runs the page, and the page's policy refuses inline scripts.
 */
function withoutScripts(markup: string): string {
  return markup.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
}

/** Only reads: a first paint must never change anything. */
function readOnly(read: FirstPaintRequest['read']): HttpTransport['send'] {
  return async (path, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`A first paint only reads: ${method} ${path}`);
    const { status, body } = await read(path, { ...(init.headers as Record<string, string>) });
    return new Response(status === 204 || status === 304 ? null : body, { status });
  };
}

/** The whole page once every lazy part has loaded; any error anywhere fails it, even one React recovers from. */
function renderToString(element: ReactNode, report: FirstPaintRequest['report']): Promise<string | null> {
  return new Promise((resolve) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(failed ? null : withoutScripts(Buffer.concat(chunks).toString('utf8')));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Every part in place in the markup: React would otherwise send a large part apart, with a script
      // to put it in place, and the page runs no inline script (CSP) and no script of this markup at all.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: () => resolve(null),
      onError: (error) => {
        if (!failed) report(error);
        failed = true;
      },
    });
  });
}
