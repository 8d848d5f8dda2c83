import { describe, expect, it } from 'vitest';
import {
  disabledFavoriteRoutes,
  disabledRouteMessage,
  favoritePathMax,
  isDisabledFavoriteRoute,
  isInAppPath,
  isValidFavoritePath,
} from './rules';
import { CreateFavoriteSchema } from './schemas';

describe('disabled favourite routes (spec shell section 5)', () => {
  it('are the six routes of the spec', () => {
    expect(disabledFavoriteRoutes).toEqual([
      '/dashboard',
      '/handbook',
      '/my-teams',
      '/participants',
      '/behavior-analytics',
      '/audit-packs',
    ]);
  });

  it('cover each route and everything beneath it, not its look-alikes', () => {
    expect(isDisabledFavoriteRoute('/dashboard')).toBe(true);
    expect(isDisabledFavoriteRoute('/my-teams/care/bsp')).toBe(true);
    expect(isDisabledFavoriteRoute('/my-teams')).toBe(true);
    expect(isDisabledFavoriteRoute('/audit-packs?year=2026')).toBe(true);
    expect(isDisabledFavoriteRoute('/handbook#intro')).toBe(true);
    expect(isDisabledFavoriteRoute('/dashboards')).toBe(false);
    expect(isDisabledFavoriteRoute('/inbox')).toBe(false);
    expect(isDisabledFavoriteRoute('/teams')).toBe(false);
  });

  it('are refused with the spec’s message, in Australian spelling', () => {
    expect(disabledRouteMessage('/handbook')).toBe('Cannot favourite disabled route: /handbook');
  });

  it('leave a team’s board, list, calendar and roadmap free to favourite (issue 18)', () => {
    for (const view of ['work-board', 'list', 'calendar', 'roadmap']) {
      expect(isDisabledFavoriteRoute(`/my-teams/jordans-care-team/${view}`)).toBe(false);
    }
    expect(isDisabledFavoriteRoute('/my-teams/jordans-care-team/list?overdue=true')).toBe(false);
    expect(isDisabledFavoriteRoute('/my-teams/jordans-care-team/bsp/new')).toBe(true);
  });
});

describe('favourite paths', () => {
  it('are pages of this app: one leading slash, never another host', () => {
    expect(isInAppPath('/inbox')).toBe(true);
    expect(isInAppPath('inbox')).toBe(false);
    expect(isInAppPath('//evil.example')).toBe(false);
    expect(isInAppPath('/\\evil.example')).toBe(false);
    expect(isInAppPath('https://evil.example')).toBe(false);
  });

  it('hold 1-500 printable characters', () => {
    expect(isValidFavoritePath(`/${'a'.repeat(favoritePathMax - 1)}`)).toBe(true);
    expect(isValidFavoritePath(`/${'a'.repeat(favoritePathMax)}`)).toBe(false);
    expect(isValidFavoritePath('')).toBe(false);
    expect(isValidFavoritePath('/inbox\n')).toBe(false);
    expect(isValidFavoritePath('/in\u007fbox')).toBe(false);
  });

  it('agree with the path the API takes once trimmed', () => {
    const paths = [
      '/inbox',
      '  /inbox  ',
      '/',
      '',
      '   ',
      '//evil.example',
      '/\\evil.example',
      'relative',
      '/tab\there',
      `/${'a'.repeat(favoritePathMax - 1)}`,
      `/${'a'.repeat(favoritePathMax)}`,
    ];
    for (const path of paths) {
      const byApi = CreateFavoriteSchema.shape.path.safeParse(path).success;
      expect(isValidFavoritePath(path.trim()), JSON.stringify(path)).toBe(byApi);
    }
  });
});
