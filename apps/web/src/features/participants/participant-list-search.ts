import type { ParticipantListQuery, ParticipantStatus } from '@wattle/domain/participants/schemas';
import type { ParticipantListFilters } from './api';

/**
 * The participant list's search, sort and filters live in the address (`/participants?q=lee&sort=
 * planEnd`), so coming back from a participant shows the list as it was left and a filtered list
 * can be bookmarked or shared. Anything unknown in the address is dropped.
 */

export type ParticipantSortKey = ParticipantListQuery['sort'];

// Checked here, in the router's first load, without the domain's zod schemas; a Record over the
// domain's types fails to compile when a status or sort key is added there and not here.
const statuses: Record<ParticipantStatus, true> = { active: true, inactive: true, pending: true };
const sortKeys: Record<ParticipantSortKey, true> = {
  name: true,
  status: true,
  team: true,
  planEnd: true,
  alerts: true,
  lastActivity: true,
};
const isKey = <T extends string>(record: Record<T, true>, value: unknown): value is T =>
  typeof value === 'string' && Object.hasOwn(record, value);

export interface ParticipantListSearch {
  q?: string;
  status?: ParticipantStatus;
  team?: string;
  /** Show archived participants instead of the current ones. */
  archived?: true;
  sort?: ParticipantSortKey;
  order?: 'asc' | 'desc';
}

export function validateParticipantListSearch(search: Record<string, unknown>): ParticipantListSearch {
  const result: ParticipantListSearch = {};
  if (typeof search.q === 'string' && search.q.trim()) result.q = search.q.slice(0, 100);
  if (isKey(statuses, search.status)) result.status = search.status;
  if (typeof search.team === 'string' && /^[0-9a-f-]{36}$/i.test(search.team)) result.team = search.team;
  if (search.archived === true || search.archived === 'true') result.archived = true;
  if (isKey(sortKeys, search.sort)) result.sort = search.sort;
  if (search.order === 'asc' || search.order === 'desc') result.order = search.order;
  return result;
}

/** The list request for the address's search: by name A to Z unless another sort is chosen. */
export function listFiltersOf(search: ParticipantListSearch): ParticipantListFilters {
  return {
    q: search.q?.trim() || undefined,
    status: search.status,
    teamId: search.team,
    archived: search.archived ? 'true' : 'false',
    sort: search.sort ?? 'name',
    order: search.order ?? 'asc',
  };
}

/** Whether any filter narrows the list (the empty state says "no matches" rather than "none yet"). */
export function isFiltered(search: ParticipantListSearch): boolean {
  return Boolean(search.q?.trim() || search.status || search.team || search.archived);
}
