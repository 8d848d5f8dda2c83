import type { APIRequestContext, APIResponse } from '@playwright/test';
import type { Plan } from '@wattle/domain/participants/plans';
import type { Participant, ParticipantListItem, ParticipantView } from '@wattle/domain/participants/schemas';
import { expect, sunriseIdOf } from './fixtures';

/** The participant API as the signed-in person of a request context, in Sunrise (or `tenantId`). */
export interface ParticipantsApi {
  tenantId: string;
  list(query?: Record<string, string>): Promise<{ data: ParticipantListItem[]; total: number }>;
  /** The participant with this name, from the list (they must exist). */
  byName(name: string): Promise<ParticipantListItem>;
  get(id: string): Promise<ParticipantView>;
  patch(id: string, body: Record<string, unknown>): Promise<APIResponse>;
  /** POST /api/participants, expected to create (201). */
  create(input: Record<string, unknown>): Promise<Participant>;
  plan(id: string): Promise<Plan | null>;
}

/** A 9-digit NDIS number no seeded participant has, different each call. */
let sequence = 0;
export function freshNdisNumber(): string {
  sequence += 1;
  return `49${String((Date.now() * 10 + sequence) % 10_000_000).padStart(7, '0')}`;
}

export async function participantsApi(
  request: APIRequestContext,
  tenantId?: string,
): Promise<ParticipantsApi> {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  expect(csrf, 'signed in, with a CSRF cookie').toBeTruthy();
  const tenant = tenantId ?? (await sunriseIdOf(request));
  const headers = { 'X-CSRF-Token': decodeURIComponent(csrf!), 'X-Tenant-Id': tenant };
  const api: ParticipantsApi = {
    tenantId: tenant,
    async list(query = {}) {
      const response = await request.get(`/api/participants?${new URLSearchParams(query)}`, { headers });
      expect(response.ok(), await response.text()).toBe(true);
      const body = (await response.json()) as { data: ParticipantListItem[]; meta: { total: number } };
      return { data: body.data, total: body.meta.total };
    },
    async byName(name) {
      const { data } = await api.list({ q: name });
      const found = data.find((participant) => participant.name === name);
      if (!found) throw new Error(`${name} is not a participant`);
      return found;
    },
    async get(id) {
      const response = await request.get(`/api/participants/${id}`, { headers });
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { data: ParticipantView }).data;
    },
    patch(id, body) {
      return request.patch(`/api/participants/${id}`, { data: body, headers });
    },
    async create(input) {
      const response = await request.post('/api/participants', { data: input, headers });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: Participant }).data;
    },
    async plan(id) {
      const response = await request.get(`/api/participants/${id}/plan`, { headers });
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { data: Plan | null }).data;
    },
  };
  return api;
}

export function isFull(view: ParticipantView): view is Participant {
  return view.view === 'full';
}
