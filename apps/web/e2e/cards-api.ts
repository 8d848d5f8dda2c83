import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import type { Card, CardAuditEntry } from '@wattle/domain/cards/schemas';
import { expect, preferSunrise, sunriseIdOf } from './fixtures';

/** The card API as the signed-in person of a request context, in one tenant. */
export interface CardsApi {
  tenantId: string;
  /** The id of one of the tenant's teams, by name. */
  teamId(name: string): Promise<string>;
  /** POST /api/cards, expected to create (201). */
  create(input: Record<string, unknown>, options?: { idempotencyKey?: string }): Promise<Card>;
  card(id: string): Promise<Card>;
  audit(id: string): Promise<CardAuditEntry[]>;
  /** PATCH /api/cards/{id}, the answer as it comes (for refusals). */
  patch(id: string, body: Record<string, unknown>): Promise<APIResponse>;
  /** PATCH /api/cards/{id}, expected to succeed (200): the card as saved. */
  update(id: string, body: Record<string, unknown>): Promise<Card>;
}

async function data<T>(response: APIResponse): Promise<T> {
  return ((await response.json()) as { data: T }).data;
}

/**
 * The card API as the signed-in person of `request`: JSON with the CSRF header (from the session's
 * cookie) and the tenant, Sunrise unless `tenantId` is given.
 */
export async function cardsApi(request: APIRequestContext, tenantId?: string): Promise<CardsApi> {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  expect(csrf, 'signed in, with a CSRF cookie').toBeTruthy();
  const tenant = tenantId ?? (await sunriseIdOf(request));
  const headers = { 'X-CSRF-Token': decodeURIComponent(csrf!), 'X-Tenant-Id': tenant };
  return {
    tenantId: tenant,
    async teamId(name) {
      const teams = await data<{ id: string; name: string }[]>(await request.get('/api/teams', { headers }));
      const team = teams.find((candidate) => candidate.name === name);
      if (!team) throw new Error(`${name} is not seeded`);
      return team.id;
    },
    async create(input, { idempotencyKey } = {}) {
      const response = await request.post('/api/cards', {
        data: input,
        headers: idempotencyKey ? { ...headers, 'Idempotency-Key': idempotencyKey } : headers,
      });
      expect(response.status(), await response.text()).toBe(201);
      return data<Card>(response);
    },
    async card(id) {
      const response = await request.get(`/api/cards/${id}`, { headers });
      expect(response.ok(), await response.text()).toBe(true);
      return data<Card>(response);
    },
    async audit(id) {
      const response = await request.get(`/api/cards/${id}/audit`, { headers });
      expect(response.ok(), await response.text()).toBe(true);
      return data<CardAuditEntry[]>(response);
    },
    patch(id, body) {
      return request.patch(`/api/cards/${id}`, { data: body, headers });
    },
    async update(id, body) {
      const response = await request.patch(`/api/cards/${id}`, { data: body, headers });
      expect(response.status(), `PATCH /api/cards/${id}: ${await response.text()}`).toBe(200);
      return data<Card>(response);
    },
  };
}

/**
 * For the person `page` is signed in as: the app opens in Sunrise, and a new card of Jordan's Care
 * Team made through the API (`input` adds to or overrides its team).
 */
export async function sunriseWithNewCard(
  page: Page,
  input: Record<string, unknown> & { title: string },
): Promise<{ api: CardsApi; card: Card }> {
  await preferSunrise(page, page.request);
  const api = await cardsApi(page.request);
  const card = await api.create({ teamId: await api.teamId("Jordan's Care Team"), ...input });
  return { api, card };
}

/**
 * For a practitioner signed in on `page`: a behaviour support plan of Jordan's Care Team, made
 * through the plans API and shared with family, and its working card (the card a family guardian
 * may open: decision 0025).
 */
export async function sunriseWithSharedPlan(page: Page): Promise<{ api: CardsApi; card: Card }> {
  await preferSunrise(page, page.request);
  const api = await cardsApi(page.request);
  const csrf = (await page.request.storageState()).cookies.find(
    (cookie) => cookie.name === 'wattle_csrf',
  )?.value;
  const headers = { 'X-CSRF-Token': decodeURIComponent(csrf!), 'X-Tenant-Id': api.tenantId };
  const made = await page.request.post('/api/behaviour-support-plans', {
    data: { teamId: await api.teamId("Jordan's Care Team"), kind: 'interim' },
    headers,
  });
  expect(made.status(), await made.text()).toBe(201);
  const plan = await data<{ id: string; cardId: string }>(made);
  const shared = await page.request.post(`/api/behaviour-support-plans/${plan.id}/share`, {
    data: { sharedWithFamily: true },
    headers,
  });
  expect(shared.status(), await shared.text()).toBe(200);
  return { api, card: await api.card(plan.cardId) };
}
