import type { FieldChange } from '@wattle/domain/audit/schemas';
import type { Team, UpdateTeam } from '@wattle/domain/teams/schemas';
import { and, eq } from 'drizzle-orm';
import { teams } from '../../db/schema/teams';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { requireCardPermission } from '../cards/card-records';
import { publishTeamChange } from './team-events';
import { findVisibleTeams } from './team-records';

export const teamConflictMessage =
  'Someone else changed this team since you opened it. Review their changes and try again.';

import { requireRoomFor } from '../tenants/subscription-limits';

/**
 * `PATCH /api/teams/{id}`: renames a team, archives it or brings it back (manage:team: the team's
 * leads and tenant admins). The edit carries the version it started from: a stale one answers 409
 * with the team as it is now. The slug stays, so links to the team keep working after a rename. A
 * save that changes nothing writes nothing.
 */
export async function updateTeam(ctx: TenantContext, teamId: string, input: UpdateTeam): Promise<Team> {
  await requireCardPermission(ctx, teamId, 'manage:team');
  const [row] = await ctx.tx
    .select({ name: teams.name, status: teams.status, version: teams.version })
    .from(teams)
    .where(and(eq(teams.tenantId, ctx.tenantId), eq(teams.id, teamId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'Team not found');
  if (input.version !== row.version) {
    const [current] = await findVisibleTeams(ctx, { teamId });
    throw new AppError('CONFLICT', teamConflictMessage, { current });
  }
  const changes: FieldChange[] = [];
  if (input.name !== undefined && input.name !== row.name) {
    changes.push({ field: 'name', oldValue: row.name, newValue: input.name });
  }
  if (input.status !== undefined && input.status !== row.status) {
    // An archived team frees its place under the subscription's team limit; bringing it back takes one.
    if (input.status === 'active') await requireRoomFor(ctx.tx, ctx.tenantId, 'teams');
    changes.push({ field: 'status', oldValue: row.status, newValue: input.status });
  }
  if (changes.length > 0) {
    const version = row.version + 1;
    const now = new Date();
    await ctx.tx
      .update(teams)
      .set({ name: input.name ?? row.name, status: input.status ?? row.status, version, updatedAt: now })
      .where(and(eq(teams.tenantId, ctx.tenantId), eq(teams.id, teamId)));
    await writeAudit(ctx.tx, {
      tenantId: ctx.tenantId,
      actor: ctx.actor,
      entity: 'team',
      entityId: teamId,
      action: statusAction(row.status, input.status),
      changes,
      metadata: { version, fromVersion: input.version },
    });
    await publishTeamChange(ctx, teamId, version);
  }
  const [team] = await findVisibleTeams(ctx, { teamId });
  return team!;
}

/** Archiving and bringing back read as such in the audit trail; a rename is an update. */
function statusAction(before: Team['status'], after: Team['status'] | undefined): string {
  if (after === undefined || after === before) return 'updated';
  return after === 'archived' ? 'archived' : 'restored';
}
