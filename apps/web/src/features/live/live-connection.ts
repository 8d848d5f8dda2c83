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

const closedState = 2;
export const pollIntervalMs = 5000;
const maxReconnectDelayMs = 30_000;

export interface LiveConnectionOptions {
  url: string;
  /** A change reported by the server. */
  onChange: (event: ChangeEvent) => void;
  /** Every 5 s while the stream is down and the page is visible; also once after a reconnect, for what was missed. */
  onRefresh: () => void;
  createSource?: (url: string) => EventSourceLike;
  isPageVisible?: () => boolean;
}

function browserEventSource(url: string): EventSourceLike {
  return new EventSource(url, { withCredentials: true });
}

function isBrowserPageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/**
 * Keeps a server-sent-event stream open (DESIGN.md section 4): the browser retries a dropped
 * connection by itself; when it gives up (an error status) this reopens it with a back-off up to
 * 30 s. While the stream is not open, `onRefresh` runs every 5 s if the page is visible (the polling
 * fallback). Returns the function that closes it all.
 */
export function openLiveConnection(options: LiveConnectionOptions): () => void {
  const createSource = options.createSource ?? browserEventSource;
  const isPageVisible = options.isPageVisible ?? isBrowserPageVisible;
  let source: EventSourceLike | null = null;
  let isOpen = false;
  let hasOpened = false;
  let isClosed = false;
  let failures = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    if (isClosed) return;
    let current: EventSourceLike;
    try {
      current = createSource(options.url);
    } catch {
      scheduleReconnect();
      return;
    }
    source = current;
    current.onopen = () => {
      isOpen = true;
      failures = 0;
      // Changes made while the stream was down were never announced: catch up once.
      if (hasOpened) options.onRefresh();
      hasOpened = true;
    };
    current.onmessage = (message) => {
      const event = parseChangeEvent(message.data);
      if (event) options.onChange(event);
    };
    current.onerror = () => {
      isOpen = false;
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

  const pollTimer = setInterval(() => {
    if (!isOpen && isPageVisible()) options.onRefresh();
  }, pollIntervalMs);

  connect();

  return () => {
    isClosed = true;
    isOpen = false;
    clearInterval(pollTimer);
    clearTimeout(reconnectTimer);
    source?.close();
    source = null;
  };
}
