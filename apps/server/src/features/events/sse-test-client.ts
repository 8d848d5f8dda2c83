/**
 * For API tests only: reads `GET /api/events` over a real socket (inject() waits for a response to
 * end, and a stream does not), collecting the `data:` events as they arrive.
 */
import type { ChangeEvent } from '@wattle/domain/events/rules';

export interface SseTestStream {
  status: number;
  contentType: string | null;
  /** Resolves with every `data:` event after the last one matched, up to and including the first that matches. */
  until(match: (event: ChangeEvent) => boolean, timeoutMs?: number): Promise<ChangeEvent[]>;
  /** Resolves when the server ends the stream. */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
}

/**
 * Opens the stream at `base` (e.g. `http://127.0.0.1:1234`) with a signed-in client's cookies;
 * `query` is appended to /api/events as it is.
 */
export async function connectEventStream(
  base: string,
  cookies: Record<string, string>,
  query: string,
  headers: Record<string, string> = {},
): Promise<SseTestStream> {
  const controller = new AbortController();
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const res = await fetch(`${base}/api/events${query}`, {
    headers: { cookie, ...headers },
    signal: controller.signal,
  });
  if (!res.body) throw new Error('the event stream answered without a body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const events: ChangeEvent[] = [];
  let seen = 0;
  const pump = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      /* aborted */
    }
    done = true;
  })();
  const waitFor = async (ready: () => boolean, timeoutMs: number, what: string) => {
    const until = Date.now() + timeoutMs;
    while (!ready()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    async until(match, timeoutMs = 5000) {
      await waitFor(() => events.slice(seen).some(match), timeoutMs, 'an event');
      const upTo = events.findIndex((e, i) => i >= seen && match(e)) + 1;
      const got = events.slice(seen, upTo);
      seen = upTo;
      return got;
    },
    async ended(timeoutMs = 5000) {
      await waitFor(() => done, timeoutMs, 'the end of the stream');
      await pump;
    },
    close: () => controller.abort(),
  };
}
