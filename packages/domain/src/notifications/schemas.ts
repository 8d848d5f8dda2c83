import { z } from 'zod';
import { AccessRequestStatusSchema } from '../access-requests/schemas';
import { approvalStatuses, notificationPriorities, notificationTypes } from './rules';

export const NotificationTypeSchema = z.enum(notificationTypes);
export const NotificationPrioritySchema = z.enum(notificationPriorities);

export const ApprovalStatusSchema = z.enum(approvalStatuses);

export const NotificationAccessRequestSchema = z.object({
  requestId: z.uuid(),
  tenantName: z.string(),
  requestedBy: z.string(),
  requestedByEmail: z.string(),
  reason: z.string(),
  status: AccessRequestStatusSchema,
});

export const NotificationSchema = z.object({
  id: z.uuid(),
  type: NotificationTypeSchema,
  message: z.string(),
  read: z.boolean(),
  priority: NotificationPrioritySchema,
  timestamp: z.iso.datetime({ offset: true }),
  invoiceId: z.uuid().nullable(),
  participantName: z.string().nullable(),
  /** For an approval waiting on this user; a pending one counts as unread until decided. */
  approvalStatus: ApprovalStatusSchema.nullable(),
  tenantAccessRequest: NotificationAccessRequestSchema.nullable(),
  /** The card the notification is about (a mention in its comments); the inbox links to /card/{id}. */
  cardId: z
    .uuid()
    .nullable()
    .describe('The card the notification is about (a mention in its comments), else null'),
  /** The participant the notification is about (plan ending, budget); the inbox links to them. */
  participantId: z.uuid().nullable(),
  /**
   * The page of the app the notification is about (a Commission deadline's plan, incident or report),
   * a path from the root; the inbox opens it, in preference to the card.
   */
  link: z
    .string()
    .regex(/^\/(?![/\\])\S*$/)
    .nullable()
    .describe(
      "The app page the notification is about, a path from the root (e.g. '/incidents?incident=<id>'), else null",
    ),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  unread: z.enum(['true', 'false']).optional(),
});

export const UnreadCountSchema = z.object({ unread: z.number().int().min(0) });

/**
 * One organisation's unread count for the signed-in person (GET /api/notifications/unread-counts):
 * what the tenant switcher shows beside each of their other organisations.
 */
export const TenantUnreadCountSchema = z.object({ tenantId: z.uuid(), unread: z.number().int().min(0) });
export type TenantUnreadCount = z.infer<typeof TenantUnreadCountSchema>;

export const UpdateNotificationSchema = z.object({ read: z.boolean() });

/** Deciding the access request behind a tenant-access notification (Approve / Reject in the inbox). */
export const DecideNotificationSchema = z.object({ decision: z.enum(['approved', 'rejected']) });

/** `POST /api/notifications/read-all`: how many notifications it marked read. */
export const ReadAllNotificationsResultSchema = z.object({ marked: z.number().int().min(0) });
