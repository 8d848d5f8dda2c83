import { describe, expect, it } from 'vitest';
import {
  canEnterTenant,
  effectiveTeamRole,
  effectiveTenantRole,
  hasLevel,
  type MembershipRole,
  type Role,
  roleLevels,
  seesAllTeams,
  type TeamRole,
  type TenantAccess,
} from './roles';

const access = (over: Partial<TenantAccess> = {}): TenantAccess => ({
  platformRole: null,
  membershipRole: null,
  hasApprovedAccessRequest: false,
  ...over,
});

describe('role hierarchy (spec shell section 6)', () => {
  it('gives each role its level', () => {
    expect(roleLevels).toEqual({
      'global-admin': 7,
      'system-admin': 6,
      'tenant-admin': 5,
      'team-admin': 4,
      'team-member': 3,
      'support-worker': 2,
      viewer: 1,
      auditor: 1,
    });
  });

  const ordered: Role[] = [
    'global-admin',
    'system-admin',
    'tenant-admin',
    'team-admin',
    'team-member',
    'support-worker',
    'viewer',
  ];

  it('passes a check when the level is at least the level asked, and fails below it', () => {
    for (const [i, role] of ordered.entries()) {
      for (const [j, required] of ordered.entries()) {
        expect(hasLevel(role, required), `${role} >= ${required}`).toBe(i <= j);
      }
    }
  });

  it('treats viewer and auditor as the same level, and nothing else as that low', () => {
    expect(hasLevel('auditor', 'viewer')).toBe(true);
    expect(hasLevel('viewer', 'auditor')).toBe(true);
    expect(hasLevel('auditor', 'support-worker')).toBe(false);
    expect(hasLevel('support-worker', 'auditor')).toBe(true);
  });

  it('fails every check for no role at all', () => {
    expect(hasLevel(null, 'viewer')).toBe(false);
    expect(hasLevel(undefined, 'auditor')).toBe(false);
  });
});

describe('effectiveTenantRole', () => {
  it('maps membership roles: owner and admin to tenant-admin, auditor to auditor, member and guest to none', () => {
    const expected: Record<MembershipRole, Role | null> = {
      owner: 'tenant-admin',
      admin: 'tenant-admin',
      auditor: 'auditor',
      member: null,
      guest: null,
    };
    for (const [membershipRole, role] of Object.entries(expected)) {
      expect(
        effectiveTenantRole(access({ membershipRole: membershipRole as MembershipRole })),
        membershipRole,
      ).toBe(role);
    }
  });

  it('gives a global admin global-admin in any tenant, member or not', () => {
    expect(effectiveTenantRole(access({ platformRole: 'global-admin' }))).toBe('global-admin');
    expect(effectiveTenantRole(access({ platformRole: 'global-admin', membershipRole: 'guest' }))).toBe(
      'global-admin',
    );
  });

  it('gives a system admin system-admin only as owner (the internal tenant) or through an approved request', () => {
    expect(effectiveTenantRole(access({ platformRole: 'system-admin', membershipRole: 'owner' }))).toBe(
      'system-admin',
    );
    expect(
      effectiveTenantRole(access({ platformRole: 'system-admin', hasApprovedAccessRequest: true })),
    ).toBe('system-admin');
    expect(effectiveTenantRole(access({ platformRole: 'system-admin' }))).toBeNull();
    expect(canEnterTenant(access({ platformRole: 'system-admin' }))).toBe(false);
  });

  it('ignores an approved request held by someone who is not a system admin', () => {
    expect(effectiveTenantRole(access({ hasApprovedAccessRequest: true }))).toBeNull();
    expect(canEnterTenant(access({ hasApprovedAccessRequest: true }))).toBe(false);
  });

  it('lets any member enter the tenant, and nobody without a membership or grant', () => {
    for (const membershipRole of ['owner', 'admin', 'member', 'guest', 'auditor'] as const) {
      expect(canEnterTenant(access({ membershipRole })), membershipRole).toBe(true);
    }
    expect(canEnterTenant(access())).toBe(false);
  });

  it('shows every team to tenant-wide roles and only their own teams to members and guests', () => {
    expect(seesAllTeams(access({ membershipRole: 'owner' }))).toBe(true);
    expect(seesAllTeams(access({ membershipRole: 'admin' }))).toBe(true);
    expect(seesAllTeams(access({ membershipRole: 'auditor' }))).toBe(true);
    expect(seesAllTeams(access({ platformRole: 'global-admin' }))).toBe(true);
    expect(seesAllTeams(access({ platformRole: 'system-admin', hasApprovedAccessRequest: true }))).toBe(true);
    expect(seesAllTeams(access({ membershipRole: 'member' }))).toBe(false);
    expect(seesAllTeams(access({ membershipRole: 'guest' }))).toBe(false);
  });
});

describe('effectiveTeamRole', () => {
  const onTeam = (teamRole: TeamRole | null, isSharedWithGuest = false) => ({ teamRole, isSharedWithGuest });

  it('maps each team role of a member (DESIGN.md section 5)', () => {
    const expected: Record<TeamRole, Role> = {
      'Team Lead': 'team-admin',
      Practitioner: 'team-member',
      Therapist: 'team-member',
      'Support Worker': 'support-worker',
      'Family Guardian': 'viewer',
    };
    for (const [teamRole, role] of Object.entries(expected)) {
      expect(
        effectiveTeamRole(access({ membershipRole: 'member' }), onTeam(teamRole as TeamRole)),
        teamRole,
      ).toBe(role);
    }
  });

  it('gives a member no role on a team they are not on', () => {
    expect(effectiveTeamRole(access({ membershipRole: 'member' }), onTeam(null))).toBeNull();
  });

  it('lets tenant-wide roles override the team role on every team', () => {
    expect(effectiveTeamRole(access({ membershipRole: 'owner' }), onTeam(null))).toBe('tenant-admin');
    expect(effectiveTeamRole(access({ membershipRole: 'admin' }), onTeam('Family Guardian'))).toBe(
      'tenant-admin',
    );
    expect(effectiveTeamRole(access({ membershipRole: 'auditor' }), onTeam(null))).toBe('auditor');
    expect(effectiveTeamRole(access({ platformRole: 'global-admin' }), onTeam(null))).toBe('global-admin');
  });

  it('gives a guest their team role only on teams shared with them', () => {
    const guest = access({ membershipRole: 'guest' });
    expect(effectiveTeamRole(guest, onTeam('Support Worker', true))).toBe('support-worker');
    expect(effectiveTeamRole(guest, onTeam('Support Worker', false))).toBeNull();
    expect(effectiveTeamRole(guest, onTeam('Team Lead', false))).toBeNull();
    expect(effectiveTeamRole(guest, onTeam(null, false))).toBeNull();
  });

  it('gives a system admin system-admin on every team once a request is approved, and nothing before', () => {
    expect(
      effectiveTeamRole(
        access({ platformRole: 'system-admin', hasApprovedAccessRequest: true }),
        onTeam(null),
      ),
    ).toBe('system-admin');
    expect(effectiveTeamRole(access({ platformRole: 'system-admin' }), onTeam(null))).toBeNull();
  });

  it('gives nobody a team role in a tenant they have no membership of, even with a team role recorded', () => {
    expect(effectiveTeamRole(access(), onTeam('Team Lead'))).toBeNull();
  });
});
