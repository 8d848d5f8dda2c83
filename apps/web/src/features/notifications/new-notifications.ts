import type { Notification } from '@wattle/domain/notifications/schemas';

/**
 * Which notifications are new since the inbox was first loaded in this tenant, so each is toasted
 * once on arrival (spec shell section 4) and none of those that already existed is.
 */
export interface ArrivalTracker {
  /** Ids already known: present at the first load, or toasted since. */
  seen: ReadonlySet<string>;
  /** The newest timestamp of the first load (ms); null when the inbox was empty. */
  baseline: number | null;
}

/** The tracker of a first load: everything in it counts as already there. */
export function startTracking(notifications: readonly Notification[]): ArrivalTracker {
  const times = notifications.map((notification) => Date.parse(notification.timestamp));
  return {
    seen: new Set(notifications.map((notification) => notification.id)),
    baseline: times.length > 0 ? Math.max(...times) : null,
  };
}

/**
 * The unread notifications that arrived since the tracker was started, oldest first (so the newest
 * toast ends up on top), and the tracker that remembers them. A notification older than the first
 * load that only now comes into view (a page shifted after a delete) is not new, and is not toasted.
 */
export function takeArrivals(
  tracker: ArrivalTracker,
  notifications: readonly Notification[],
): { arrivals: Notification[]; tracker: ArrivalTracker } {
  const unseen = notifications.filter((notification) => !tracker.seen.has(notification.id));
  if (unseen.length === 0) return { arrivals: [], tracker };
  const seen = new Set(tracker.seen);
  for (const notification of unseen) seen.add(notification.id);
  const arrivals = unseen
    .filter(
      (notification) =>
        !notification.read &&
        (tracker.baseline === null || Date.parse(notification.timestamp) > tracker.baseline),
    )
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  return { arrivals, tracker: { seen, baseline: tracker.baseline } };
}
