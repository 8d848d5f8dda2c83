import { describe, expect, it } from 'vitest';
import { isModifiedClick, notificationTarget } from './notification-link';

const cardId = '0190a000-0000-7000-8000-000000000001';

describe('notificationTarget', () => {
  it("opens the notification's page before its card", () => {
    expect(notificationTarget({ link: `/incidents?incident=${cardId}`, cardId })).toEqual({
      href: `/incidents?incident=${cardId}`,
      label: 'Open incident',
    });
    expect(notificationTarget({ link: `/my-teams/jordans-care-team/bsp/${cardId}`, cardId })?.label).toBe(
      'Open plan',
    );
    expect(notificationTarget({ link: '/my-teams/jordans-care-team/bsp', cardId: null })?.label).toBe(
      'Open behaviour support',
    );
    expect(
      notificationTarget({ link: '/my-teams/mias-care-team/restrictive-practices', cardId: null })?.label,
    ).toBe('Open restrictive practices');
    expect(notificationTarget({ link: '/inbox', cardId: null })).toEqual({ href: '/inbox', label: 'Open' });
  });

  it('opens the card of a notification without a page, and nothing without either', () => {
    expect(notificationTarget({ link: null, cardId })).toEqual({
      href: `/card/${cardId}`,
      label: 'Open card',
    });
    expect(notificationTarget({ link: null, cardId: null })).toBeNull();
  });

  it('never follows a link out of the app', () => {
    expect(notificationTarget({ link: '//evil.example', cardId })?.href).toBe(`/card/${cardId}`);
    expect(notificationTarget({ link: 'https://evil.example', cardId: null })).toBeNull();
  });
});

describe('isModifiedClick', () => {
  const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
  it('leaves new-tab clicks to the browser', () => {
    expect(isModifiedClick(plain)).toBe(false);
    expect(isModifiedClick({ ...plain, ctrlKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, metaKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, button: 1 })).toBe(true);
  });
});
