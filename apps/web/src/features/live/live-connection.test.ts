import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EventSourceLike, type LiveState, openLiveConnection, pollIntervalMs } from './live-connection';
import { allLiveQueryKeys, liveQueryKeys, parseChangeEvent } from './live-query-keys';

class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  isClosed = false;
  constructor(readonly url: string) {}
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  send(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.({} as Event);
  }
  close() {
    this.isClosed = true;
    this.readyState = 2;
  }
}

let sources: FakeSource[];
let visible: boolean;
let visibilityListeners: Set<() => void>;

/** The page is shown or hidden, as the browser's visibilitychange event says. */
function setVisible(next: boolean) {
  visible = next;
  for (const listener of visibilityListeners) listener();
}

function open() {
  const onChange = vi.fn();
  const onRefresh = vi.fn();
  const states: LiveState[] = [];
  const close = openLiveConnection({
    url: '/api/events?tenantId=t1',
    onChange,
    onRefresh,
    createSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    isPageVisible: () => visible,
    onVisibilityChange: (listener) => {
      visibilityListeners.add(listener);
      return () => visibilityListeners.delete(listener);
    },
    onStateChange: (state) => states.push(state),
  });
  return { onChange, onRefresh, close, states };
}

beforeEach(() => {
  vi.useFakeTimers();
  sources = [];
  visible = true;
  visibilityListeners = new Set();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('openLiveConnection', () => {
  it('passes on each well-formed change and ignores anything else', () => {
    const { onChange, onRefresh } = open();
    sources[0]!.open();
    sources[0]!.send({ type: 'created', entity: 'notification', id: 'n1', version: null });
    sources[0]!.send('not json');
    sources[0]!.send({ type: 'exploded', entity: 'notification', id: 'n1', version: null });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({
      type: 'created',
      entity: 'notification',
      id: 'n1',
      version: null,
    });
    vi.advanceTimersByTime(pollIntervalMs * 3);
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('polls every 5 s while the stream is down and the page visible', () => {
    const { onRefresh } = open();
    sources[0]!.open();
    sources[0]!.fail(0); // the browser is retrying by itself
    vi.advanceTimersByTime(pollIntervalMs);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    visible = false;
    vi.advanceTimersByTime(pollIntervalMs * 2);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    visible = true;
    vi.advanceTimersByTime(pollIntervalMs);
    expect(onRefresh).toHaveBeenCalledTimes(2);
    // Back: one catch-up refresh, then no more polling.
    sources[0]!.open();
    expect(onRefresh).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(pollIntervalMs * 2);
    expect(onRefresh).toHaveBeenCalledTimes(3);
  });

  it('skips polls while hidden and refreshes once on coming back, only while the stream is down', () => {
    const { onRefresh } = open();
    sources[0]!.open();
    // Hidden and shown again with the stream open: nothing was missed, nothing to refresh.
    setVisible(false);
    setVisible(true);
    expect(onRefresh).not.toHaveBeenCalled();

    sources[0]!.fail(0);
    setVisible(false);
    vi.advanceTimersByTime(pollIntervalMs * 4);
    expect(onRefresh).not.toHaveBeenCalled();
    setVisible(true);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    // Then the 5 s polling carries on from where its interval stands.
    vi.advanceTimersByTime(pollIntervalMs);
    expect(onRefresh).toHaveBeenCalledTimes(2);
  });

  it('polls while the first connection has not opened yet', () => {
    const { onRefresh } = open();
    vi.advanceTimersByTime(pollIntervalMs);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    // The first open is no reconnect: no catch-up refresh, and polling stops.
    sources[0]!.open();
    vi.advanceTimersByTime(pollIntervalMs * 2);
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('reports each change of state once', () => {
    const { states, close } = open();
    sources[0]!.open();
    sources[0]!.fail(0);
    sources[0]!.fail(0);
    sources[0]!.open();
    sources[0]!.fail(2);
    vi.advanceTimersByTime(1000);
    sources[1]!.open();
    expect(states).toEqual(['open', 'down', 'open', 'down', 'open']);
    close();
    sources[1]!.fail(2);
    expect(states).toHaveLength(5);
  });

  it('reopens a stream the browser gave up on, backing off', () => {
    open();
    sources[0]!.fail(2);
    expect(sources[0]!.isClosed).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(sources).toHaveLength(2);
    sources[1]!.fail(2);
    vi.advanceTimersByTime(1999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    expect(sources[2]!.url).toBe('/api/events?tenantId=t1');
  });

  it('closes the stream and stops every timer and listener when closed', () => {
    const { onRefresh, close } = open();
    sources[0]!.fail(2);
    close();
    expect(sources[0]!.isClosed).toBe(true);
    expect(visibilityListeners.size).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    expect(onRefresh).not.toHaveBeenCalled();
  });
});

describe('live query keys', () => {
  it('maps entities to the key prefixes of their area in the tenant', () => {
    expect(liveQueryKeys('notification', 't1')).toEqual([['notifications', 't1']]);
    expect(liveQueryKeys('favorite', 't1')).toEqual([['favorites', 't1']]);
    expect(liveQueryKeys('toString', 't1')).toEqual([]);
    expect(liveQueryKeys('team-member', 't1')).toEqual([['tenant', 't1', 'teams']]);
    // A card's change also refreshes open searches and the dashboard's counts; a comment's does not
    // (comments are neither searched nor counted).
    expect(liveQueryKeys('card', 't1')).toEqual([
      ['cards', 't1'],
      ['search', 't1'], // searchKeys.all('t1')
      ['dashboard', 't1'],
    ]);
    // A comment's change refreshes file storage too: uploads and deletions announce one.
    expect(liveQueryKeys('comment', 't1')).toEqual([
      ['comments', 't1'],
      ['files', 't1'],
    ]);
    expect(liveQueryKeys('participant', 't1')).toEqual([['participants', 't1']]);
    expect(liveQueryKeys('timer', 't1')).toEqual([['time', 't1', 'timer']]);
    expect(liveQueryKeys('time-entry', 't1')).toEqual([
      ['time', 't1', 'entries'],
      ['dashboard', 't1'],
    ]);
    expect(liveQueryKeys('time-code', 't1')).toEqual([['time', 't1', 'codes']]);
    expect(liveQueryKeys('support-catalogue', 't1')).toEqual([
      ['support-catalogue', 't1'],
      ['time', 't1', 'codes'],
    ]);
    // Invoices and claim batches share the invoices area's prefix (features/invoices/invoice-keys.ts).
    expect(liveQueryKeys('invoice', 't1')).toEqual([
      ['invoices', 't1'],
      ['dashboard', 't1'],
    ]);
    expect(liveQueryKeys('claim', 't1')).toEqual([['invoices', 't1']]);
    expect(liveQueryKeys('tax-invoice-settings', 't1')).toEqual([['settings', 't1', 'tax-invoice']]);
    expect(liveQueryKeys('deadline', 't1')).toEqual([
      ['deadlines', 't1'],
      ['dashboard', 't1'],
    ]);
    expect(liveQueryKeys('audit-pack', 't1')).toEqual([['audit-packs', 't1']]);
    // Feature flags ride on the tenant list, which is not kept per tenant.
    expect(liveQueryKeys('tenant-features', 't1')).toEqual([['tenants']]);
    // The person's notifications changed in another organisation: the switcher's counts, kept per person.
    expect(liveQueryKeys('tenant-unread', 't1')).toEqual([['notification-counts']]);
    expect(allLiveQueryKeys('t1')).toEqual([
      ['notifications', 't1'],
      ['notification-counts'],
      ['favorites', 't1'],
      ['tenant', 't1', 'teams'],
      ['cards', 't1'],
      ['search', 't1'],
      ['dashboard', 't1'],
      ['templates', 't1'],
      ['participants', 't1'],
      ['comments', 't1'],
      ['files', 't1'],
      ['time', 't1', 'entries'],
      ['time', 't1', 'timer'],
      ['time', 't1', 'codes'],
      ['invoices', 't1'],
      ['tenants'],
      ['settings', 't1', 'tax-invoice'],
      ['support-catalogue', 't1'],
      ['restrictive-practices', 't1'],
      ['behaviour-support', 't1'],
      ['audit-packs', 't1'],
      ['deadlines', 't1'],
      ['incidents', 't1'],
    ]);
  });

  it('parses change events', () => {
    expect(parseChangeEvent('{"type":"deleted","entity":"favorite","id":"f","version":3}')).toEqual({
      type: 'deleted',
      entity: 'favorite',
      id: 'f',
      version: 3,
    });
    expect(parseChangeEvent(undefined)).toBeNull();
  });

  it('keeps only the event’s own fields and drops malformed messages', () => {
    expect(
      parseChangeEvent('{"type":"created","entity":"notification","id":"n","version":null,"extra":1}'),
    ).toEqual({ type: 'created', entity: 'notification', id: 'n', version: null });
    expect(parseChangeEvent('not json')).toBeNull();
    expect(parseChangeEvent('{"type":"renamed","entity":"favorite","id":"f","version":1}')).toBeNull();
    expect(parseChangeEvent('{"type":"updated","entity":"favorite","id":"f","version":1.5}')).toBeNull();
    expect(parseChangeEvent('{"type":"updated","entity":"favorite","id":"f"}')).toBeNull();
    expect(parseChangeEvent('null')).toBeNull();
  });
});
