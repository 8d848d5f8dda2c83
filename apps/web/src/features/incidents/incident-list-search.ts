import type {
  IncidentCategory,
  IncidentListQuery,
  IncidentSeverityFilter,
  IncidentStatus,
} from '@wattle/domain/incidents/schemas';
import type { IncidentListFilters } from './incident-keys';

/**
 * The register's filters, sort, page and open incident live in the address
 * (`/incidents?reportable=true&sort=severity&incident=<id>`), so a filtered register can be shared and
 * coming back shows it as it was left. Anything unknown in the address is dropped.
 */

export type IncidentSortKey = IncidentListQuery['sort'];

// Records over the domain's types: adding a category, severity or sort there fails to compile here.
const statuses: Record<IncidentStatus, true> = { open: true, closed: true };
const categories: Record<IncidentCategory, true> = {
  behaviour: true,
  injury: true,
  medication: true,
  'property-damage': true,
  'missing-person': true,
  'restrictive-practice': true,
  'abuse-or-neglect': true,
  complaint: true,
  other: true,
};
const severities: Record<IncidentSeverityFilter, true> = {
  low: true,
  medium: true,
  high: true,
  critical: true,
  'not-assessed': true,
};
const sortKeys: Record<IncidentSortKey, true> = {
  occurredAt: true,
  number: true,
  severity: true,
  category: true,
  participant: true,
  awareAt: true,
  status: true,
};
const isKey = <T extends string>(record: Record<T, true>, value: unknown): value is T =>
  typeof value === 'string' && Object.hasOwn(record, value);
const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isId = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export const incidentPageSize = 25;

export interface IncidentListSearch {
  status?: IncidentStatus;
  reportable?: boolean;
  category?: IncidentCategory;
  severity?: IncidentSeverityFilter;
  team?: string;
  participant?: string;
  from?: string;
  to?: string;
  overdue?: true;
  sort?: IncidentSortKey;
  order?: 'asc' | 'desc';
  page?: number;
  /** The incident open in the detail panel. */
  incident?: string;
}

export function validateIncidentListSearch(search: Record<string, unknown>): IncidentListSearch {
  const result: IncidentListSearch = {};
  if (isKey(statuses, search.status)) result.status = search.status;
  if (search.reportable === true || search.reportable === 'true') result.reportable = true;
  if (search.reportable === false || search.reportable === 'false') result.reportable = false;
  if (isKey(categories, search.category)) result.category = search.category;
  if (isKey(severities, search.severity)) result.severity = search.severity;
  if (isId(search.team)) result.team = search.team;
  if (isId(search.participant)) result.participant = search.participant;
  if (isDay(search.from)) result.from = search.from;
  if (isDay(search.to)) result.to = search.to;
  if (search.overdue === true || search.overdue === 'true') result.overdue = true;
  if (isKey(sortKeys, search.sort)) result.sort = search.sort;
  if (search.order === 'asc' || search.order === 'desc') result.order = search.order;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1) result.page = page;
  if (isId(search.incident)) result.incident = search.incident;
  return result;
}

/** What the register asks the server for, from the address. */
export function incidentListRequestOf(search: IncidentListSearch): IncidentListFilters {
  return {
    status: search.status,
    reportable: search.reportable,
    category: search.category,
    severity: search.severity,
    teamId: search.team,
    participantId: search.participant,
    from: search.from,
    to: search.to,
    overdue: search.overdue,
    sort: search.sort ?? 'occurredAt',
    order: search.order ?? 'desc',
    limit: incidentPageSize,
    offset: ((search.page ?? 1) - 1) * incidentPageSize,
  };
}
