import { PassThrough } from 'node:stream';
import type { ChangeEvent } from '@wattle/domain/events/rules';
import type { ChangeFeed } from './change-feed';

/** A comment line every 25 s keeps proxies and load balancers from closing an idle stream. */
export const heartbeatMs = 25_000;
/**
 * A stream ends after 15 minutes and the browser's EventSource reconnects at once, going through
 * sign-in and the tenant membership check again: a revoked session or membership stops receiving
 * within that time.
 */
export const streamLifetimeMs = 15 * 60_000;
/** A client that stops reading is cut off rather than buffered for without limit. */
const maxBufferedBytes = 256 * 1024;
/** How long EventSource waits before reconnecting after the stream ends. */
const reconnectMs = 3000;

export interface EventStream {
  /** The text/event-stream body. */
  stream: PassThrough;
  /** Ends the stream (idempotent): the client went away, the lifetime ran out, or the server stops. */
  close(): void;
}

/**
 * One server-sent-event stream for one person in one tenant: `data: {type, entity, id, version}`
 * per change that concerns them, and a heartbeat comment.
 */
export function openEventStream(options: {
  feed: ChangeFeed;
  tenantId: string;
  userId: string;
  onClose?: () => void;
  heartbeatMs?: number;
  lifetimeMs?: number;
}): EventStream {
  const stream = new PassThrough();
  let closed = false;

  const write = (chunk: string) => {
    if (closed) return;
    stream.write(chunk);
    if (stream.writableLength > maxBufferedBytes) close();
  };
  const unsubscribe = options.feed.subscribe({
    tenantId: options.tenantId,
    userId: options.userId,
    send: (event: ChangeEvent) => write(`data: ${JSON.stringify(event)}\n\n`),
  });
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs ?? heartbeatMs);
  const lifetime = setTimeout(() => close(), options.lifetimeMs ?? streamLifetimeMs);
  heartbeat.unref();
  lifetime.unref();

  function close() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe();
    stream.end();
    options.onClose?.();
  }

  stream.on('close', close);
  stream.on('error', close);
  // The opening comment lets the client (and tests) see the stream is live before any change.
  write(`retry: ${reconnectMs}\n: connected\n\n`);
  return { stream, close };
}
