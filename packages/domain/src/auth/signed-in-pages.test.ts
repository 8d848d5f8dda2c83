import { describe, expect, it } from 'vitest';
import { hasFirstPaint, isSignedInPage } from './signed-in-pages';

describe('isSignedInPage', () => {
  it('is every page but the sign-in page and an invitation', () => {
    for (const page of ['/', '/inbox', '/card/abc', '/my-teams/north/work-board', '/onboarding', '/invites'])
      expect(isSignedInPage(page)).toBe(true);
    for (const page of ['/login', '/invite/abc123']) expect(isSignedInPage(page)).toBe(false);
  });
});

describe('hasFirstPaint', () => {
  it('is the pages people work in', () => {
    for (const page of [
      '/inbox',
      '/dashboard',
      '/card/01a2290a-8345-72a6-b453-4c6a49d88ea3',
      '/my-teams/north/work-board',
      '/my-teams/north/list',
      '/participants',
      '/invoices/abc',
      '/timesheet',
    ])
      expect(hasFirstPaint(page)).toBe(true);
  });

  it('is not a page that only sends the person on, a form for something new, or the sign-in page', () => {
    for (const page of [
      '/',
      '/login',
      '/my-teams/north',
      '/participants/new',
      '/invoices/new',
      '/participants/abc/edit',
      '/participants/abc',
      '/my-teams/north/bsp/new',
      '/handbook',
      '/documentation',
      '/settings/user',
      '/inbox/extra',
    ])
      expect(hasFirstPaint(page)).toBe(false);
  });
});
