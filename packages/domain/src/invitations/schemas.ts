import { z } from 'zod';
import { MembershipRoleSchema, TeamRoleSchema } from '../auth/role-schemas';

/** An invitation to join a tenant (and optionally a team), accepted at the invitee's first sign-in. */
export const InvitationSchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  email: z.string(),
  role: MembershipRoleSchema,
  teamId: z.uuid().nullable(),
  teamRole: TeamRoleSchema.nullable(),
  invitedBy: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  acceptedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const CreateInvitationSchema = z
  .object({
    email: z.email('Please enter an email address').max(254),
    role: MembershipRoleSchema.exclude(['owner']).default('member'),
    teamId: z.uuid().optional(),
    teamRole: TeamRoleSchema.optional(),
  })
  .refine((v) => !v.teamRole || v.teamId, { message: 'Choose the team for this team role', path: ['teamId'] })
  .refine((v) => !v.teamId || v.teamRole, { message: 'Choose a team role', path: ['teamRole'] });
