import { formatCents } from '@wattle/domain/participants/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { extractPdfText } from '../cards/pdf-extract-text';

/**
 * GET /api/invoices/{id}/pdf against the real app: an invoice built from approved time, downloaded
 * and read back with pdf.js, holding the tenant's tax-invoice details, the lines and the total; the
 * invoice's own read rules decide who gets it.
 */
let t: TestApp;
let sunrise: string;
let bluegum: string;
let jordan: string;
let selfCareCode: string;
let invoice: {
  id: string;
  invoiceNumber: string;
  totalCents: number;
  lineItems: { supportItemNumber: string }[];
};

const as = async (email: string, tenant = sunrise): Promise<TestClient> =>
  (await t.as(email)).inTenant(tenant);
const olivia = () => as('olivia.owner@sunrise.example');
const sophie = () => as('sophie.support@sunrise.example');
const lee = () => as('lee.lead@sunrise.example');

/** The raw bytes of an answer (the harness client reads bodies as text). */
async function download(client: TestClient, url: string, tenant: string | null) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    cookies: client.cookies,
    headers: tenant ? { 'x-tenant-id': tenant } : {},
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

async function approvedEntry(date: string): Promise<void> {
  const created = await (await sophie()).post('/api/time-entries', {
    date,
    startTime: '09:00',
    endTime: '11:00',
    timeCodeId: selfCareCode,
    participantId: jordan,
    description: `Support on ${date}`,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  expect((await (await sophie()).post(`/api/time-entries/${id}/submit`, {})).status).toBe(200);
  expect((await (await lee()).post(`/api/time-entries/${id}/approve`, {})).status).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const client = await olivia();
  const settings = await client.request({
    method: 'PUT',
    url: '/api/settings/tax-invoice',
    payload: {
      legalName: 'Sunrise Support Network Pty Ltd',
      abn: '51 824 753 556',
      ndisRegistrationNumber: '4050012345',
      address: '12 Wattle Street, Parramatta NSW 2150',
      email: 'accounts@sunrise.example',
      phone: '',
      bank: { accountName: 'Sunrise Support Network', bsb: '062-000', accountNumber: '12345678' },
      teamLeadApprovalLimitCents: null,
      gstRate: 0,
      paymentTerms: 30,
      invoicePrefix: 'INV',
    },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const codes = (await client.get('/api/time-codes')).body.data as { id: string; code: string }[];
  selfCareCode = codes.find((c) => c.code === '01_011_0107_1_1')!.id;
  const participants = (await client.get('/api/participants')).body.data as { id: string; name: string }[];
  jordan = participants.find((p) => p.name === 'Jordan Lee')!.id;
  // Jordan's plan moved clear of the demo weeks, so the time below is inside it.
  const plan = (await client.get(`/api/participants/${jordan}/plan`)).body.data;
  const saved = await client.request({
    method: 'PUT',
    url: `/api/participants/${jordan}/plan`,
    payload: {
      version: plan.version,
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      managementType: 'ndia',
      budgets: [{ category: '01', amountCents: 1_000_000 }],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await approvedEntry('2030-03-04');
  await approvedEntry('2030-03-05');
  const built = await client.post('/api/invoices', {
    participantId: jordan,
    periodFrom: '2030-03-02',
    periodTo: '2030-03-08',
  });
  expect(built.status, JSON.stringify(built.body)).toBe(201);
  invoice = built.body.data;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/invoices/:id/pdf', () => {
  it('downloads the invoice as a PDF holding the ABN, every line and the total', async () => {
    const res = await download(await olivia(), `/api/invoices/${invoice.id}/pdf`, sunrise);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.invoiceNumber}.pdf"`);
    expect(invoice.invoiceNumber).toMatch(/^INV-\d{5}$/);
    const { pages } = await extractPdfText(res.bytes);
    const text = pages.join('\n');
    expect(text).toContain('Sunrise Support Network Pty Ltd');
    expect(text).toContain('ABN: 51 824 753 556');
    expect(text).toContain('NDIS registration number: 4050012345');
    expect(text).toContain('Jordan Lee');
    expect(invoice.lineItems).toHaveLength(2);
    for (const line of invoice.lineItems) expect(text).toContain(line.supportItemNumber);
    expect(text).toContain('04/03/2030');
    expect(text).toContain('05/03/2030');
    expect(text).toMatch(new RegExp(`Total\\s*\\${formatCents(invoice.totalCents)}`));
    expect(text).toContain(`Payment reference: ${invoice.invoiceNumber}`);
    expect(text).toContain('BSB: 062-000');
  });

  it('takes the tenant from ?tenantId= for a plain download link', async () => {
    const res = await download(await olivia(), `/api/invoices/${invoice.id}/pdf?tenantId=${sunrise}`, null);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((await extractPdfText(res.bytes)).pages[0]).toContain(invoice.invoiceNumber);
  });

  it('follows the invoice read rules: 403 for those who read no invoices, 404 outside the tenant', async () => {
    expect((await (await sophie()).get(`/api/invoices/${invoice.id}/pdf`)).status).toBe(403);
    expect(
      (await (await as('aria.auditor@sunrise.example')).get(`/api/invoices/${invoice.id}/pdf`)).status,
    ).toBe(200);
    const stranger = await as('ben.owner@bluegum.example', bluegum);
    const foreign = await stranger.get(`/api/invoices/${invoice.id}/pdf`);
    expect(foreign.status).toBe(404);
    expect(foreign.headers['content-type']).not.toBe('application/pdf');
    const missing = await (await olivia()).get('/api/invoices/00000000-0000-7000-8000-000000000000/pdf');
    expect(missing.status).toBe(404);
  });
});
