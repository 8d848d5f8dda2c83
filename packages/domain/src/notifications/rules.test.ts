import { describe, expect, it } from 'vitest';
import {
  isAppLink,
  isDestructiveNotification,
  notificationToastDuration,
  notificationToastTitles,
  notificationTypes,
} from './rules';

describe('notification toasts (spec shell sections 8 and 9)', () => {
  it('are titled by type', () => {
    expect(notificationTypes.map((type) => notificationToastTitles[type])).toEqual([
      'System Admin Access Request',
      'Payment Received',
      'Invoice Overdue',
      'Approval Required',
      'Invoice Sent',
      'Request Approved',
      'Request Rejected',
      'Trial Reminder',
      'Notification',
      'You were mentioned',
      'New Comment',
      'Plan Ending Soon',
      'Budget Alert',
      'Screening Check Expiring',
      'Time Entry Rejected',
      'Commission Deadline',
      'Commission Deadline Overdue',
    ]);
  });

  it('are destructive for high priority, overdue and rejected', () => {
    expect(isDestructiveNotification({ type: 'info', priority: 'high' })).toBe(true);
    expect(isDestructiveNotification({ type: 'overdue', priority: 'low' })).toBe(true);
    expect(isDestructiveNotification({ type: 'rejected', priority: 'normal' })).toBe(true);
    expect(isDestructiveNotification({ type: 'time-entry-rejected', priority: 'normal' })).toBe(true);
    expect(isDestructiveNotification({ type: 'deadline-overdue', priority: 'normal' })).toBe(true);
    expect(isDestructiveNotification({ type: 'deadline', priority: 'normal' })).toBe(false);
    expect(isDestructiveNotification({ type: 'approved', priority: 'normal' })).toBe(false);
    expect(isDestructiveNotification({ type: 'payment', priority: 'low' })).toBe(false);
  });

  it('last 8000 ms for high priority, 5000 ms otherwise', () => {
    expect(notificationToastDuration({ priority: 'high' })).toBe(8000);
    expect(notificationToastDuration({ priority: 'normal' })).toBe(5000);
    expect(notificationToastDuration({ priority: 'low' })).toBe(5000);
  });
});

describe('isAppLink', () => {
  it('takes paths of the app, with their query', () => {
    expect(isAppLink('/my-teams/jordans-care-team/bsp')).toBe(true);
    expect(isAppLink('/incidents?incident=0190a000-0000-7000-8000-000000000001')).toBe(true);
  });

  it('refuses anything that could leave the app', () => {
    for (const link of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'bsp',
      '/a b',
      '',
    ]) {
      expect(isAppLink(link), link).toBe(false);
    }
    expect(isAppLink(null)).toBe(false);
  });
});
