import { z } from 'zod';
import { TeamRoleSchema } from '../auth/role-schemas';
import { defaultTeamRole } from '../auth/roles';
import { ParticipantSchema, participantFieldsShape } from '../participants/schemas';
import { TeamSchema } from '../teams/schemas';
import { templateSetIds } from './template-sets';

/**
 * The Create care team wizard (spec work sections 2, 4 and 5): one call makes the participant (or
 * takes an existing one), the team, memberships for people already in Wattle and invitations for the
 * rest, all or nothing.
 */
export const careTeamMessages = {
  teamName: 'Please enter team name',
  email: 'Please enter an email address',
  /** Something typed that is not an e-mail address (the spec's message is for an empty box). */
  invalidEmail: 'Please enter a valid email address',
  duplicateEmail: 'This email is already added to the team',
  templateSet: 'Please select a template',
  participant: 'Choose a participant or enter a new one',
} as const;

export const TeamNameSchema = z
  .string({ error: careTeamMessages.teamName })
  .trim()
  .min(1, careTeamMessages.teamName)
  .max(100, 'Team name must be no more than 100 characters');

export const InviteEmailSchema = z
  .string({ error: careTeamMessages.email })
  .trim()
  .min(1, careTeamMessages.email)
  .max(254, careTeamMessages.invalidEmail)
  .pipe(z.email(careTeamMessages.invalidEmail))
  .transform((email) => email.toLowerCase());

export const TeamMemberInputSchema = z.object({
  email: InviteEmailSchema,
  role: TeamRoleSchema.default(defaultTeamRole),
});
export type TeamMemberInput = z.input<typeof TeamMemberInputSchema>;

/** Case-insensitive: the wizard refuses the same address twice (spec work section 5). */
export function isEmailAlreadyAdded(members: readonly { email: string }[], email: string): boolean {
  const wanted = email.trim().toLowerCase();
  return members.some((m) => m.email.trim().toLowerCase() === wanted);
}

export const TemplateSetSchema = z.enum(templateSetIds, { error: careTeamMessages.templateSet });

export const CreateCareTeamSchema = z
  .object({
    participant: z.object(participantFieldsShape).optional(),
    participantId: z.uuid().optional(),
    team: z.object({ name: TeamNameSchema }),
    members: z.array(TeamMemberInputSchema).max(50).default([]),
    templateSet: TemplateSetSchema,
  })
  .refine((v) => (v.participant ? !v.participantId : !!v.participantId), {
    message: careTeamMessages.participant,
    path: ['participant'],
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.members.forEach((member, index) => {
      if (seen.has(member.email)) {
        ctx.addIssue({
          code: 'custom',
          message: careTeamMessages.duplicateEmail,
          path: ['members', index, 'email'],
        });
      }
      seen.add(member.email);
    });
  });
export type CreateCareTeam = z.input<typeof CreateCareTeamSchema>;

export const invitationStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const;
export const InvitationStatusSchema = z.enum(invitationStatuses);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

/** Invitation links are single use and expire after this many days. */
export const invitationLinkDays = 14;

/** A pending (or settled) invitation to a team, as the team shows it. */
export const TeamInvitationSchema = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  /** Derived from the e-mail (spec work section 3, Team member invite). */
  name: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  status: InvitationStatusSchema,
  invitedBy: z.uuid().nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
  lastSentAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /**
   * The link to accept, sent only to whoever just created or resent the invitation and only when no
   * SMTP server is configured (so it can be copied to the invitee by hand); otherwise null.
   */
  inviteUrl: z.string().nullable(),
  /** Whether an e-mail went out for this invitation just now. */
  emailed: z.boolean(),
});
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>;

export const CareTeamResultSchema = z.object({
  participant: ParticipantSchema,
  team: TeamSchema,
  /** People already in Wattle, now members. */
  addedMembers: z.array(z.object({ userId: z.uuid(), email: z.string(), role: TeamRoleSchema })),
  invitations: z.array(TeamInvitationSchema),
});
export type CareTeamResult = z.infer<typeof CareTeamResultSchema>;

/** `GET /api/invitations/link/{token}`: what the invitee sees before accepting. */
export const InvitationLinkSchema = z.object({
  tenantId: z.uuid(),
  tenantName: z.string(),
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
  teamSlug: z.string().nullable(),
  role: TeamRoleSchema.nullable(),
  email: z.string(),
  invitedByName: z.string().nullable(),
  status: InvitationStatusSchema,
  expiresAt: z.iso.datetime({ offset: true }),
  /** Whether the signed-in person's e-mail is the invited one. */
  isForMe: z.boolean(),
});
export type InvitationLink = z.infer<typeof InvitationLinkSchema>;

export const AcceptInvitationSchema = z.object({ token: z.string().min(20).max(200) });
export const AcceptInvitationResultSchema = z.object({
  tenantId: z.uuid(),
  teamId: z.uuid().nullable(),
  teamSlug: z.string().nullable(),
});

/** Adding one person to an existing team (team configuration): a member if they have an account, else an invite. */
export const AddTeamMemberSchema = TeamMemberInputSchema;
export const AddTeamMemberResultSchema = z.object({
  addedMember: z.object({ userId: z.uuid(), email: z.string(), role: TeamRoleSchema }).nullable(),
  invitation: TeamInvitationSchema.nullable(),
});
