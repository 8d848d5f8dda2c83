import { describe, expect, it } from 'vitest';
import { MembershipRoleSchema, PlatformRoleSchema, RoleSchema, TeamRoleSchema } from './role-schemas';
import { defaultTeamRole, membershipRoles, platformRoles, roles, teamRoles } from './roles';

describe('role schemas', () => {
  it('take exactly the roles of roles.ts', () => {
    expect(PlatformRoleSchema.options).toEqual([...platformRoles]);
    expect(MembershipRoleSchema.options).toEqual([...membershipRoles]);
    expect(TeamRoleSchema.options).toEqual([...teamRoles]);
    expect(RoleSchema.options).toEqual([...roles]);
    expect(TeamRoleSchema.safeParse(defaultTeamRole).success).toBe(true);
    expect(RoleSchema.safeParse('owner').success).toBe(false);
  });
});
