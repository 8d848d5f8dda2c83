import { can } from '@wattle/domain/auth/permissions';
import type { PlanAction } from '@wattle/domain/behaviour-support/workflow';
import { type PlanStatus, planAllows } from '@wattle/domain/behaviour-support/workflow';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { type TeamAccess, teamAccessList } from '../cards/card-records';

/**
 * Who reaches which behaviour support plans (issue 16 items 1 and 8; decision 0025). On a plan's team:
 * - read:cards (staff of the team, tenant admins, auditors): every plan;
 * - read:shared-plans alone (family guardians, guests shared the team): only plans shared with family;
 * - write:plans (practitioners, therapists, team leads, admins): create, edit, submit, new version,
 *   share, changed needs, and the engagement record;
 * - approve:plans (the team's clinicians, tenant admins): approve and send back.
 * A plan (or team) the caller may not read answers 404, exactly like a missing one.
 */

export interface PlanReach {
  access: TeamAccess;
  readsAll: boolean;
  readsShared: boolean;
  writes: boolean;
  approves: boolean;
}

export const planNotFound = () => new AppError('NOT_FOUND', 'Behaviour support plan not found');

export function reachOf(access: TeamAccess): PlanReach {
  const { role, isClinician } = access;
  const readsAll = can(role, 'read:cards', isClinician);
  return {
    access,
    readsAll,
    readsShared: readsAll || can(role, 'read:shared-plans', isClinician),
    writes: readsAll && can(role, 'write:plans', isClinician),
    approves: readsAll && can(role, 'approve:plans', isClinician),
  };
}

/** The caller's reach on one team; null when they cannot see it. */
export async function teamPlanReach(ctx: TenantContext, teamId: string): Promise<PlanReach | null> {
  const [access] = await teamAccessList(ctx, teamId);
  if (!access?.role) return null;
  return reachOf(access);
}

/** The caller's reach on every team they see, by team id. */
export async function planReachByTeam(ctx: TenantContext): Promise<Map<string, PlanReach>> {
  const list = await teamAccessList(ctx);
  return new Map(list.filter((a) => a.role).map((a) => [a.teamId, reachOf(a)]));
}

export function readsPlan(reach: PlanReach | null | undefined, plan: { sharedWithFamily: boolean }): boolean {
  if (!reach) return false;
  return reach.readsAll || (reach.readsShared && plan.sharedWithFamily);
}

/** The workflow's actions on this plan that the caller holds the permission for. */
export function allowedPlanActions(
  reach: PlanReach | null,
  plan: { status: PlanStatus; approvedVersion: number | null },
): PlanAction[] {
  if (!reach) return [];
  const actions: PlanAction[] = [];
  for (const action of ['edit', 'submit', 'new-version', 'share', 'needs-changed'] as const) {
    if (reach.writes && planAllows(plan, action)) actions.push(action);
  }
  for (const action of ['approve', 'reject'] as const) {
    if (reach.approves && planAllows(plan, action)) actions.push(action);
  }
  return actions;
}

export function requirePlanWriter(reach: PlanReach): void {
  if (!reach.writes) throw forbidden('You do not have permission to change behaviour support plans');
}

export function requirePlanApprover(reach: PlanReach): void {
  if (!reach.approves) {
    throw forbidden('Only a clinician on the team or an administrator can approve a behaviour support plan');
  }
}
