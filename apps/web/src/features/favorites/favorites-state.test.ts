import { favoriteIconNameMax, favoriteLabelMax, favoritePathMax } from '@wattle/domain/favorites/rules';
import { CreateFavoriteSchema, type Favorite } from '@wattle/domain/favorites/schemas';
import { describe, expect, it } from 'vitest';
import {
  capLocalCopy,
  favoritesScope,
  isOptimisticFavorite,
  legacyFavoritesToMigrate,
  localCopyOf,
  optimisticFavorite,
  reconcileAdded,
  visibleFavorites,
  withFavoriteAdded,
  withLocalCopy,
  withoutFavoritePath,
} from './favorites-state';

const userId = '0190a000-0000-7000-8000-000000000001';
const tenantId = '0190a000-0000-7000-8000-000000000002';
const at = '2026-05-01T00:00:00.000Z';

function favorite(n: number, path = `/page-${n}`, extra: Partial<Favorite> = {}): Favorite {
  return {
    id: `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    userId,
    tenantId,
    path,
    label: `Page ${n}`,
    iconName: null,
    addedAt: at,
    lastAccessedAt: null,
    accessCount: 0,
    isActive: true,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}

describe('visibleFavorites', () => {
  it('keeps active favourites that are not on disabled routes', () => {
    const list = [
      favorite(1, '/inbox'),
      favorite(2, '/timesheet', { isActive: false }),
      favorite(3, '/dashboard'),
      favorite(4, '/my-teams/care/bsp'),
      favorite(5, '/dashboards'),
    ];
    expect(visibleFavorites(list).map((f) => f.path)).toEqual(['/inbox', '/dashboards']);
  });
});

describe('optimistic toggling', () => {
  const now = new Date(at);

  it('adds a stand-in once per page and removes by path', () => {
    const standIn = optimisticFavorite({ path: '/inbox', label: 'Inbox' }, { userId, tenantId, now });
    expect(isOptimisticFavorite(standIn)).toBe(true);
    expect(isOptimisticFavorite(favorite(1))).toBe(false);
    const added = withFavoriteAdded([favorite(1)], standIn);
    expect(added.map((f) => f.path)).toEqual(['/page-1', '/inbox']);
    expect(withFavoriteAdded(added, standIn)).toHaveLength(2);
    expect(withoutFavoritePath(added, '/inbox').map((f) => f.path)).toEqual(['/page-1']);
  });

  it('puts the server record in the stand-in’s place when it agrees', () => {
    const standIn = optimisticFavorite({ path: '/inbox', label: 'Inbox' }, { userId, tenantId, now });
    const saved = favorite(9, '/inbox');
    const result = reconcileAdded([standIn, favorite(1)], '/inbox', saved);
    expect(result.disagrees).toBe(false);
    expect(result.list.map((f) => f.id)).toEqual([saved.id, favorite(1).id]);
  });

  it('adds the server record even when a reload dropped the stand-in, without duplicates', () => {
    const saved = favorite(9, '/inbox');
    expect(reconcileAdded([favorite(1)], '/inbox', saved).list.map((f) => f.path)).toEqual([
      '/page-1',
      '/inbox',
    ]);
    expect(reconcileAdded([favorite(1), saved], '/inbox', saved).list).toHaveLength(2);
  });

  it('reports disagreement (and drops the stand-in) for an inactive or different record', () => {
    const standIn = optimisticFavorite({ path: '/inbox', label: 'Inbox' }, { userId, tenantId, now });
    for (const saved of [favorite(9, '/inbox', { isActive: false }), favorite(9, '/other')]) {
      const result = reconcileAdded([favorite(1), standIn], '/inbox', saved);
      expect(result.disagrees).toBe(true);
      expect(result.list.map((f) => f.path)).toEqual(['/page-1']);
    }
  });
});

describe('the local copy', () => {
  const scope = favoritesScope(userId, tenantId);

  it('keeps at most 30 favourites and never a stand-in', () => {
    const many = Array.from({ length: 40 }, (_, i) => favorite(i + 1));
    const standIn = optimisticFavorite({ path: '/x', label: 'X' }, { userId, tenantId, now: new Date(at) });
    const capped = capLocalCopy([standIn, ...many]);
    expect(capped).toHaveLength(30);
    expect(capped.some(isOptimisticFavorite)).toBe(false);
    expect(capped[0]?.path).toBe('/page-1');
  });

  it('is stored per user and tenant, leaving the other copies alone', () => {
    const other = favoritesScope(userId, 'another-tenant');
    const stored = withLocalCopy({ [other]: [favorite(5)] }, scope, [favorite(1), favorite(2)]);
    expect(localCopyOf(stored, scope)?.map((f) => f.path)).toEqual(['/page-1', '/page-2']);
    expect(localCopyOf(stored, other)?.map((f) => f.path)).toEqual(['/page-5']);
  });

  it('reads nothing from missing or malformed storage, and skips malformed entries', () => {
    expect(localCopyOf(undefined, scope)).toBeUndefined();
    expect(localCopyOf([favorite(1)], scope)).toBeUndefined();
    expect(localCopyOf({ [scope]: 'x' }, scope)).toBeUndefined();
    expect(localCopyOf({ [scope]: [{ path: '/a' }, favorite(1), favorite(2, '/handbook')] }, scope)).toEqual([
      favorite(1),
    ]);
    expect(withLocalCopy('garbage', scope, [])).toEqual({ [scope]: [] });
  });
});

describe('legacyFavoritesToMigrate', () => {
  it('skips disabled routes, malformed entries and repeats', () => {
    const stored = [
      { path: '/inbox', label: 'Inbox', iconName: 'inbox' },
      { path: '/dashboard', label: 'Dashboard' },
      { path: '/audit-packs/2026', label: 'Audit pack' },
      { path: 'https://evil.example', label: 'Elsewhere' },
      { path: '/timesheet' },
      'nonsense',
      { path: '/invoices', label: 'Invoices' },
      { path: '/inbox', label: 'Inbox again' },
    ];
    expect(legacyFavoritesToMigrate(stored)).toEqual([
      { path: '/inbox', label: 'Inbox', iconName: 'inbox' },
      { path: '/invoices', label: 'Invoices' },
    ]);
  });

  it('trims what it keeps and skips what the server would refuse', () => {
    const stored = [
      { path: '  /timesheet ', label: ' Timesheet  ', iconName: ' clock ' },
      { path: '/blank-label', label: '   ' },
      { path: '/long-label', label: 'x'.repeat(favoriteLabelMax + 1) },
      { path: `/${'p'.repeat(favoritePathMax)}`, label: 'Long path' },
      { path: '/long-icon', label: 'Long icon', iconName: 'i'.repeat(favoriteIconNameMax + 1) },
      { path: '/null-icon', label: 'Null icon', iconName: null },
      { path: '/numeric-label', label: 7 },
      { path: '//evil.example', label: 'Elsewhere' },
      { path: '/\\evil.example', label: 'Elsewhere' },
      { path: '/tab\there', label: 'Control character' },
      { path: '/empty-icon', label: 'Empty icon', iconName: '  ' },
    ];
    expect(legacyFavoritesToMigrate(stored)).toEqual([
      { path: '/timesheet', label: 'Timesheet', iconName: 'clock' },
      { path: '/empty-icon', label: 'Empty icon' },
    ]);
  });

  it('keeps exactly the entries the create call would accept', () => {
    const entries: unknown[] = [
      { path: '/inbox', label: 'Inbox' },
      { path: ' /teams ', label: ' Teams ', iconName: 'users' },
      { path: '/a', label: 'x'.repeat(favoriteLabelMax) },
      { path: '/a', label: 'x'.repeat(favoriteLabelMax + 1) },
      { path: `/${'p'.repeat(favoritePathMax - 1)}`, label: 'Longest path' },
      { path: `/${'p'.repeat(favoritePathMax)}`, label: 'Too long a path' },
      { path: '/a', label: 'Icon', iconName: 'i'.repeat(favoriteIconNameMax) },
      { path: '/a', label: 'Icon', iconName: 'i'.repeat(favoriteIconNameMax + 1) },
      { path: '/a', label: 'Icon', iconName: null },
      { path: '/a', label: 'Icon', iconName: 3 },
      { path: 'a', label: 'Relative' },
      { path: '/a\u0000', label: 'Nul' },
      { label: 'No path' },
      ['/inbox', 'Inbox'],
      null,
    ];
    for (const entry of entries) {
      const accepted = CreateFavoriteSchema.safeParse(entry);
      const expected = accepted.success
        ? [accepted.data.iconName ? accepted.data : { path: accepted.data.path, label: accepted.data.label }]
        : [];
      expect(legacyFavoritesToMigrate([entry]), JSON.stringify(entry)).toEqual(expected);
    }
  });

  it('gives nothing for anything but a list', () => {
    expect(legacyFavoritesToMigrate(undefined)).toEqual([]);
    expect(legacyFavoritesToMigrate({ '/inbox': 'Inbox' })).toEqual([]);
  });
});
