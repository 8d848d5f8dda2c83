import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardSummary } from '@wattle/domain/cards/schemas';
import type { Plan, PlanInput, PlanStatus } from '@wattle/domain/participants/plans';
import type {
  CreateParticipant,
  Participant,
  ParticipantListItem,
  ParticipantListQuery,
  ParticipantView,
  UpdateParticipant,
} from '@wattle/domain/participants/schemas';
import { cardKeys } from '@/features/cards/api';
import { teamKeys } from '@/features/teams/api';
import { http, httpList, type ListResult } from '@/lib/http';

/**
 * The participants area's one way to fetch (CONVENTIONS.md 7): `GET/POST /api/participants`,
 * `GET/PATCH /api/participants/{id}`, archive and restore, and the NDIS plan calls. Every key starts
 * with 'participants' and the tenant id, so a live 'participant' change (features/live) refreshes
 * them all, the care-team wizard's picker too.
 */
export const participantKeys = {
  all: (tenantId: string) => ['participants', tenantId] as const,
  lists: (tenantId: string) => ['participants', tenantId, 'list'] as const,
  list: (tenantId: string, query: ParticipantListFilters) =>
    ['participants', tenantId, 'list', query] as const,
  picker: (tenantId: string, q: string) => ['participants', tenantId, 'picker', q] as const,
  detail: (tenantId: string, id: string) => ['participants', tenantId, 'detail', id] as const,
  plan: (tenantId: string, id: string) => ['participants', tenantId, 'plan', id] as const,
  /** Every list of the participant's plans (the key `plansOf` extends). */
  plans: (tenantId: string, id: string) => ['participants', tenantId, 'plans', id] as const,
  plansOf: (tenantId: string, id: string, status: PlanStatus | 'all') =>
    ['participants', tenantId, 'plans', id, status] as const,
};

/** What the list screen asks for; paging is the infinite query's. */
export type ParticipantListFilters = Pick<ParticipantListQuery, 'sort' | 'order'> &
  Partial<Pick<ParticipantListQuery, 'q' | 'teamId' | 'status' | 'archived'>>;

/** Rows fetched per request while scrolling: a screenful several times over. */
export const participantPageSize = 100;

function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const participantPath = (id: string) => `/api/participants/${encodeURIComponent(id)}`;

