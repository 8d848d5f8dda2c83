import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * The answers of the reads every page load makes (the teams list, the inbox and its unread count,
 * the caller's organisations), kept for a few seconds per session and organisation (decision 0035).
 *
 * An answer is reused only while nothing may have changed it:
 * - every write request this instance serves (any /api method but GET, HEAD and OPTIONS) forgets
 *   every answer, both when it starts and when its response has been sent, so a read that overlapped
 *   a write is never kept, and no one reads an answer from before a write they have been told of;
 * - every change another instance (or a job) announces on the change feed forgets that
 *   organisation's answers and the organisation lists, before the event reaches any browser;
 * - while this instance cannot hear the change feed, nothing is reused or kept;
 * - and at most `seconds` after it was made, whatever happened (SESSION_CACHE_SECONDS, the same
 *   window in which a session or token revoked on another instance may still be honoured).
 *
 * The key is the session (or, for tokens, the person), the organisation and the whole URL. The
 * guard still authenticates every request before a cached answer is sent, so sign-out, a revoked
 * token and an expired session take effect exactly as before; what is skipped on a reuse is the
 * organisation's access check, which the same key passed within those seconds and which any change
 * to memberships or roles (a write) makes run again.
 */
export interface ReadCache {
  /** An organisation's data changed (a change-feed message): forget its answers. */
  changed(tenantId: string): void;
  /** Whether the change feed is heard; while it is not, the cache is off (and emptied). */
  hearing(isHearing: boolean): void;
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET whose 200 answer may be reused for a few seconds (http/read-cache.ts). */
    readCache?: boolean;
  }
  interface FastifyInstance {
    readCache: ReadCache;
  }
  interface FastifyRequest {
    readCacheState: PendingRead | 'write' | 'hit' | null;
  }
}

interface Entry {
  payload: string;
  contentType: string;
  generation: number;
  tenantGeneration: number;
  expiresAt: number;
}

interface PendingRead {
  key: string;
  tenant: string;
  generation: number;
  tenantGeneration: number;
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerReadCache(app: FastifyInstance, options: { seconds: number; maxEntries?: number }) {
  const ttlMs = options.seconds * 1000;
  const maxEntries = options.maxEntries ?? 2000;
  const entries = new Map<string, Entry>();
  /** Bumped by every write request, at its start and after its response. */
  let generation = 0;
  /** Per organisation ('' for the caller's own lists), bumped by the change feed. */
  const tenantGenerations = new Map<string, number>();
  let isHearing = true;

  const tenantGeneration = (tenant: string) => tenantGenerations.get(tenant) ?? 0;
  const bumpTenant = (tenant: string) => tenantGenerations.set(tenant, tenantGeneration(tenant) + 1);

  const cache: ReadCache = {
    changed(tenantId) {
      bumpTenant(tenantId);
      // The caller's organisation list (names, unread counts) spans organisations.
      bumpTenant('');
    },
    hearing(value) {
      isHearing = value;
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
  app.decorate('readCache', cache);
  app.decorateRequest('readCacheState', null);
  if (ttlMs <= 0) return;

  const writeStarts = async (request: FastifyRequest) => {
    generation++;
    entries.clear();
    request.readCacheState = 'write';
  };

  const writeEnds = async (request: FastifyRequest) => {
    if (request.readCacheState !== 'write') return;
    generation++;
    entries.clear();
  };

  const reuse = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || !isHearing) return;
    const key = keyOf(request);
    if (!key) return;
    const tenant = request.tenantId ?? '';
    const entry = entries.get(key);
    if (entry) {
      if (
        entry.generation === generation &&
        entry.tenantGeneration === tenantGeneration(tenant) &&
        entry.expiresAt > Date.now()
      ) {
        request.readCacheState = 'hit';
        reply.header('content-type', entry.contentType);
        return reply.code(200).send(entry.payload);
      }
      entries.delete(key);
    }
    request.readCacheState = { key, tenant, generation, tenantGeneration: tenantGeneration(tenant) };
  };

  const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const pending = request.readCacheState;
    if (pending === null || typeof pending === 'string') return payload;
    if (
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      isHearing &&
      reply.getHeader('set-cookie') === undefined &&
      pending.generation === generation &&
      pending.tenantGeneration === tenantGeneration(pending.tenant)
    ) {
      if (entries.size >= maxEntries) {
        // The oldest first: a Map iterates in insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(pending.key, {
        payload,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        generation: pending.generation,
        tenantGeneration: pending.tenantGeneration,
        expiresAt: Date.now() + ttlMs,
      });
    }
    return payload;
  };

  // The hooks go on the routes that need them, so every other request pays nothing: the writes of
  // /api (any method but GET, HEAD and OPTIONS) and the cached reads. Registered before any route.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.url.startsWith('/api/') && methods.some((m) => !readMethods.has(m))) {
      addRouteHook(route, 'onRequest', writeStarts);
      addRouteHook(route, 'onResponse', writeEnds);
    }
    if (route.config?.readCache && methods.includes('GET')) {
      addRouteHook(route, 'preHandler', reuse);
      addRouteHook(route, 'onSend', keep);
    }
  });
}

/** Adds a hook of this module after a route's own hooks of that kind. */
function addRouteHook(
  route: RouteOptions,
  name: 'onRequest' | 'onResponse' | 'preHandler' | 'onSend',
  hook: unknown,
) {
  const own = (route as unknown as Record<string, unknown>)[name];
  (route as unknown as Record<string, unknown>)[name] = own === undefined ? [hook] : [...[own].flat(), hook];
}

/** The session (or the person, for bearer tokens), the organisation and the URL; null if signed out. */
function keyOf(request: FastifyRequest): string | null {
  const caller = request.caller;
  if (!caller) return null;
  const who = caller.sessionId ? `s:${caller.sessionId}` : `${caller.method}:${caller.user.id}`;
  return `${who}\n${request.tenantId ?? ''}\n${request.url}`;
}
