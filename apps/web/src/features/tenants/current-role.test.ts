import { describe, expect, it } from 'vitest';
import { deriveUserRole, isFamilyGuardian, isSystemAdminRole } from './current-role';

describe('isSystemAdminRole', () => {
  it('matches system admin written any way, and nothing else', () => {
    for (const written of ['system-admin', 'system_admin', 'System_Admin', 'SYSTEM-ADMIN', 'systemadmin']) {
      expect(isSystemAdminRole(written)).toBe(true);
    }
    for (const other of ['global-admin', 'tenant-admin', 'admin', '', null, undefined]) {
      expect(isSystemAdminRole(other)).toBe(false);
    }
  });
});

describe('deriveUserRole', () => {
  it('puts platform roles first', () => {
    expect(deriveUserRole({ platformRole: 'global-admin', membershipRole: 'owner', teamRoles: [] })).toBe(
      'global-admin',
    );
    expect(deriveUserRole({ platformRole: 'system_admin', membershipRole: null, teamRoles: [] })).toBe(
      'system-admin',
    );
  });

  it('makes owners and admins tenant admins, whatever their team roles', () => {
    expect(deriveUserRole({ platformRole: null, membershipRole: 'owner', teamRoles: ['team-member'] })).toBe(
      'tenant-admin',
    );
    expect(deriveUserRole({ platformRole: null, membershipRole: 'admin', teamRoles: [] })).toBe(
      'tenant-admin',
    );
  });

  it('takes the highest team role of a member', () => {
    expect(
      deriveUserRole({
        platformRole: null,
        membershipRole: 'member',
        teamRoles: ['support-worker', 'team-admin', 'team-member'],
      }),
    ).toBe('team-admin');
  });

  it('keeps auditors auditors and treats a member without teams as a viewer', () => {
    expect(deriveUserRole({ platformRole: null, membershipRole: 'auditor', teamRoles: ['viewer'] })).toBe(
      'auditor',
    );
    expect(deriveUserRole({ platformRole: null, membershipRole: 'member', teamRoles: [] })).toBe('viewer');
  });
});

describe('isFamilyGuardian', () => {
  it('is a viewer who is Family Guardian on a team', () => {
    expect(isFamilyGuardian('viewer', ['Family Guardian'])).toBe(true);
    expect(isFamilyGuardian('viewer', [null])).toBe(false);
    expect(isFamilyGuardian('team-member', ['Family Guardian', 'Practitioner'])).toBe(false);
  });
});
