import { z } from 'zod';
import { RoleSchema, TeamRoleSchema } from '../auth/role-schemas';
import { WorkflowStateSchema } from './workflow';

export const defaultTeamName = 'Care Team';

/** The participant a team centres on, as the team record summarises them. */
export const TeamParticipantSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(100),
  ndisNumber: z.string().regex(/^\d{9}$/, 'Please enter a valid 9-digit NDIS number'),
  dateOfBirth: z.iso.date(),
  goals: z.array(z.string().trim().min(1).max(500)).max(50),
  alerts: z.array(z.string().trim().min(1).max(500)).max(50),
});
export type TeamParticipant = z.infer<typeof TeamParticipantSchema>;

export const TeamMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  joinedAt: z.iso.datetime({ offset: true }),
  permissions: z.array(z.string()),
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
  participant: TeamParticipantSchema.nullable().optional(),
});
export type CreateTeam = z.infer<typeof CreateTeamSchema>;
