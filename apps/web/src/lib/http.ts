import type { ErrorCode } from '@wattle/domain/api/errors';
import { getCurrentTenantId } from './current-tenant';

/**
 * The one way this app talks to the API: same-origin JSON with the session cookie, the CSRF token
 * on writes, the current tenant in `X-Tenant-Id`, and the `{ success, data | error }` envelope
 * unwrapped (DESIGN.md section 4). Failures throw `ApiError`.
 */

export const csrfCookieName = 'wattle_csrf';
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A failed API call: the HTTP status and the server's error code, message and details. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    /** One of the API's `ErrorCode`s, or NETWORK_ERROR, TIMEOUT, BAD_RESPONSE or HTTP_<status> from this client. */
    readonly code: ErrorCode | 'NETWORK_ERROR' | 'TIMEOUT' | 'BAD_RESPONSE' | `HTTP_${number}`,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown, code?: ApiError['code']): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** A zod issue as the server sends it in `error.details` when validation fails. */
export interface ValidationIssue {
  path: (string | number)[];
  message: string;
}

export function validationIssues(error: unknown): ValidationIssue[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return error.details.filter(
    (issue): issue is ValidationIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      Array.isArray((issue as ValidationIssue).path) &&
      typeof (issue as ValidationIssue).message === 'string',
  );
}

export interface ListResult<T> {
  data: T[];
  meta: { total: number; limit: number; offset: number };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a `FormData` (a file upload) is sent as multipart, as it is. */
  body?: unknown;
  /** Overrides the current tenant; `null` sends no tenant header. */
  tenantId?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not send the user to /login on 401 (the sign-in calls themselves). */
  skipUnauthenticatedRedirect?: boolean;
  /** Gives up after this many milliseconds with a TIMEOUT error (spec work section 7: 10,000 ms). */
  timeoutMs?: number;
  /**
   * Tries again this many times after a network error, a timeout, 429 or 5xx, waiting
   * `resilientRequest.retryDelayMs` × attempt in between (spec work section 7: 2 retries, 400 ms).
   * Only for requests that are safe to repeat (reads, or writes with an Idempotency-Key).
   */
  retries?: number;
  /**
   * Lets the request outlive the page (`fetch(..., { keepalive: true })`): a save begun as the tab
   * closes still reaches the server. Browsers cap keepalive bodies at 64 KiB in all, so a larger
   * body is sent as an ordinary request.
   */
  keepalive?: boolean;
}

/** Keepalive bodies above this are sent without keepalive (the browsers' limit is 64 KiB in all). */
export const keepaliveBodyLimit = 60_000;

/** The spec's generic request behaviour (work section 7), for the calls that opt in to it. */
export const resilientRequest = { timeoutMs: 10_000, retries: 2, retryDelayMs: 400 } as const;

/** A failure worth trying again: the server was not reached, took too long, was busy or failed. */
export function isRetryableError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);
}

/** Called on a 401 with the answer's error (a session ended as idle says so in its details). */
type UnauthenticatedHandler = (error?: { message?: string; details?: unknown }) => void;
/**
 * How requests reach the server and where cookies are read: the browser's, or those of the server's
 * own first paint of a page (entry-server.tsx).
 */
export interface HttpTransport {
  send: (path: string, init: RequestInit) => Promise<Response>;
  /** The page's cookies, as `document.cookie` gives them. */
  cookies: () => string;
}
const browserTransport: HttpTransport = {
  send: (path, init) => fetch(path, init),
  cookies: () => document.cookie,
};
let transport = browserTransport;

/** Sends the app's requests through `next` (undefined: the browser's again). */
export function setHttpTransport(next: HttpTransport | undefined): void {
  transport = next ?? browserTransport;
}

/**
 * What a 401 does: the app sets a router navigation to the sign-in page as it starts (main.tsx). Its
 * first reads go out before that code has run (app/first-reads.ts, then yield-to-browser.ts), so a 401
 * that comes sooner waits for the handler, which is told of it as soon as it is set.
 */
let onUnauthenticated: UnauthenticatedHandler | undefined;
let unauthenticatedBeforeHandler: { error?: Parameters<UnauthenticatedHandler>[0] } | undefined;

export function setUnauthenticatedHandler(handler: UnauthenticatedHandler): void {
  onUnauthenticated = handler;
  const missed = unauthenticatedBeforeHandler;
  unauthenticatedBeforeHandler = undefined;
  if (missed) handler(missed.error);
}

