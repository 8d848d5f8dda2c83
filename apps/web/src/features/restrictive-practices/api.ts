import { queryOptions } from '@tanstack/react-query';
import type {
  Authorisation,
  CreateAuthorisation,
  CreateUse,
  LoggedUse,
  Report,
  UpdateAuthorisation,
  Use,
} from '@wattle/domain/restrictive-practices/schemas';
import { http, httpList } from '@/lib/http';

/**
 * Restrictive practices' one way to fetch (CONVENTIONS.md 7): a participant's register, log and
 * monthly reports (issue 16 item 3). Every key starts ['restrictive-practices', tenantId], which the
 * live change feed invalidates for the three entities.
 */

export const restrictivePracticeKeys = {
  all: (tenantId: string) => ['restrictive-practices', tenantId] as const,
  register: (tenantId: string, participantId: string) =>
    ['restrictive-practices', tenantId, 'register', participantId] as const,
  uses: (tenantId: string, participantId: string) =>
    ['restrictive-practices', tenantId, 'uses', participantId] as const,
  reports: (tenantId: string, participantId: string) =>
    ['restrictive-practices', tenantId, 'reports', participantId] as const,
};

const q = (participantId: string) => `participantId=${encodeURIComponent(participantId)}`;

export function registerQueryOptions(tenantId: string, participantId: string) {
  return queryOptions({
    queryKey: restrictivePracticeKeys.register(tenantId, participantId),
    queryFn: ({ signal }) =>
      http<Authorisation[]>(`/api/restrictive-practices?${q(participantId)}`, { tenantId, signal }),
  });
}

/** The latest 200 uses, newest first. */
export function usesQueryOptions(tenantId: string, participantId: string) {
  return queryOptions({
    queryKey: restrictivePracticeKeys.uses(tenantId, participantId),
    queryFn: ({ signal }) =>
      httpList<Use>(`/api/restrictive-practices/uses?${q(participantId)}&limit=200`, { tenantId, signal }),
  });
}

export function reportsQueryOptions(tenantId: string, participantId: string) {
  return queryOptions({
    queryKey: restrictivePracticeKeys.reports(tenantId, participantId),
    queryFn: ({ signal }) =>
      http<Report[]>(`/api/restrictive-practice-reports?${q(participantId)}&limit=200`, { tenantId, signal }),
  });
}

export function createAuthorisation(tenantId: string, input: CreateAuthorisation): Promise<Authorisation> {
  return http<Authorisation>('/api/restrictive-practices', { method: 'POST', body: input, tenantId });
}

export function updateAuthorisation(
  tenantId: string,
  id: string,
  input: UpdateAuthorisation,
): Promise<Authorisation> {
  return http<Authorisation>(`/api/restrictive-practices/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
    tenantId,
  });
}

export function deleteAuthorisation(tenantId: string, id: string): Promise<unknown> {
  return http(`/api/restrictive-practices/${encodeURIComponent(id)}`, { method: 'DELETE', tenantId });
}

export function logUse(tenantId: string, input: CreateUse): Promise<LoggedUse> {
  return http<LoggedUse>('/api/restrictive-practices/uses', { method: 'POST', body: input, tenantId });
}

export function generateReport(tenantId: string, participantId: string, month: string): Promise<Report> {
  return http<Report>('/api/restrictive-practice-reports', {
    method: 'POST',
    body: { participantId, month },
    tenantId,
  });
}

export function reviewReport(tenantId: string, report: Report): Promise<Report> {
  return http<Report>(`/api/restrictive-practice-reports/${encodeURIComponent(report.id)}/review`, {
    method: 'POST',
    body: { version: report.version },
    tenantId,
  });
}

export function submitReport(tenantId: string, report: Report, commissionReference: string): Promise<Report> {
  return http<Report>(`/api/restrictive-practice-reports/${encodeURIComponent(report.id)}/submit`, {
    method: 'POST',
    body: { version: report.version, commissionReference },
    tenantId,
  });
}

/** A plain download link (the tenant in the query, as a link cannot send X-Tenant-Id). */
export function reportFileUrl(tenantId: string, id: string, kind: 'csv' | 'pdf'): string {
  return `/api/restrictive-practice-reports/${encodeURIComponent(id)}.${kind}?tenantId=${encodeURIComponent(tenantId)}`;
}
