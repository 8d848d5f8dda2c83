/**
 * The rules of notifications that need no parsing library: types, priorities and how each toast
 * looks and lasts (spec shell sections 8 and 9). The web shell shows these toasts on every page, so
 * this module stays free of zod; `schemas.ts` beside it builds the API's schemas from these lists.
 */

/** Notification types (spec shell section 8 names a toast title for each). */
export const notificationTypes = [
  'tenant-access',
  'payment',
  'overdue',
  'approval',
  'sent',
  'approved',
  'rejected',
  'trial',
  'info',
  /** Someone @mentioned the recipient in a card's comment thread. */
  'mention',
  /** Someone commented on a card the recipient follows (assigned, watched, or a family's on their team). */
  'comment',
  /** A participant's NDIS plan ends within 30 days (to the team lead). */
  'plan-ending',
  /** A plan budget is more than 80% used (to the team lead). */
  'budget',
  /** A staff member's screening check or registration expires within 30 days, or has expired. */
  'screening',
  /** A team lead rejected one of the recipient's time entries; the message carries the reason. */
  'time-entry-rejected',
  /** A Commission deadline (plan, incident, restrictive practice report) is 7 days or 1 day away. */
  'deadline',
  /** A Commission deadline has passed without being met. */
  'deadline-overdue',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationPriorities = ['low', 'normal', 'high'] as const;

/** Where an approval waiting on the recipient stands; a pending one counts as unread. */
export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;
export type NotificationPriority = (typeof notificationPriorities)[number];

/**
 * Whether a notification's link is a page of the app (`/my-teams/…/bsp`, `/incidents?incident=…`):
 * a path from the root, never another site (`//host`, `https:`), so following it never leaves Wattle.
 */
export function isAppLink(link: string | null | undefined): link is string {
  return typeof link === 'string' && /^\/(?![/\\])[^\s]*$/.test(link);
}

/** Toast titles by type (spec shell section 8). */
export const notificationToastTitles: Record<NotificationType, string> = {
  'tenant-access': 'System Admin Access Request',
  payment: 'Payment Received',
  overdue: 'Invoice Overdue',
  approval: 'Approval Required',
  sent: 'Invoice Sent',
  approved: 'Request Approved',
  rejected: 'Request Rejected',
  trial: 'Trial Reminder',
  info: 'Notification',
  mention: 'You were mentioned',
  comment: 'New Comment',
  'plan-ending': 'Plan Ending Soon',
  budget: 'Budget Alert',
  screening: 'Screening Check Expiring',
  'time-entry-rejected': 'Time Entry Rejected',
  deadline: 'Commission Deadline',
  'deadline-overdue': 'Commission Deadline Overdue',
};

/** Destructive style for high priority, overdue and rejections; default otherwise (spec shell section 8). */
export function isDestructiveNotification(n: { type: NotificationType; priority: string }): boolean {
  return (
    n.priority === 'high' ||
    n.type === 'overdue' ||
    n.type === 'rejected' ||
    n.type === 'time-entry-rejected' ||
    n.type === 'deadline-overdue'
  );
}

/** 8000 ms for high priority, 5000 ms otherwise (spec shell section 9). */
export function notificationToastDuration(n: { priority: string }): number {
  return n.priority === 'high' ? 8000 : 5000;
}
