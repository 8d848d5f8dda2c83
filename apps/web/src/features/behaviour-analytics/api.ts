import { queryOptions } from '@tanstack/react-query';
import type { AnalyticsChart, BehaviourAnalytics } from '@wattle/domain/behaviour-analytics/schemas';
import { http } from '@/lib/http';

/** Behaviour analytics' one way to fetch (CONVENTIONS.md 7): the charts of a period, and their CSV. */

export interface AnalyticsRequest {
  from: string;
  to: string;
  teamId?: string | undefined;
}

function queryString(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  return params.toString();
}

export const analyticsKeys = {
  all: (tenantId: string) => ['behaviour-analytics', tenantId] as const,
  period: (tenantId: string, request: AnalyticsRequest) =>
    ['behaviour-analytics', tenantId, request.from, request.to, request.teamId ?? 'all'] as const,
};

export function behaviourAnalyticsQueryOptions(tenantId: string, request: AnalyticsRequest) {
  return queryOptions({
    queryKey: analyticsKeys.period(tenantId, request),
    queryFn: ({ signal }) =>
      http<BehaviourAnalytics>(
        `/api/behaviour-analytics?${queryString({ from: request.from, to: request.to, teamId: request.teamId })}`,
        { tenantId, signal },
      ),
    placeholderData: (previous) => previous,
  });
}

/** The CSV of every chart (or one `chart`): a plain download link (?tenantId= names the tenant). */
export function analyticsCsvUrl(tenantId: string, request: AnalyticsRequest, chart?: AnalyticsChart): string {
  return `/api/behaviour-analytics.csv?${queryString({
    from: request.from,
    to: request.to,
    teamId: request.teamId,
    chart,
    tenantId,
  })}`;
}
