import { can } from '@wattle/domain/auth/permissions';
import { effectiveTeamRole, type Role, type TeamRole } from '@wattle/domain/auth/roles';
import type { Comment } from '@wattle/domain/comments/schemas';
import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import { cardComments } from '../../db/schema/comments';
import { teamMembers } from '../../db/schema/teams';
import { memberships } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import type { TeamAccess } from '../cards/card-records';

/** Internal comments are for staff: family guardians (and guests shared a team to read) never see them. */
export function canReadInternalComments(access: Pick<TeamAccess, 'role' | 'isClinician'>): boolean {
  return can(access.role, 'read:internal-comments', access.isClinician);
}

const commentColumns = getTableColumns(cardComments);

/** Comment rows with their author's name. */
export function selectCommentRows(ctx: TenantContext) {
  return ctx.tx
    .select({ comment: commentColumns, userName: users.name })
    .from(cardComments)
    .leftJoin(users, eq(users.id, cardComments.userId))
    .$dynamic();
}

export type CommentRow = Awaited<ReturnType<ReturnType<typeof selectCommentRows>['execute']>>[number];

/** Every comment of a card, deleted ones included, oldest first (replies always follow their parent). */
export function selectCardCommentRows(ctx: TenantContext, cardId: string): Promise<CommentRow[]> {
  return selectCommentRows(ctx)
    .where(and(eq(cardComments.tenantId, ctx.tenantId), eq(cardComments.cardId, cardId)))
    .orderBy(asc(cardComments.createdAt), asc(cardComments.id));
}

/**
 * A comment of the card the caller may see (internal ones only with read:internal-comments), locked
 * for a change when asked. Deleted, hidden, missing and other cards' comments answer 404 alike.
 */
export async function loadVisibleComment(
  ctx: TenantContext,
  options: { cardId: string; commentId: string; access: TeamAccess; forUpdate?: boolean },
): Promise<CommentRow> {
  const query = selectCommentRows(ctx).where(
    and(
      eq(cardComments.tenantId, ctx.tenantId),
      eq(cardComments.cardId, options.cardId),
      eq(cardComments.id, options.commentId),
    ),
  );
  const [row] = await (options.forUpdate ? query.for('update', { of: cardComments }) : query);
  if (
    !row ||
    row.comment.deletedAt !== null ||
    (row.comment.isInternal && !canReadInternalComments(options.access))
  ) {
    throw new AppError('NOT_FOUND', 'Comment not found');
  }
  return row;
}

/**
 * The API form of a comment. A deleted one (kept only while it has visible replies) says so and
 * gives away nothing else it held: no text, reactions, mentions or attachment.
 */
export function toComment(row: CommentRow): Comment {
  const c = row.comment;
  const isDeleted = c.deletedAt !== null;
  return {
    id: c.id,
    cardId: c.cardId,
    userId: c.userId,
    userName: row.userName ?? 'Former user',
    userRole: c.userRole,
    content: isDeleted ? '' : c.content,
    type: c.type,
    isInternal: c.isInternal,
    mentions: isDeleted ? [] : c.mentions,
    parentCommentId: c.parentCommentId,
    isEdited: c.editedAt !== null,
    isDeleted,
    reactions: isDeleted ? {} : c.reactions,
    metadata: isDeleted ? {} : c.metadata,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** Labels of roles that come from the tenant rather than a team. */
const tenantWideLabels = {
  owner: 'Owner',
  admin: 'Admin',
  auditor: 'Auditor',
  guest: 'Guest',
  member: 'Member',
} as const;

/**
 * How the caller is shown beside their comment: their role on the card's team (Team Lead,
 * Practitioner …), else their standing in the tenant (Owner, Admin, Auditor) or on the platform.
 */
export async function authorRoleLabel(ctx: TenantContext, teamId: string): Promise<string> {
  const [member] = await ctx.tx
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.tenantId, ctx.tenantId),
        eq(teamMembers.teamId, teamId),
        eq(teamMembers.userId, ctx.actor.id),
      ),
    );
  if (member) return member.role;
  if (ctx.membershipRole) return tenantWideLabels[ctx.membershipRole];
  if (ctx.actor.platformRole === 'global-admin') return 'Global Admin';
  if (ctx.actor.platformRole === 'system-admin') return 'System Admin';
  return 'Member';
}

/** What a new comment says; its tenant, card, author and author's role label are the caller's. */
export type NewCommentFields = Omit<
  typeof cardComments.$inferInsert,
  'tenantId' | 'cardId' | 'userId' | 'userRole'
>;

/**
 * Adds a comment by the caller to `card` (a comment of theirs, or the system comment announcing a
 * file they attached), with their role label as it stands now. Returns the stored row.
 */
export async function insertComment(
  ctx: TenantContext,
  card: { id: string; teamId: string },
  fields: NewCommentFields,
) {
  const [inserted] = await ctx.tx
    .insert(cardComments)
    .values({
      tenantId: ctx.tenantId,
      cardId: card.id,
      userId: ctx.actor.id,
      userRole: await authorRoleLabel(ctx, card.teamId),
      ...fields,
    })
    .returning();
  return inserted!;
}

/**
 * The audit entry of a comment just added to `card`: its content, and in the metadata the card, the
 * comment's type and whatever else the caller adds (reply, mentions, field, file).
 */
export async function auditCommentCreated(
  ctx: TenantContext,
  card: { id: string; workItemId: string },
  comment: { id: string; type: string; content: string },
  metadata: Record<string, unknown>,
): Promise<void> {
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'comment',
    entityId: comment.id,
    action: 'created',
    changes: [{ field: 'content', oldValue: null, newValue: comment.content }],
    metadata: { cardId: card.id, workItemId: card.workItemId, type: comment.type, ...metadata },
  });
}

export interface TeamMemberStanding {
  userId: string;
  name: string;
  teamRole: TeamRole;
  /** Their effective role on the team (DESIGN.md section 5); null when their membership gives none. */
  role: Role | null;
}

/** The active members of a team, each with the role their team role and tenant membership give them. */
export async function teamMemberStandings(ctx: TenantContext, teamId: string): Promise<TeamMemberStanding[]> {
  const rows = await ctx.tx
    .select({
      userId: users.id,
      name: users.name,
      platformRole: users.platformRole,
      teamRole: teamMembers.role,
      membershipRole: memberships.role,
      sharedTeamIds: memberships.sharedTeamIds,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.tenantId, teamMembers.tenantId), eq(memberships.userId, teamMembers.userId)),
    )
    .where(
      and(eq(teamMembers.tenantId, ctx.tenantId), eq(teamMembers.teamId, teamId), eq(users.isActive, true)),
    )
    .orderBy(asc(users.name));
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    teamRole: r.teamRole,
    role: effectiveTeamRole(
      { platformRole: r.platformRole, membershipRole: r.membershipRole, hasApprovedAccessRequest: false },
      { teamRole: r.teamRole, isSharedWithGuest: (r.sharedTeamIds ?? []).includes(teamId) },
    ),
  }));
}
