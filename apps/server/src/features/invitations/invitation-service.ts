import type { CreateInvitationSchema, Invitation } from '@wattle/domain/invitations/schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { teams } from '../../db/schema/teams';
import { invitations, memberships } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { isOpenInvitation } from './invitation-links';

type InvitationRow = typeof invitations.$inferSelect;

function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    tenantId: row.tenantId,
    email: row.email,
    role: row.role,
    teamId: row.teamId,
    teamRole: row.teamRole,
    invitedBy: row.invitedBy,
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

import { requireAllowedEmailDomain } from '../tenants/allowed-email-domains';
import { requireRoomFor } from '../tenants/subscription-limits';

/** Open invitations of the tenant (not accepted, withdrawn or expired), newest first (tenant admins). */
export async function listInvitations(ctx: TenantContext): Promise<Invitation[]> {
  requireTenantPermission(ctx, 'manage:members');
  const rows = await ctx.tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.tenantId, ctx.tenantId), isOpenInvitation(new Date())))
    .orderBy(desc(invitations.createdAt));
  return rows.map(toInvitation);
}

/**
 * Invites someone by email. They join when they first sign in with that verified email (OIDC), so
 * the email is stored lower-cased. Ownership is never given by invitation.
 */
export async function createInvitation(
  ctx: TenantContext,
  input: z.output<typeof CreateInvitationSchema>,
): Promise<Invitation> {
  requireTenantPermission(ctx, 'manage:members');
  const email = input.email.toLowerCase();
  if (input.teamId) {
    const [team] = await ctx.tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.tenantId, ctx.tenantId), eq(teams.id, input.teamId)));
    if (!team) throw new AppError('NOT_FOUND', 'Team not found');
  }
  const [member] = await ctx.tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, ctx.tenantId), eq(users.email, email)));
  if (member) throw new AppError('CONFLICT', 'This person is already a member of this organisation');
  const [open] = await ctx.tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(eq(invitations.tenantId, ctx.tenantId), eq(invitations.email, email), isOpenInvitation(new Date())),
    );
  if (open) throw new AppError('CONFLICT', 'This email already has an open invitation');
  // Nobody is invited who could not join: the place and the domain are checked again on acceptance.
  await requireAllowedEmailDomain(ctx.tx, ctx.tenantId, email);
  await requireRoomFor(ctx.tx, ctx.tenantId, 'users');
  const [row] = await ctx.tx
    .insert(invitations)
    .values({
      tenantId: ctx.tenantId,
      email,
      role: input.role,
      teamId: input.teamId ?? null,
      teamRole: input.teamRole ?? null,
      invitedBy: ctx.actor.id,
    })
    .returning();
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'invitation',
    entityId: row!.id,
    action: 'created',
    changes: [
      { field: 'email', oldValue: null, newValue: email },
      { field: 'role', oldValue: null, newValue: input.role },
      ...(input.teamRole ? [{ field: 'teamRole', oldValue: null, newValue: input.teamRole }] : []),
    ],
  });
  return toInvitation(row!);
}
