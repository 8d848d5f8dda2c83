import { z } from 'zod';
import { membershipRoles, platformRoles, roles, teamRoles } from './roles';

/** The roles of `roles.ts` as zod schemas, for API payloads and records that carry a role. */
export const PlatformRoleSchema = z.enum(platformRoles);
export const MembershipRoleSchema = z.enum(membershipRoles);
export const TeamRoleSchema = z.enum(teamRoles);
export const RoleSchema = z.enum(roles);
