import { can } from '@wattle/domain/auth/permissions';
import { effectiveTeamRole, type TeamRole } from '@wattle/domain/auth/roles';
import { forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { myTeamMemberships, type TeamMembership } from '../teams/my-team-memberships';

/**
 * Who reaches which time entries (DESIGN.md section 5, one permission table):
 * - everyone with write:time (support workers, practitioners, team leads, admins) writes and reads
 *   their own entries;
 * - a team lead (approve:time on a team) reads and approves the entries of that team, never their own;
 * - tenant admins (approve:time tenant-wide) read and approve every entry of the tenant, and alone
 *   may change a submitted or approved one (audited).
 */
export interface TimeReach {
  actorId: string;
  /** approve:time across the tenant: every entry is read and approved. */
  isTenantWide: boolean;
  /** write:time across the tenant (tenant admins): entries on no team, or on any team. */
  writesTenantWide: boolean;
  /** Teams whose entries the caller approves. */
  approverTeamIds: string[];
  /** Teams the caller may record time on. */
  writerTeamIds: string[];
}

export async function timeReach(ctx: TenantContext, memberships?: TeamMembership[]): Promise<TimeReach> {
  const mine = memberships ?? (await myTeamMemberships(ctx));
  const approverTeamIds: string[] = [];
  const writerTeamIds: string[] = [];
  for (const member of mine) {
    const role = effectiveTeamRole(ctx.access, {
      teamRole: member.role as TeamRole,
      isSharedWithGuest: ctx.sharedTeamIds.includes(member.teamId),
    });
    if (can(role, 'approve:time')) approverTeamIds.push(member.teamId);
    if (can(role, 'write:time')) writerTeamIds.push(member.teamId);
  }
  return {
    actorId: ctx.actor.id,
    isTenantWide: can(ctx.tenantRole, 'approve:time'),
    writesTenantWide: can(ctx.tenantRole, 'write:time'),
    approverTeamIds,
    writerTeamIds,
  };
}

/** Records time somewhere in the tenant, or 403. */
export function requireTimeWriter(reach: TimeReach): void {
  if (!reach.writesTenantWide && reach.writerTeamIds.length === 0) throw forbidden();
}

/** Reads some time: records their own, or approves a team's (family guardians and auditors do not). */
export function requireTimeReader(reach: TimeReach): void {
  if (reach.isTenantWide || reach.approverTeamIds.length > 0) return;
  requireTimeWriter(reach);
}

/** May record time on this team (null: an entry on no team, tenant-wide writers only). */
export function writesTimeOn(reach: TimeReach, teamId: string | null): boolean {
  if (reach.writesTenantWide) return true;
  return teamId !== null && reach.writerTeamIds.includes(teamId);
}

interface EntryOwner {
  userId: string;
  teamId: string | null;
}

/** Sees the entry at all: their own, their team's as its lead, or any as a tenant admin. */
export function readsEntry(reach: TimeReach, entry: EntryOwner): boolean {
  return (
    entry.userId === reach.actorId ||
    reach.isTenantWide ||
    (entry.teamId !== null && reach.approverTeamIds.includes(entry.teamId))
  );
}

/** Approves or rejects the entry: a lead of its team (not their own entry), or a tenant admin. */
export function approvesEntry(reach: TimeReach, entry: EntryOwner): boolean {
  if (reach.isTenantWide) return true;
  return (
    entry.userId !== reach.actorId && entry.teamId !== null && reach.approverTeamIds.includes(entry.teamId)
  );
}

/** Reads every entry of one team: its leads and tenant admins. */
export function readsTeamTime(reach: TimeReach, teamId: string): boolean {
  return reach.isTenantWide || reach.approverTeamIds.includes(teamId);
}
