import type { ChangeEvent } from '@wattle/domain/events/rules';
import { parseChangeEvent } from './live-query-keys';

/** The part of the browser's EventSource this module uses (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

/**
 * Where the stream stands: 'connecting' before it first opens, 'open' while changes arrive through
 * it, 'down' while it is not (the browser retrying, or this module waiting to reopen it), which is
 * when the polling fallback runs.
 */
export type LiveState = 'connecting' | 'open' | 'down';

const closedState = 2;
export const pollIntervalMs = 5000;
const maxReconnectDelayMs = 30_000;

export interface LiveConnectionOptions {
  url: string;
  /** A change reported by the server. */
  onChange: (event: ChangeEvent) => void;
  /**
   * Refresh everything the feed keeps fresh: every 5 s while the stream is down and the page is
   * visible, once when a hidden page becomes visible while the stream is down, and once after a
   * reconnect, for what was missed.
   */
  onRefresh: () => void;
  /** Each change of the stream's state. */
  onStateChange?: (state: LiveState) => void;
  createSource?: (url: string) => EventSourceLike;
  isPageVisible?: () => boolean;
  /** Calls `listener` when the page is shown or hidden; returns the function that stops it. */
  onVisibilityChange?: (listener: () => void) => () => void;
}

function browserEventSource(url: string): EventSourceLike {
  return new EventSource(url, { withCredentials: true });
}

function isBrowserPageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

function onBrowserVisibilityChange(listener: () => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/**
 * Keeps a server-sent-event stream open (DESIGN.md section 4): the browser retries a dropped
 * connection by itself; when it gives up (an error status) this reopens it with a back-off up to
 * 30 s. While the stream is not open, `onRefresh` runs every 5 s if the page is visible (the polling
 * fallback; spec work section 4: paused while hidden). A hidden page keeps its stream: changes it
 * hears only mark queries stale, which costs nothing until something on screen needs them.
 * Returns the function that closes it all.
 */
export function openLiveConnection(options: LiveConnectionOptions): () => void {
  const createSource = options.createSource ?? browserEventSource;
  const isPageVisible = options.isPageVisible ?? isBrowserPageVisible;
  const onVisibilityChange = options.onVisibilityChange ?? onBrowserVisibilityChange;
  let source: EventSourceLike | null = null;
  let state: LiveState = 'connecting';
  let hasOpened = false;
  let isClosed = false;
  let failures = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  const setState = (next: LiveState) => {
    if (next === state || isClosed) return;
    state = next;
    options.onStateChange?.(next);
  };

  const connect = () => {
    if (isClosed) return;
    let current: EventSourceLike;
    try {
      current = createSource(options.url);
    } catch {
      setState('down');
      scheduleReconnect();
      return;
    }
    source = current;
    current.onopen = () => {
      failures = 0;
      setState('open');
      // Changes made while the stream was down were never announced: catch up once.
      if (hasOpened) options.onRefresh();
      hasOpened = true;
    };
    current.onmessage = (message) => {
      const event = parseChangeEvent(message.data);
      if (event) options.onChange(event);
    };
    current.onerror = () => {
      setState('down');
      if (current.readyState === closedState) {
        current.close();
        scheduleReconnect();
      }
    };
  };

  const scheduleReconnect = () => {
    if (isClosed) return;
    const delay = Math.min(1000 * 2 ** failures, maxReconnectDelayMs);
    failures += 1;
    reconnectTimer = setTimeout(connect, delay);
  };

  // 'connecting' counts as down for polling: a stream that never opens must not leave the page stale.
  const isStreamDown = () => state !== 'open';

  const pollTimer = setInterval(() => {
    if (isStreamDown() && isPageVisible()) options.onRefresh();
  }, pollIntervalMs);

  // Polls skipped while hidden may have missed changes: refresh once on coming back.
  const stopWatchingVisibility = onVisibilityChange(() => {
    if (isStreamDown() && isPageVisible()) options.onRefresh();
  });

  connect();

  return () => {
    isClosed = true;
    clearInterval(pollTimer);
    clearTimeout(reconnectTimer);
    stopWatchingVisibility();
    source?.close();
    source = null;
  };
}
