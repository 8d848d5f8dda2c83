import { slugWithSuffix } from '@wattle/domain/shared/ids';
import type { CreateTeam } from '@wattle/domain/teams/schemas';
import { defaultWorkflowStates } from '@wattle/domain/teams/workflow';
import type { Tx } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/teams';
import type { Actor } from '../../db/with-tenant';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { assignParticipantToTeam } from '../participants/insert-participant';
import { requireRoomFor } from '../tenants/subscription-limits';

/**
 * Inserts a team with the default workflow; used by onboarding and by tenant admins. Refused (403
 * LIMIT_REACHED) when the organisation's subscription has no room for another active team.
 */
export async function insertTeam(
  tx: Tx,
  options: { tenantId: string; actor: Actor; input: CreateTeam; lead?: string },
): Promise<string> {
  await requireRoomFor(tx, options.tenantId, 'teams');
  const [team] = await tx
    .insert(teams)
    .values({
      tenantId: options.tenantId,
      slug: slugWithSuffix(options.input.name),
      name: options.input.name,
      workflowStates: [...defaultWorkflowStates],
    })
    .returning();
  await writeAudit(tx, {
    tenantId: options.tenantId,
    actor: options.actor,
    entity: 'team',
    entityId: team!.id,
    action: 'created',
    changes: [
      { field: 'name', oldValue: null, newValue: team!.name },
      { field: 'slug', oldValue: null, newValue: team!.slug },
    ],
  });
  if (options.input.participantId) {
    await assignParticipantToTeam(tx, {
      tenantId: options.tenantId,
      actor: options.actor,
      participantId: options.input.participantId,
      teamId: team!.id,
    });
  }
  if (options.lead) {
    await tx.insert(teamMembers).values({
      tenantId: options.tenantId,
      teamId: team!.id,
      userId: options.lead,
      role: 'Team Lead',
    });
    await writeAudit(tx, {
      tenantId: options.tenantId,
      actor: options.actor,
      entity: 'team-member',
      entityId: `${team!.id}:${options.lead}`,
      action: 'created',
      changes: [{ field: 'role', oldValue: null, newValue: 'Team Lead' }],
    });
  }
  return team!.id;
}

export async function createTeam(ctx: TenantContext, input: CreateTeam): Promise<string> {
  requireTenantPermission(ctx, 'create:teams');
  return insertTeam(ctx.tx, { tenantId: ctx.tenantId, actor: ctx.actor, input });
}
