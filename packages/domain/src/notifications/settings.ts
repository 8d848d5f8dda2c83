import { z } from 'zod';
import type { NotificationType } from './rules';

/**
 * Notification settings (issue 17, `settings/notifications`): each person chooses, per kind of
 * notification and per organisation, whether it shows in the app and whether it is e-mailed, and
 * whether e-mails come one at a time or as one daily digest of what is still unread.
 *
 * Kinds group the notification types the server raises, so a choice stays meaningful as types are
 * added: every type belongs to exactly one kind (`notificationKindOf`).
 */
export const notificationKinds = [
  'comments',
  'approvals',
  'invoices',
  'deadlines',
  'participants',
  'staff',
  'organisation',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export interface NotificationKindInfo {
  label: string;
  description: string;
  /**
   * Asks the recipient to decide something from the inbox (an approval, an access request): it cannot
   * be hidden from the app, or nobody could answer it. E-mail is still the person's choice.
   */
  inAppRequired: boolean;
}

export const notificationKindInfo: Record<NotificationKind, NotificationKindInfo> = {
  comments: {
    label: 'Comments',
    description:
      'Comments on cards assigned to you or that you watch (and, for team leads, comments by family members), and mentions of you in any comment.',
    inAppRequired: false,
  },
  approvals: {
    label: 'Approvals',
    description: 'Time entries and invoices waiting on your approval, and the answers to your own.',
    inAppRequired: true,
  },
  invoices: {
    label: 'Invoices',
    description: 'Invoices sent, paid or overdue.',
    inAppRequired: false,
  },
  deadlines: {
    label: 'Commission deadlines',
    description: 'Plan, incident and restrictive practice report deadlines 7 days and 1 day away, or missed.',
    inAppRequired: false,
  },
  participants: {
    label: 'Participants',
    description: 'NDIS plans ending within 30 days and plan budgets more than 80% used.',
    inAppRequired: false,
  },
  staff: {
    label: 'Staff screening',
    description: 'Screening checks and registrations expiring within 30 days, or expired.',
    inAppRequired: false,
  },
  organisation: {
    label: 'Organisation',
    description: 'System admin access requests, trial reminders and other notices.',
    inAppRequired: true,
  },
};

const kindOfType: Record<NotificationType, NotificationKind> = {
  mention: 'comments',
  comment: 'comments',
  approval: 'approvals',
  approved: 'approvals',
  rejected: 'approvals',
  'time-entry-rejected': 'approvals',
  payment: 'invoices',
  overdue: 'invoices',
  sent: 'invoices',
  deadline: 'deadlines',
  'deadline-overdue': 'deadlines',
  'plan-ending': 'participants',
  budget: 'participants',
  screening: 'staff',
  'tenant-access': 'organisation',
  trial: 'organisation',
  info: 'organisation',
};

export function notificationKindOf(type: NotificationType): NotificationKind {
  return kindOfType[type];
}

export const NotificationKindSchema = z.enum(notificationKinds);

export const NotificationChannelsSchema = z.object({
  inApp: z.boolean(),
  email: z.boolean(),
});
export type NotificationChannels = z.infer<typeof NotificationChannelsSchema>;

const kindsShape = Object.fromEntries(
  notificationKinds.map((k) => [k, NotificationChannelsSchema]),
) as Record<NotificationKind, typeof NotificationChannelsSchema>;

export const NotificationSettingsSchema = z.object({
  kinds: z.object(kindsShape),
  /** E-mail once a day, summarising unread notifications, instead of one e-mail each. */
  dailyDigest: z.boolean(),
  /** When the person's settings last changed; null while they are the defaults. */
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** The whole set is replaced; a kind that needs the app refuses `inApp: false`, naming the kind. */
export const UpdateNotificationSettingsSchema = z
  .object({ kinds: z.object(kindsShape), dailyDigest: z.boolean() })
  .superRefine((value, ctx) => {
    for (const kind of notificationKinds) {
      const info = notificationKindInfo[kind];
      if (info.inAppRequired && !value.kinds[kind].inApp) {
        ctx.addIssue({
          code: 'custom',
          path: ['kinds', kind, 'inApp'],
          message: `${info.label} must show in the app: they ask you to decide something there`,
        });
      }
    }
  });
export type UpdateNotificationSettings = z.infer<typeof UpdateNotificationSettingsSchema>;

/** Everything in the app and by e-mail, one e-mail each: what a person has until they choose. */
export function defaultNotificationKinds(): Record<NotificationKind, NotificationChannels> {
  return Object.fromEntries(notificationKinds.map((k) => [k, { inApp: true, email: true }])) as Record<
    NotificationKind,
    NotificationChannels
  >;
}

/** Settings as stored (possibly from before a kind existed) made whole: a missing kind takes the default. */
export function completeNotificationKinds(
  stored: Partial<Record<string, Partial<NotificationChannels>>> | null | undefined,
): Record<NotificationKind, NotificationChannels> {
  const kinds = defaultNotificationKinds();
  for (const kind of notificationKinds) {
    const saved = stored?.[kind];
    if (!saved) continue;
    kinds[kind] = {
      inApp: notificationKindInfo[kind].inAppRequired ? true : saved.inApp !== false,
      email: saved.email !== false,
    };
  }
  return kinds;
}
