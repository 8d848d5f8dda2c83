import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeFeed } from './change-feed';
import { heartbeatMs, openEventStream, streamLifetimeMs } from './event-stream';

const tenantId = '0190f3a0-0000-7000-8000-000000000001';
const otherTenant = '0190f3a0-0000-7000-8000-000000000002';
const userId = '0190f3a0-0000-7000-8000-00000000000a';
const otherUser = '0190f3a0-0000-7000-8000-00000000000b';
const event = { type: 'created', entity: 'notification', id: 'n1', version: null } as const;

function collect(feed: ChangeFeed) {
  const events = openEventStream({ feed, tenantId, userId });
  let text = '';
  events.stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { events, text: () => text };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('event stream', () => {
  it('opens with the reconnect delay and a comment, then a heartbeat every 25 s', async () => {
    const { events, text } = collect(new ChangeFeed());
    await vi.advanceTimersByTimeAsync(0);
    expect(text()).toBe('retry: 3000\n: connected\n\n');
    await vi.advanceTimersByTimeAsync(heartbeatMs - 1);
    expect(text()).not.toContain('heartbeat');
    await vi.advanceTimersByTimeAsync(1);
    expect(text()).toContain(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(heartbeatMs);
    expect(text().match(/: heartbeat/g)).toHaveLength(2);
    events.close();
  });

  it("sends the tenant's changes and the caller's own, of other tenants only that their notifications changed", async () => {
    const feed = new ChangeFeed();
    const { events, text } = collect(feed);
    const send = (message: unknown) => feed.dispatch(JSON.stringify(message));
    send({ tenantId, userId, event });
    send({ tenantId, userId: null, event: { ...event, entity: 'team', id: 't1' } });
    send({ tenantId, userId: otherUser, event: { ...event, id: 'someone-else' } });
    send({ tenantId: otherTenant, userId, event: { ...event, id: 'other-tenant' } });
    send({ tenantId, userId, event: { ...event, type: 'exploded' } });
    feed.dispatch('not json');
    await vi.advanceTimersByTimeAsync(0);
    const data = text()
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)));
    expect(data).toEqual([
      event,
      { ...event, entity: 'team', id: 't1' },
      // The caller's notification in their other organisation: which one, and nothing of it.
      { type: 'updated', entity: 'tenant-unread', id: otherTenant, version: null },
    ]);
    events.close();
  });

  it('ends after its lifetime, unsubscribing, so the client reconnects through the checks again', async () => {
    const feed = new ChangeFeed();
    const onClose = vi.fn();
    const events = openEventStream({ feed, tenantId, userId, onClose });
    const ended = new Promise((resolve) => events.stream.on('end', resolve));
    events.stream.resume();
    expect(feed.size).toBe(1);
    await vi.advanceTimersByTimeAsync(streamLifetimeMs);
    await ended;
    expect(feed.size).toBe(0);
    expect(onClose).toHaveBeenCalledTimes(1);
    events.close();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cuts off a client that stops reading instead of buffering without limit', async () => {
    const feed = new ChangeFeed();
    const events = openEventStream({ feed, tenantId, userId });
    for (let i = 0; i < 5000 && feed.size > 0; i++) {
      feed.dispatch(JSON.stringify({ tenantId, userId, event: { ...event, id: `n${i}`.padEnd(100, 'x') } }));
    }
    expect(feed.size).toBe(0);
    events.close();
  });
});
