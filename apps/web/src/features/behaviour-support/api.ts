import { queryOptions } from '@tanstack/react-query';
import type {
  Engagement,
  Plan,
  PlanPrefill,
  PlanSummary,
  PlanVersion,
} from '@wattle/domain/behaviour-support/schemas';
import type { VersionDiff } from '@wattle/domain/behaviour-support/version-diff';
import type { PlanKind } from '@wattle/domain/behaviour-support/workflow';
import { http, httpList } from '@/lib/http';

/**
 * Behaviour support's one way to fetch (CONVENTIONS.md 7): plans, their versions and diffs, and the
 * engagements the plan deadlines run from (issue 16 item 1). Every key starts
 * ['behaviour-support', tenantId], which the live change feed invalidates.
 */

export const behaviourSupportKeys = {
  all: (tenantId: string) => ['behaviour-support', tenantId] as const,
  plans: (tenantId: string, teamId: string) => ['behaviour-support', tenantId, 'plans', teamId] as const,
  plan: (tenantId: string, id: string) => ['behaviour-support', tenantId, 'plan', id] as const,
  version: (tenantId: string, id: string, n: number) =>
    ['behaviour-support', tenantId, 'plan', id, 'version', n] as const,
  diff: (tenantId: string, id: string, from: number, to: number) =>
    ['behaviour-support', tenantId, 'plan', id, 'diff', from, to] as const,
  engagements: (tenantId: string, teamId: string) =>
    ['behaviour-support', tenantId, 'engagements', teamId] as const,
  prefill: (tenantId: string, teamId: string, kind: PlanKind) =>
    ['behaviour-support', tenantId, 'prefill', teamId, kind] as const,
};

const planPath = (id: string) => `/api/behaviour-support-plans/${encodeURIComponent(id)}`;

export function teamPlansQueryOptions(tenantId: string, teamId: string) {
  return queryOptions({
    queryKey: behaviourSupportKeys.plans(tenantId, teamId),
    queryFn: ({ signal }) =>
      httpList<PlanSummary>(`/api/behaviour-support-plans?teamId=${encodeURIComponent(teamId)}&limit=200`, {
        tenantId,
        signal,
      }),
  });
}

export function planQueryOptions(tenantId: string, id: string) {
  return queryOptions({
    queryKey: behaviourSupportKeys.plan(tenantId, id),
    queryFn: ({ signal }) => http<Plan>(planPath(id), { tenantId, signal }),
  });
}

export function planVersionQueryOptions(tenantId: string, id: string, number: number) {
  return queryOptions({
    queryKey: behaviourSupportKeys.version(tenantId, id, number),
    queryFn: ({ signal }) => http<PlanVersion>(`${planPath(id)}/versions/${number}`, { tenantId, signal }),
  });
}

export function planDiffQueryOptions(tenantId: string, id: string, from: number, to: number) {
  return queryOptions({
    queryKey: behaviourSupportKeys.diff(tenantId, id, from, to),
    queryFn: ({ signal }) =>
      http<VersionDiff>(`${planPath(id)}/diff?from=${from}&to=${to}`, { tenantId, signal }),
  });
}

export function teamEngagementsQueryOptions(tenantId: string, teamId: string) {
  return queryOptions({
    queryKey: behaviourSupportKeys.engagements(tenantId, teamId),
    queryFn: ({ signal }) =>
      httpList<Engagement>(
        `/api/behaviour-support-engagements?teamId=${encodeURIComponent(teamId)}&limit=50`,
        {
          tenantId,
          signal,
        },
      ),
  });
}

export function planPrefillQueryOptions(tenantId: string, teamId: string, kind: PlanKind) {
  return queryOptions({
    queryKey: behaviourSupportKeys.prefill(tenantId, teamId, kind),
    queryFn: ({ signal }) =>
      http<PlanPrefill>(
        `/api/behaviour-support-plans/prefill?teamId=${encodeURIComponent(teamId)}&kind=${kind}`,
        {
          tenantId,
          signal,
        },
      ),
  });
}

export function createEngagement(
  tenantId: string,
  input: { participantId: string; engagedOn: string; note?: string },
): Promise<Engagement> {
  return http<Engagement>('/api/behaviour-support-engagements', { method: 'POST', body: input, tenantId });
}

export function updateEngagement(
  tenantId: string,
  id: string,
  input: { version: number; engagedOn?: string; endedOn?: string | null; note?: string },
): Promise<Engagement> {
  return http<Engagement>(`/api/behaviour-support-engagements/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
    tenantId,
  });
}

export function createPlan(tenantId: string, input: { teamId: string; kind: PlanKind }): Promise<Plan> {
  return http<Plan>('/api/behaviour-support-plans', { method: 'POST', body: input, tenantId });
}

export type PlanStep =
  | { step: 'submit' | 'approve'; version: number }
  | { step: 'reject'; version: number; reason: string }
  | { step: 'versions'; version: number; changeSummary: string }
  | { step: 'share'; version: number; sharedWithFamily: boolean }
  | { step: 'needs-changed'; version: number; needsChangedOn: string | null };

/** One step of the plan workflow, from the version read (409 when someone changed it meanwhile). */
export function takePlanStep(tenantId: string, id: string, input: PlanStep): Promise<Plan> {
  const { step, ...body } = input;
  return http<Plan>(`${planPath(id)}/${step}`, { method: 'POST', body, tenantId });
}
