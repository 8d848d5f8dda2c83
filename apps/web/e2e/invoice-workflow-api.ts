import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { Invoice } from '@wattle/domain/invoices/schemas';
import type { Plan } from '@wattle/domain/participants/plans';
import { demoUsers, expect, sunriseIdOf } from './fixtures';

/**
 * What the wizard, approvals and My invoices browser tests (issue 15 parts 2 and 4) do through the
 * API besides invoices-api.ts: a tighter budget (so a line goes over it), and rejecting an invoice.
 */

async function headersOf(request: APIRequestContext) {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  expect(csrf, 'signed in, with a CSRF cookie').toBeTruthy();
  return { 'X-CSRF-Token': decodeURIComponent(csrf!), 'X-Tenant-Id': await sunriseIdOf(request) };
}

/** Sets the plan's core (01) budget to `amountCents`, keeping the rest of the plan as it is. */
export async function setCoreBudget(owner: APIRequestContext, participantId: string, amountCents: number) {
  const headers = await headersOf(owner);
  const read = await owner.get(`/api/participants/${participantId}/plan`, { headers });
  expect(read.ok(), await read.text()).toBe(true);
  const plan = ((await read.json()) as { data: Plan }).data;
  const response = await owner.put(`/api/participants/${participantId}/plan`, {
    headers,
    data: {
      version: plan.version,
      startDate: plan.startDate,
      endDate: plan.endDate,
      managementType: plan.managementType,
      budgets: [{ category: '01', amountCents }],
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function rejectInvoiceViaApi(approver: APIRequestContext, id: string, reason: string) {
  const response = await approver.post(`/api/invoices/${id}/reject`, {
    headers: await headersOf(approver),
    data: { reason },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Invoice }).data;
}

/** Olivia (owner), signed in through a context of her own, for what the API does as her. */
export async function oliviaContext(browser: Browser) {
  const context = await browser.newContext();
  const login = await context.request.post('/api/auth/demo/login', { data: { email: demoUsers.owner } });
  expect(login.ok(), 'sign in as Olivia').toBe(true);
  return context;
}

export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** Chooses a participant in the wizard's picker by searching their name. */
export async function pickParticipant(page: Page, scope: Page | Locator, name: string) {
  await scope.getByRole('button', { name: /Change/ }).click();
  await page.getByPlaceholder('Name or NDIS number').fill(name);
  await page.getByRole('button', { name: new RegExp(name) }).click();
}

/** Someone else's save of the invoice's notes (the wizard's 409 test). */
export async function patchInvoiceNotes(
  request: APIRequestContext,
  id: string,
  version: number,
  notes: string,
) {
  const response = await request.patch(`/api/invoices/${id}`, {
    headers: await headersOf(request),
    data: { version, notes },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Invoice }).data;
}

/** How far the page is wider than the window (0 when nothing scrolls sideways). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
