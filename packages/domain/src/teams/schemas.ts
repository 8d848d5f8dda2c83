import { z } from 'zod';
import { RoleSchema, TeamRoleSchema } from '../auth/role-schemas';
import { WorkflowStateSchema } from './workflow';

export const defaultTeamName = 'Care Team';

/**
 * The participant a team centres on, as the team record summarises them. The participant record is
 * the source (`/api/participants/{id}`); the NDIS number, date of birth, goals and alerts are sent
 * only to callers who may read that participant (verified, with read:participants on the team);
 * for anyone else they are null.
 */
export const TeamParticipantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  ndisNumber: z.string().nullable(),
  dateOfBirth: z.iso.date().nullable(),
  goals: z.array(z.string()).nullable(),
  alerts: z.array(z.string()).nullable(),
});
export type TeamParticipant = z.infer<typeof TeamParticipantSchema>;

export const TeamMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  joinedAt: z.iso.datetime({ offset: true }),
  permissions: z.array(z.string()),
  /** Their NDIS Worker Screening or Working with Children Check has expired (staff profile). */
  screeningExpired: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamSchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  slug: z.string(),
  name: z.string(),
  participant: TeamParticipantSchema.nullable(),
  workflowStates: z.array(WorkflowStateSchema),
  workflow: z.object({ currentStage: z.string().nullable(), isLocked: z.boolean() }),
  templates: z.object({
    enabled: z.array(z.string()),
    required: z.array(z.string()),
    custom: z.array(z.string()),
  }),
  compliance: z.object({
    ndisCompliant: z.boolean(),
    lastAudit: z.iso.date().nullable(),
    nextReview: z.iso.date().nullable(),
    riskLevel: z.enum(['low', 'medium', 'high']),
  }),
  status: z.enum(['active', 'archived']),
  boardCount: z.number().int().nonnegative(),
  lastActivity: z.iso.datetime({ offset: true }),
  members: z.array(TeamMemberSchema),
  /** The caller's effective role on this team (DESIGN.md section 5). */
  myRole: RoleSchema,
  version: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Team = z.infer<typeof TeamSchema>;

export const CreateTeamSchema = z.object({
  name: z.string().trim().min(1, 'Please enter team name').max(100),
  /** An existing participant of the tenant the team centres on. */
  participantId: z.uuid().nullable().optional(),
});
export type CreateTeam = z.infer<typeof CreateTeamSchema>;

/** Team configuration: rename, archive or bring back a team (team leads and tenant admins). */
export const UpdateTeamSchema = z.object({
  version: z.number().int().positive(),
  name: z.string().trim().min(1, 'Please enter team name').max(100).optional(),
  status: z.enum(['active', 'archived']).optional(),
});
export type UpdateTeam = z.infer<typeof UpdateTeamSchema>;

export const UpdateTeamMemberSchema = z.object({ role: TeamRoleSchema });

/** Sharing a team with a guest of the organisation (a membership with role guest). */
export const ShareTeamSchema = z.object({ userId: z.uuid() });

/** `GET /api/teams/{id}/shares`: a guest of the organisation and whether this team is shared with them. */
export const TeamGuestSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  isShared: z.boolean(),
});
export type TeamGuest = z.infer<typeof TeamGuestSchema>;
