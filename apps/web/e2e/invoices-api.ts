import type { APIRequestContext } from '@playwright/test';
import type { ClaimBatch, Invoice } from '@wattle/domain/invoices/schemas';
import type { TimeCode } from '@wattle/domain/time/time-codes';
import { expect, sunriseIdOf } from './fixtures';
import { freshNdisNumber, participantsApi } from './participants-api';
import { addDays } from './time-api';

/**
 * Invoice test data through the API (issue 15), as the browser tests of the invoice screens need it:
 * a fresh agency-managed participant with a 2030 plan, approved time for them (recorded by the
 * worker, approved by someone else) and invoices built from it, moved along the workflow.
 */

/**
 * Weekdays of 2030 between NSW's King's Birthday and Labour Day, without the August bank holiday:
 * each priced at the plain weekday rate. Tests in other workers record time for the same person
 * (Adam), so a day already taken (409 OVERLAP) is skipped for the next.
 */
const plainWeekdays = (() => {
  const days: string[] = [];
  for (let day = '2030-07-08'; day <= '2030-09-27'; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && day !== '2030-08-05') days.push(day);
  }
  return days;
})();
// A random start, with room after it for a whole run's days before wrapping to the start.
let nextDay = Math.floor(Math.random() * (plainWeekdays.length - 30));
function takeDay(): string {
  const day = plainWeekdays[nextDay % plainWeekdays.length]!;
  nextDay += 1;
  return day;
}

async function headersOf(request: APIRequestContext) {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  expect(csrf, 'signed in, with a CSRF cookie').toBeTruthy();
  return { 'X-CSRF-Token': decodeURIComponent(csrf!), 'X-Tenant-Id': await sunriseIdOf(request) };
}

async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  data?: unknown,
  expected = method === 'POST' &&
  (path === '/api/invoices' || path === '/api/claims' || path === '/api/time-entries')
    ? 201
    : 200,
): Promise<T> {
  const headers = await headersOf(request);
  const response = await request.fetch(path, { method, headers, ...(data === undefined ? {} : { data }) });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(expected);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Sunrise's tax-invoice settings hold an ABN and an NDIS registration number (a claim needs both),
 * kept as they are when already set.
 */
export async function ensureTaxInvoiceSettings(owner: APIRequestContext): Promise<void> {
  const current = await call<{
    legalName: string | null;
    abn: string | null;
    ndisRegistrationNumber: string | null;
    address: string | null;
    email: string | null;
    phone: string | null;
    teamLeadApprovalLimitCents: number | null;
    gstRate: number;
    paymentTerms: number;
    invoicePrefix: string;
  }>(owner, 'GET', '/api/settings/tax-invoice');
  if (current.abn && current.ndisRegistrationNumber && current.legalName) return;
  await call(owner, 'PUT', '/api/settings/tax-invoice', {
    legalName: current.legalName ?? 'Sunrise Support Network Pty Ltd',
    // The ATO's example ABN, which passes the checksum.
    abn: current.abn ?? '51824753556',
    ndisRegistrationNumber: current.ndisRegistrationNumber ?? '405000123',
    address: current.address ?? '',
    email: current.email ?? '',
    phone: current.phone ?? '',
    bank: null,
    teamLeadApprovalLimitCents: current.teamLeadApprovalLimitCents,
    gstRate: current.gstRate,
    paymentTerms: current.paymentTerms,
    invoicePrefix: current.invoicePrefix,
  });
}

/** A participant of Sunrise (no team), agency-managed with a 2030 plan and room in its budgets. */
export async function agencyParticipant(owner: APIRequestContext, name: string) {
  const participants = await participantsApi(owner);
  const created = await participants.create({
    name,
    ndisNumber: freshNdisNumber(),
    dateOfBirth: '1990-01-01',
  });
  await call(owner, 'PUT', `/api/participants/${created.id}/plan`, {
    startDate: '2030-01-01',
    endDate: '2030-12-31',
    managementType: 'ndia',
    budgets: [{ category: '01', amountCents: 5_000_000 }],
  });
  return created;
}

/**
 * Approved two-hour entries for the participant, one a day on plain weekdays (in order, though not
 * always next to each other): `worker` records and submits them, `approver` approves. Returns the days.
 */
export async function approvedTime(
  worker: APIRequestContext,
  approver: APIRequestContext,
  participantId: string,
  count: number,
): Promise<string[]> {
  const codes = await call<TimeCode[]>(worker, 'GET', '/api/time-codes');
  const selfCare = codes.find((code) => code.code === '01_011_0107_1_1');
  expect(selfCare, 'the seeded self-care time code').toBeTruthy();
  const days: string[] = [];
  const headers = await headersOf(worker);
  while (days.length < count) {
    const date = takeDay();
    const response = await worker.post('/api/time-entries', {
      headers,
      data: {
        date,
        startTime: '09:00',
        endTime: '11:00',
        timeCodeId: selfCare!.id,
        participantId,
        description: `Support on ${date}`,
      },
    });
    if (response.status() === 409) continue; // Adam already works that morning, for another test.
    expect(response.status(), `POST /api/time-entries: ${await response.text()}`).toBe(201);
    const entry = ((await response.json()) as { data: { id: string } }).data;
    await call(worker, 'POST', `/api/time-entries/${entry.id}/submit`, {});
    await call(approver, 'POST', `/api/time-entries/${entry.id}/approve`, {});
    days.push(date);
  }
  return days.sort();
}

export function invoicesApi(request: APIRequestContext) {
  return {
    build: (participantId: string, periodFrom: string, periodTo = periodFrom) =>
      call<Invoice>(request, 'POST', '/api/invoices', { participantId, periodFrom, periodTo }),
    get: (id: string) => call<Invoice>(request, 'GET', `/api/invoices/${id}`),
    step: (id: string, step: 'submit' | 'approve' | 'send') =>
      call<Invoice>(request, 'POST', `/api/invoices/${id}/${step}`, {}),
    buildResponse: async (participantId: string, periodFrom: string, periodTo = periodFrom) =>
      request.post('/api/invoices', {
        headers: await headersOf(request),
        data: { participantId, periodFrom, periodTo },
      }),
    /** PATCH /api/invoices/{id}, answered as it comes (a stale version is 409). */
    patch: async (id: string, body: Record<string, unknown>) =>
      request.patch(`/api/invoices/${id}`, { headers: await headersOf(request), data: body }),
    claims: () => call<ClaimBatch[]>(request, 'GET', '/api/claims'),
  };
}

/** The portal's results file: one row per claim reference, paid in full or rejected with the text. */
export function resultsFile(rows: { reference: string; paidCents?: number; error?: string }[]): string {
  const lines = rows.map((row) =>
    row.error === undefined
      ? `${row.reference},SUCCESSFUL,${((row.paidCents ?? 0) / 100).toFixed(2)},`
      : `${row.reference},ERROR,0.00,"${row.error.replaceAll('"', '""')}"`,
  );
  return ['ClaimReference,Payment Request Status,PaidTotalAmount,Error Message', ...lines].join('\r\n');
}
