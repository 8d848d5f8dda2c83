import { describe, expect, it } from 'vitest';
import { notificationTypes } from './rules';
import {
  completeNotificationKinds,
  defaultNotificationKinds,
  notificationKindOf,
  notificationKinds,
  UpdateNotificationSettingsSchema,
} from './settings';

describe('notification settings', () => {
  it('puts every notification type in one of the kinds', () => {
    for (const type of notificationTypes) expect(notificationKinds).toContain(notificationKindOf(type));
    expect(notificationKindOf('mention')).toBe('comments');
    expect(notificationKindOf('comment')).toBe('comments');
  });

  it('makes stored settings whole: missing kinds default on, required in-app stays on', () => {
    const kinds = completeNotificationKinds({
      comments: { inApp: false, email: false },
      approvals: { inApp: false, email: false },
    });
    expect(kinds.comments).toEqual({ inApp: false, email: false });
    expect(kinds.approvals).toEqual({ inApp: true, email: false });
    expect(kinds.invoices).toEqual({ inApp: true, email: true });
    expect(completeNotificationKinds(null)).toEqual(defaultNotificationKinds());
  });

  it('refuses hiding a kind that asks for a decision, naming it', () => {
    const kinds = defaultNotificationKinds();
    kinds.organisation.inApp = false;
    const parsed = UpdateNotificationSettingsSchema.safeParse({ kinds, dailyDigest: false });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['kinds', 'organisation', 'inApp'],
      message: 'Organisation must show in the app: they ask you to decide something there',
    });
    kinds.organisation.inApp = true;
    kinds.comments = { inApp: false, email: true };
    expect(UpdateNotificationSettingsSchema.safeParse({ kinds, dailyDigest: true }).success).toBe(true);
  });
});
