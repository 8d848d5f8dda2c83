import { queryOptions } from '@tanstack/react-query';
import type {
  CreateIncidentActionInput,
  DebriefIncidentInput,
  Incident,
  IncidentAction,
  IncidentSummary,
  PatchIncidentActionInput,
  PatchIncidentInput,
} from '@wattle/domain/incidents/schemas';
import { http, httpList, type ListResult } from '@/lib/http';
import { type IncidentListFilters, incidentKeys } from './incident-keys';

/** The incidents area's one way to fetch (CONVENTIONS.md 7): the register, one incident, its actions. */

export { type IncidentListFilters, incidentKeys };

export function incidentQueryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const incidentPath = (id: string) => `/api/incidents/${encodeURIComponent(id)}`;

export function incidentsQueryOptions(tenantId: string, filters: IncidentListFilters) {
  return queryOptions({
    queryKey: incidentKeys.list(tenantId, filters),
    queryFn: ({ signal }): Promise<ListResult<IncidentSummary>> =>
      httpList<IncidentSummary>(`/api/incidents${incidentQueryString(filters)}`, { tenantId, signal }),
    placeholderData: (previous) => previous,
  });
}

export function incidentQueryOptions(tenantId: string, id: string) {
  return queryOptions({
    queryKey: incidentKeys.detail(tenantId, id),
    queryFn: ({ signal }) => http<Incident>(incidentPath(id), { tenantId, signal }),
  });
}

/** The register as CSV with the same filters and sort: a plain download link (?tenantId= names the tenant). */
export function incidentsCsvUrl(tenantId: string, filters: IncidentListFilters): string {
  const { limit: _limit, offset: _offset, ...rest } = filters;
  return `/api/incidents.csv${incidentQueryString({ ...rest, tenantId })}`;
}

export function patchIncident(tenantId: string, id: string, patch: PatchIncidentInput): Promise<Incident> {
  return http<Incident>(incidentPath(id), { method: 'PATCH', body: patch, tenantId });
}

export function addIncidentAction(
  tenantId: string,
  id: string,
  input: CreateIncidentActionInput,
): Promise<IncidentAction> {
  return http<IncidentAction>(`${incidentPath(id)}/actions`, { method: 'POST', body: input, tenantId });
}

export function patchIncidentAction(
  tenantId: string,
  id: string,
  actionId: string,
  patch: PatchIncidentActionInput,
): Promise<IncidentAction> {
  return http<IncidentAction>(`${incidentPath(id)}/actions/${encodeURIComponent(actionId)}`, {
    method: 'PATCH',
    body: patch,
    tenantId,
  });
}

export function deleteIncidentAction(tenantId: string, id: string, actionId: string): Promise<unknown> {
  return http(`${incidentPath(id)}/actions/${encodeURIComponent(actionId)}`, { method: 'DELETE', tenantId });
}

export function debriefIncident(
  tenantId: string,
  id: string,
  input: DebriefIncidentInput,
): Promise<Incident> {
  return http<Incident>(`${incidentPath(id)}/debrief`, { method: 'POST', body: input, tenantId });
}
