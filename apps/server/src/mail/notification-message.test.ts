import { describe, expect, it } from 'vitest';
import { digestMessage, notificationMessage } from './notification-message';

const common = {
  to: 'olivia@example.org',
  recipientName: 'Olivia <Owner>',
  organisationName: 'Sunrise',
  baseUrl: 'https://wattle.test',
  timeZone: 'Australia/Sydney',
};

describe('notification e-mails', () => {
  it('one notification: its title as subject, the message, a link to it and to the settings, HTML escaped', () => {
    const mail = notificationMessage({
      ...common,
      item: {
        type: 'comment',
        message: 'Lee commented on SUN-00001: <b>hi</b>',
        link: '/card/abc',
        createdAt: new Date(),
      },
    });
    expect(mail.subject).toBe('New Comment: Lee commented on SUN-00001: <b>hi</b>');
    expect(mail.text).toContain('https://wattle.test/card/abc');
    expect(mail.text).toContain('https://wattle.test/settings/notifications');
    expect(mail.html).toContain('&lt;b&gt;hi&lt;/b&gt;');
    expect(mail.html).toContain('Olivia &lt;Owner&gt;');
    expect(mail.html).not.toContain('<b>hi</b>');
  });

  it('the digest: a count, each item with its time on the person’s clock and link', () => {
    const mail = digestMessage({
      ...common,
      items: [
        { type: 'mention', message: 'First', link: '/card/1', createdAt: new Date('2026-11-26T21:30:00Z') },
        { type: 'deadline', message: 'Second', link: null, createdAt: new Date('2026-11-26T22:00:00Z') },
      ],
    });
    expect(mail.subject).toBe('Your Wattle digest for Sunrise: 2 unread notifications');
    expect(mail.text).toContain('You were mentioned (27 Nov, 8:30 am): First');
    expect(mail.text).toContain('https://wattle.test/inbox');
  });
});