export function fetchParticipants(
  tenantId: string,
  query: ParticipantListFilters & { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<ListResult<ParticipantListItem>> {
  return httpList<ParticipantListItem>(`/api/participants${queryString({ ...query, q: query.q?.trim() })}`, {
    tenantId,
    signal,
  });
}

/**
 * The list, sorted and searched by the server, a page at a time as the table scrolls: thousands of
 * participants never load at once.
 */
export function participantsInfiniteQueryOptions(tenantId: string, filters: ParticipantListFilters) {
  return infiniteQueryOptions({
    queryKey: participantKeys.list(tenantId, filters),
    queryFn: ({ pageParam, signal }) =>
      fetchParticipants(tenantId, { ...filters, limit: participantPageSize, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.meta.offset + last.data.length;
      return last.data.length > 0 && next < last.meta.total ? next : undefined;
    },
  });
}

/** Up to 20 participants whose name or NDIS number matches `q`, for pickers (a card's participant). */
export function participantPickerQueryOptions(tenantId: string, q: string) {
  return queryOptions({
    queryKey: participantKeys.picker(tenantId, q.trim()),
    queryFn: async ({ signal }) =>
      (await fetchParticipants(tenantId, { q, sort: 'name', order: 'asc', limit: 20, offset: 0 }, signal))
        .data,
  });
}

/**
 * One participant as the caller may read them: the full record, or a family guardian's summary.
 * Every read is audited by the server, so nothing fetches it ahead of a person opening the page.
 */
export function participantQueryOptions(tenantId: string, id: string) {
  return queryOptions({
    queryKey: participantKeys.detail(tenantId, id),
    queryFn: ({ signal }) => http<ParticipantView>(participantPath(id), { tenantId, signal }),
  });
}

/** `GET /plan`: the participant's plan, the current one or, before the first starts, the first upcoming one. */
export function currentPlanQueryOptions(tenantId: string, participantId: string) {
  return queryOptions({
    queryKey: participantKeys.plan(tenantId, participantId),
    queryFn: ({ signal }) =>
      http<Plan | null>(`${participantPath(participantId)}/plan`, { tenantId, signal }),
  });
}

/** `GET /plans`: the participant's plans, newest first; with a status, only those current, upcoming or earlier. */
export function plansQueryOptions(tenantId: string, participantId: string, status?: PlanStatus) {
  return queryOptions({
    queryKey: participantKeys.plansOf(tenantId, participantId, status ?? 'all'),
    queryFn: async ({ signal }) =>
      (
        await httpList<Plan>(`${participantPath(participantId)}/plans${queryString({ status })}`, {
          tenantId,
          signal,
        })
      ).data,
  });
}

/** The participant's cards on teams the caller may read, newest change first (the cards list filters by participant). */
export function participantCardsQueryOptions(tenantId: string, participantId: string) {
  const query = { participantId, limit: 50 };
  return queryOptions({
    // Under the cards area's key, so a live card change refreshes this list as it does the others.
    queryKey: cardKeys.list(tenantId, query),
    queryFn: ({ signal }) => httpList<CardSummary>(`/api/cards${queryString(query)}`, { tenantId, signal }),
  });
}

export function createParticipant(
  tenantId: string,
  input: CreateParticipant,
  idempotencyKey: string,
): Promise<Participant> {
  return http<Participant>('/api/participants', {
    method: 'POST',
    body: input,
    tenantId,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function updateParticipant(
  tenantId: string,
  id: string,
  patch: UpdateParticipant,
): Promise<Participant> {
  return http<Participant>(participantPath(id), { method: 'PATCH', body: patch, tenantId });
}

export function setParticipantArchived(
  tenantId: string,
  id: string,
  archived: boolean,
  version: number,
): Promise<Participant> {
  return http<Participant>(`${participantPath(id)}/${archived ? 'archive' : 'restore'}`, {
    method: 'POST',
    body: { version },
    tenantId,
  });
}

/** Edits a plan (current or upcoming), or without `planId` records the first one. */
export function savePlan(
  tenantId: string,
  participantId: string,
  input: PlanInput,
  planId?: string,
): Promise<Plan> {
  const path = planId
    ? `${participantPath(participantId)}/plans/${encodeURIComponent(planId)}`
    : `${participantPath(participantId)}/plan`;
  return http<Plan>(path, { method: 'PUT', body: input, tenantId });
}

/** A new plan after the last one: upcoming until its start date, then current; the ones before stay readable. */
export function startNewPlan(
  tenantId: string,
  participantId: string,
  input: PlanInput,
  idempotencyKey: string,
): Promise<Plan> {
  return http<Plan>(`${participantPath(participantId)}/plans`, {
    method: 'POST',
    body: input,
    tenantId,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * After a participant was written: the detail takes the server's answer, and the lists, pickers and
 * the teams (which show their participant) are fetched again.
 */
function useParticipantWritten(tenantId: string) {
  const queryClient = useQueryClient();
  return async (participant: Participant) => {
    queryClient.setQueryData(participantKeys.detail(tenantId, participant.id), participant);
    await Promise.all([
      queryClient.invalidateQueries({
        queryKey: participantKeys.all(tenantId),
        predicate: (query) => query.queryKey[2] !== 'detail' && query.queryKey[2] !== 'plan',
      }),
      queryClient.invalidateQueries({ queryKey: teamKeys.list(tenantId) }),
    ]);
  };
}

export function useCreateParticipant(tenantId: string) {
  const written = useParticipantWritten(tenantId);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateParticipant; idempotencyKey: string }) =>
      createParticipant(tenantId, input, idempotencyKey),
    onSuccess: written,
  });
}

export function useUpdateParticipant(tenantId: string, id: string) {
  const written = useParticipantWritten(tenantId);
  return useMutation({
    mutationFn: (patch: UpdateParticipant) => updateParticipant(tenantId, id, patch),
    onSuccess: written,
  });
}

export function useSetParticipantArchived(tenantId: string, id: string) {
  const written = useParticipantWritten(tenantId);
  return useMutation({
    mutationFn: ({ archived, version }: { archived: boolean; version: number }) =>
      setParticipantArchived(tenantId, id, archived, version),
    onSuccess: written,
  });
}

/**
 * Saves a plan (PUT: `planId`, or the first plan) or starts a new one (POST); the participant's plan,
 * the plan lists and the participant's plan dates refresh.
 */
export function useSavePlan(tenantId: string, participantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      input,
      isNewPlan,
      planId,
      idempotencyKey,
    }: {
      input: PlanInput;
      isNewPlan: boolean;
      planId?: string;
      idempotencyKey: string;
    }) =>
      isNewPlan
        ? startNewPlan(tenantId, participantId, input, idempotencyKey)
        : savePlan(tenantId, participantId, input, planId),
    onSuccess: async (plan) => {
      const mainKey = participantKeys.plan(tenantId, participantId);
      const main = queryClient.getQueryData<Plan | null>(mainKey);
      // The participant's plan takes the answer when it is that plan, the first, or one now current; a
      // plan recorded after it (upcoming) leaves it, and the participant's dates, as they are.
      if (!main || main.id === plan.id || plan.status === 'current') {
        queryClient.setQueryData(mainKey, plan);
        // The participant shows that plan's dates: set here rather than read again (each read is audited).
        queryClient.setQueryData<ParticipantView>(
          participantKeys.detail(tenantId, participantId),
          (before) =>
            before ? { ...before, planStartDate: plan.startDate, planEndDate: plan.endDate } : before,
        );
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: participantKeys.plans(tenantId, participantId) }),
        queryClient.invalidateQueries({ queryKey: participantKeys.lists(tenantId) }),
      ]);
    },
  });
}
