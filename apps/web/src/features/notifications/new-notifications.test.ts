import type { Notification } from '@wattle/domain/notifications/schemas';
import { describe, expect, it } from 'vitest';
import { startTracking, takeArrivals } from './new-notifications';

function notification(n: number, minute: number, extra: Partial<Notification> = {}): Notification {
  return {
    id: `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    type: 'info',
    message: `Message ${n}`,
    read: false,
    priority: 'normal',
    timestamp: new Date(Date.UTC(2026, 4, 20, 12, minute)).toISOString(),
    invoiceId: null,
    participantName: null,
    approvalStatus: null,
    tenantAccessRequest: null,
    cardId: null,
    participantId: null,
    link: null,
    ...extra,
  };
}

const ids = (list: Notification[]) => list.map((n) => n.id);

describe('arrivals', () => {
  it('does not toast what existed at the first load', () => {
    const first = [notification(2, 10), notification(1, 5)];
    const tracker = startTracking(first);
    expect(takeArrivals(tracker, first).arrivals).toEqual([]);
  });

  it('toasts each new unread notification once, oldest first', () => {
    const tracker = startTracking([notification(1, 5)]);
    const next = [notification(3, 20), notification(2, 15), notification(1, 5)];
    const taken = takeArrivals(tracker, next);
    expect(ids(taken.arrivals)).toEqual(ids([notification(2, 15), notification(3, 20)]));
    expect(takeArrivals(taken.tracker, next).arrivals).toEqual([]);
  });

  it('skips new ones that are already read, and older ones that only came into view', () => {
    const tracker = startTracking([notification(5, 30), notification(4, 25)]);
    const taken = takeArrivals(tracker, [
      notification(6, 40, { read: true }),
      notification(5, 30),
      notification(3, 10),
    ]);
    expect(taken.arrivals).toEqual([]);
  });

  it('treats everything as new after an empty first load', () => {
    const tracker = startTracking([]);
    expect(tracker.baseline).toBeNull();
    expect(ids(takeArrivals(tracker, [notification(1, 1)]).arrivals)).toEqual(ids([notification(1, 1)]));
  });
});
