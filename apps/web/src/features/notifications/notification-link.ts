import { isAppLink } from '@wattle/domain/notifications/rules';
import type { Notification } from '@wattle/domain/notifications/schemas';

/** Where following a notification goes: its page when it has one, else its card, else nowhere. */
export function notificationTarget(
  notification: Pick<Notification, 'link' | 'cardId'>,
): { href: string; label: string } | null {
  if (isAppLink(notification.link)) return { href: notification.link, label: linkLabel(notification.link) };
  if (notification.cardId) {
    return { href: `/card/${encodeURIComponent(notification.cardId)}`, label: 'Open card' };
  }
  return null;
}

/** The button's words for a page: what it opens, read from the path. */
function linkLabel(link: string): string {
  const path = link.split(/[?#]/)[0] ?? link;
  if (path === '/incidents') return 'Open incident';
  if (/^\/my-teams\/[^/]+\/bsp\/[^/]+$/.test(path)) return 'Open plan';
  if (/^\/my-teams\/[^/]+\/bsp$/.test(path)) return 'Open behaviour support';
  if (/^\/my-teams\/[^/]+\/restrictive-practices$/.test(path)) return 'Open restrictive practices';
  return 'Open';
}

/** A click the browser should handle itself (a new tab or window), not the app's router. */
export function isModifiedClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}
