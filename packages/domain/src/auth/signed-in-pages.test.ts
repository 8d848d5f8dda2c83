import { describe, expect, it } from 'vitest';
import { isSignedInPage } from './signed-in-pages';

describe('isSignedInPage', () => {
  it('is every page but the sign-in page and an invitation', () => {
    for (const page of ['/', '/inbox', '/card/abc', '/my-teams/north/work-board', '/onboarding', '/invites'])
      expect(isSignedInPage(page)).toBe(true);
    for (const page of ['/login', '/invite/abc123']) expect(isSignedInPage(page)).toBe(false);
  });
});
