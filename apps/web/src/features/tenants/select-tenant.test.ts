import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage-keys';
import { memoryStorage } from '@/test-support/memory-storage';
import { selectTenant, soleStoredTenantId } from './select-tenant';

const member = { id: 'a', role: 'member' as const };
const admin = { id: 'b', role: 'admin' as const };
const owner = { id: 'c', role: 'owner' as const };

describe('selectTenant', () => {
  it('keeps the preferred tenant while the user is a member of it', () => {
    expect(selectTenant([member, admin], ['a'])).toBe(member);
  });

  it('tries each preference in order and skips tenants the user has left', () => {
    expect(selectTenant([member, admin], ['gone', 'a'])).toBe(member);
  });

  it('falls back to the first tenant where the user is owner or admin', () => {
    expect(selectTenant([member, owner, admin], ['gone', null])).toBe(owner);
  });

  it('falls back to the first tenant when the user administers none', () => {
    expect(selectTenant([member, { id: 'd', role: 'guest' as const }], [])).toBe(member);
  });

  it('gives nothing when there are no tenants', () => {
    expect(selectTenant([], ['a'])).toBeUndefined();
  });
});

describe('soleStoredTenantId', () => {
  afterEach(() => vi.unstubAllGlobals());

  function withStored(value: unknown) {
    const localStorage = memoryStorage();
    if (value !== undefined) localStorage.setItem(storageKeys.selectedTenant, JSON.stringify(value));
    vi.stubGlobal('window', { localStorage });
  }

  it("is the one person's kept choice", () => {
    withStored({ 'user-1': 'tenant-1' });
    expect(soleStoredTenantId()).toBe('tenant-1');
  });

  it('is nothing when no choice, or several people’s, or something unreadable is kept', () => {
    for (const value of [undefined, {}, { a: 't1', b: 't2' }, { a: 3 }, ['t1']]) {
      withStored(value);
      expect(soleStoredTenantId()).toBeUndefined();
    }
  });
});