function reportUnauthenticated(error: Parameters<UnauthenticatedHandler>[0]): void {
  if (onUnauthenticated) onUnauthenticated(error);
  // Only the browser's: the server's first paint sets no handler, and keeps nothing between requests.
  else if (transport === browserTransport) unauthenticatedBeforeHandler ??= { error };
}

/**
 * Whether the page has the cookie `name`, without holding the page up: reading `document.cookie` is a
 * synchronous call to the browser's network process, which at the start of a warm load took 34–70 ms,
 * and 275–300 ms at 4x CPU slowdown, the largest part of the app's first task (issue 19: blocking
 * time). The Cookie Store API asks without blocking; a browser without it (or a page not served
 * securely, where it is not offered) reads `document.cookie` as before.
 */
export async function hasCookie(name: string): Promise<boolean> {
  if (transport === browserTransport && 'cookieStore' in globalThis) {
    try {
      return (await globalThis.cookieStore.get(name)) !== null;
    } catch {
      // Refused (an opaque origin): as below.
    }
  }
  return readCookie(name) !== null;
}

export function readCookie(name: string): string | null {
  for (const part of transport.cookies().split(';')) {
    const [rawKey, ...rest] = part.split('=');
    if (rawKey?.trim() === name) return decodeURIComponent(rest.join('=').trim());
  }
  return null;
}

interface Envelope {
  success: boolean;
  data?: unknown;
  meta?: ListResult<unknown>['meta'];
  error?: { code?: string; message?: string; details?: unknown };
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function send(path: string, options: RequestOptions): Promise<Envelope> {
  const retries = Math.max(0, options.retries ?? 0);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await sendOnce(path, options);
    } catch (error) {
      if (attempt >= retries || !isRetryableError(error)) throw error;
      await wait(resilientRequest.retryDelayMs * (attempt + 1), options.signal);
    }
  }
}

async function sendOnce(path: string, options: RequestOptions): Promise<Envelope> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const isMultipart = options.body instanceof FormData;
  // The browser sets a multipart body's Content-Type itself, boundary included.
  if (options.body !== undefined && !isMultipart) headers['Content-Type'] = 'application/json';
  if (unsafeMethods.has(method)) {
    const csrf = readCookie(csrfCookieName);
    if (csrf) headers['X-CSRF-Token'] = csrf;
  }
  const tenantId = options.tenantId === undefined ? getCurrentTenantId() : options.tenantId;
  if (tenantId) headers['X-Tenant-Id'] = tenantId;

  const timeout = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
  const signal =
    timeout && options.signal ? AbortSignal.any([options.signal, timeout]) : (timeout ?? options.signal);

  const body =
    options.body === undefined
      ? undefined
      : isMultipart
        ? (options.body as FormData)
        : JSON.stringify(options.body);
  const keepalive =
    options.keepalive === true &&
    !isMultipart &&
    new TextEncoder().encode(typeof body === 'string' ? body : '').length <= keepaliveBodyLimit;

  let response: Response;
  let text: string;
  try {
    response = await transport.send(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: signal ?? null,
      ...(keepalive ? { keepalive: true } : {}),
    });
    text = await response.text();
  } catch (cause) {
    if (timeout?.aborted && !options.signal?.aborted) {
      throw new ApiError(
        0,
        'TIMEOUT',
        'Wattle took too long to answer. Check your connection and try again.',
      );
    }
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach Wattle. Check your connection and try again.');
  }

  let envelope: Envelope | undefined;
  if (text) {
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      envelope = undefined;
    }
  }

  if (response.status === 401 && !options.skipUnauthenticatedRedirect) reportUnauthenticated(envelope?.error);
  // 204 No Content (a DELETE that answers nothing, e.g. a comment's): done, with no data.
  if (response.status === 204) return { success: true };

  if (!response.ok || !envelope || envelope.success !== true) {
    const error = envelope?.error;
    throw new ApiError(
      response.status,
      (error?.code as ErrorCode | undefined) ?? (response.ok ? 'BAD_RESPONSE' : `HTTP_${response.status}`),
      error?.message ??
        (response.ok ? 'The server sent an unexpected answer.' : response.statusText || 'Request failed'),
      error?.details,
    );
  }
  return envelope;
}

/** Calls the API and returns `data` of a `{ success: true, data }` answer. */
export async function http<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await send(path, options);
  return envelope.data as T;
}

/** Calls a list endpoint and returns `data` with its paging `meta`. */
export async function httpList<T>(path: string, options: RequestOptions = {}): Promise<ListResult<T>> {
  const envelope = await send(path, options);
  const data = Array.isArray(envelope.data) ? (envelope.data as T[]) : [];
  return { data, meta: envelope.meta ?? { total: data.length, limit: data.length, offset: 0 } };
}
