import type { IncidentListQuery } from '@wattle/domain/incidents/schemas';

/**
 * Query keys of the incidents area. Every key starts with 'incidents' and the tenant id, so a live
 * 'incident' change (features/live/live-query-keys.ts) refreshes the register and the open detail.
 */
export const incidentKeys = {
  all: (tenantId: string) => ['incidents', tenantId] as const,
  list: (tenantId: string, filters: IncidentListFilters) => ['incidents', tenantId, 'list', filters] as const,
  detail: (tenantId: string, id: string) => ['incidents', tenantId, 'detail', id] as const,
};

/** `GET /api/incidents` parameters as the web sends them. */
export type IncidentListFilters = Partial<Omit<IncidentListQuery, 'tenantId'>>;
