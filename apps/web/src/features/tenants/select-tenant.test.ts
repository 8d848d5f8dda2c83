import { describe, expect, it } from 'vitest';
import { selectTenant } from './select-tenant';

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
