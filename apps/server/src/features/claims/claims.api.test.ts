import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import {
  claimBatches,
  type claimLines,
  invoiceLines,
  invoicePayments,
  invoices,
} from '../../db/schema/invoices';
import { addDays, todayIn } from '../cards/card-values';

/**
 * NDIA claims and the accounting export against the real app (issue 15 parts 6 and 7). Invoices are
 * written straight to the database as the invoice routes would leave them (approved, agency-managed),
 * so these tests hold the claims side alone; every refusal is checked to have written nothing.
 */
let t: TestApp;
let sunrise: string;
let jordan: string;
let jordanTeam: string;
let adamId: string;
let nextNumber = 900;

const header =
  'RegistrationNumber,NDISNumber,SupportsDeliveredFrom,SupportsDeliveredTo,SupportNumber,ClaimReference,Quantity,Hours,UnitPrice,GSTCode,AuthorisedBy,ParticipantApproved,InKindFundingProgram,ClaimType,CancellationReason,ABN of Support Provider';
const resultsHeader =
  'RegistrationNumber,NDISNumber,SupportsDeliveredFrom,SupportsDeliveredTo,SupportNumber,ClaimReference,Quantity,Hours,UnitPrice,GSTCode,PaidTotalAmount,Payment Request Number,Participant Name,Capped Price,Payment Request Status,Error Message,ClaimType,CancellationReason,ABN of Support Provider';

const as = async (email: string): Promise<TestClient> => (await t.as(email)).inTenant(sunrise);
const adam = () => as('adam.admin@sunrise.example');
const sophie = () => as('sophie.support@sunrise.example');
const aria = () => as('aria.auditor@sunrise.example');

interface LineFixture {
  date: string;
  quantity: number;
  minutes?: number | null;
  unit?: string;
  unitPriceCents?: number;
  supportItemNumber?: string;
  claimType?: string;
}

/** An invoice as the invoice routes leave it, written straight to the database. */
async function makeInvoice(options: {
  status?: string;
  payer?: { kind: string; name: string; email: string | null };
  lines: LineFixture[];
}): Promise<{ id: string; invoiceNumber: string; lineIds: string[] }> {
  nextNumber += 1;
  const invoiceNumber = `INV-${String(nextNumber).padStart(5, '0')}`;
  const priced = options.lines.map((l) => {
    const amount = Math.round((Math.round(l.quantity * 100) * (l.unitPriceCents ?? 7023)) / 100);
    return { ...l, amount };
  });
  const total = priced.reduce((s, l) => s + l.amount, 0);
  return t.readInTenant(sunrise, async (tx) => {
    const [invoice] = await tx
      .insert(invoices)
      .values({
        tenantId: sunrise,
        number: nextNumber,
        invoiceNumber,
        participantId: jordan,
        teamId: jordanTeam,
        payer: (options.payer ?? { kind: 'ndia', name: 'NDIA', email: null }) as never,
        periodFrom: '2030-03-01',
        periodTo: '2030-03-14',
        status: (options.status ?? 'approved') as never,
        subtotalCents: total,
        totalCents: total,
        lineCount: priced.length,
        createdBy: adamId,
        submittedBy: adamId,
      })
      .returning({ id: invoices.id });
    const lines = await tx
      .insert(invoiceLines)
      .values(
        priced.map((l, i) => ({
          tenantId: sunrise,
          invoiceId: invoice!.id,
          lineNumber: i + 1,
          serviceDateFrom: l.date,
          serviceDateTo: l.date,
          supportItemNumber: l.supportItemNumber ?? '01_011_0107_1_1',
          supportItemName: 'Assistance With Self-Care Activities - Standard - Weekday Daytime',
          supportCategory: '01',
          quantity: l.quantity,
          minutes: l.minutes === undefined ? Math.round(l.quantity * 60) : l.minutes,
          unit: l.unit ?? 'H',
          unitPriceCents: l.unitPriceCents ?? 7023,
          amountCents: l.amount,
          totalCents: l.amount,
          claimType: l.claimType ?? '',
        })),
      )
      .returning({ id: invoiceLines.id, lineNumber: invoiceLines.lineNumber });
    lines.sort((a, b) => a.lineNumber - b.lineNumber);
    return { id: invoice!.id, invoiceNumber, lineIds: lines.map((l) => l.id) };
  });
}

/** The provider's details the bulk file needs, through the tax-invoice settings page's route. */
async function setTaxInvoice(value: { abn: string; ndisRegistrationNumber: string }): Promise<void> {
  const olivia = await as('olivia.owner@sunrise.example');
  const current = (await olivia.get('/api/settings/tax-invoice')).body.data;
  const saved = await olivia.request({
    method: 'PUT',
    url: '/api/settings/tax-invoice',
    payload: {
      legalName: 'Sunrise Support Network Pty Ltd',
      address: '',
      email: '',
      phone: '',
      bank: null,
      teamLeadApprovalLimitCents: null,
      gstRate: current.gstRate,
      paymentTerms: current.paymentTerms,
      invoicePrefix: current.invoicePrefix,
      ...value,
    },
  });
  expect(saved.body.error).toBeUndefined();
}

async function countOf(
  table: typeof claimBatches | typeof invoicePayments | typeof claimLines,
): Promise<number> {
  const [row] = await t.readInTenant(sunrise, (tx) =>
    tx.select({ n: count() }).from(table).where(eq(table.tenantId, sunrise)),
  );
  return row?.n ?? 0;
}

async function linesOf(invoiceId: string) {
  return t.readInTenant(sunrise, (tx) =>
    tx
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.tenantId, sunrise), eq(invoiceLines.invoiceId, invoiceId)))
      .orderBy(invoiceLines.lineNumber),
  );
}

async function invoiceRow(id: string) {
  const [row] = await t.readInTenant(sunrise, (tx) =>
    tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.tenantId, sunrise), eq(invoices.id, id))),
  );
  return row!;
}

function resultRow(reference: string, status: string, paid: string, error = ''): string {
  return `405000123,430000001,04/03/2030,04/03/2030,01_011_0107_1_1,${reference},,02:00,70.23,P2,${paid},912345678,Jordan Lee,70.23,${status},"${error}",,,51824753556`;
}

function postResults(client: TestClient, batchId: string, csv: string) {
  return client.request({
    method: 'POST',
    url: `/api/claims/${batchId}/results`,
    headers: { 'content-type': 'text/csv' },
    payload: csv,
  });
}

function multipart(csv: string): { boundary: string; body: string } {
  const boundary = '----wattle-test-boundary';
  const body = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="results.csv"',
    'Content-Type: text/csv',
    '',
    csv,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { boundary, body };
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  const participants = (await (await adam()).get('/api/participants')).body.data as {
    id: string;
    name: string;
    teamId: string;
    ndisNumber: string;
  }[];
  const jordanRow = participants.find((p) => p.name === 'Jordan Lee')!;
  jordan = jordanRow.id;
  jordanTeam = jordanRow.teamId;
  adamId = (await (await adam()).get('/api/me')).body.data.id;
});

afterAll(async () => {
  await t?.close();
});

let first: { id: string; invoiceNumber: string; lineIds: string[] };
let second: { id: string; invoiceNumber: string; lineIds: string[] };
let batchId: string;
let batchNumber: string;
let ndisNumber: string;
/** The demo data has claim batches and payments of its own: counts here are relative to them. */
let batchesBefore: number;
let paymentsBefore: number;

describe('claims', () => {
  it('refuses a support worker, and lets an auditor read but not claim', async () => {
    const invoice = await makeInvoice({ lines: [{ date: '2030-03-04', quantity: 2 }] });
    expect((await (await sophie()).post('/api/claims', { invoiceIds: [invoice.id] })).status).toBe(403);
    expect((await (await sophie()).get('/api/claims')).status).toBe(403);
    expect((await (await aria()).get('/api/claims')).status).toBe(200);
    expect((await (await aria()).post('/api/claims', { invoiceIds: [invoice.id] })).status).toBe(403);
    await t.readInTenant(sunrise, (tx) =>
      tx
        .update(invoices)
        .set({ status: 'void' })
        .where(and(eq(invoices.tenantId, sunrise), eq(invoices.id, invoice.id))),
    );
  });

  it('names every problem of the rows and writes nothing', async () => {
    batchesBefore = await countOf(claimBatches);
    paymentsBefore = await countOf(invoicePayments);
    await setTaxInvoice({ abn: '51824753556', ndisRegistrationNumber: '' });
    first = await makeInvoice({
      lines: [
        { date: '2030-03-04', quantity: 2 },
        { date: '2030-03-05', quantity: 1.5, claimType: 'TRAN', supportItemNumber: '04_104_0125_6_1' },
      ],
    });
    second = await makeInvoice({
      lines: [
        { date: '2030-03-06', quantity: 1, unit: 'E', minutes: null, claimType: 'CANC' },
        { date: '2030-03-07', quantity: 1.33, minutes: null },
      ],
    });
    const refused = await (await adam()).post('/api/claims', { invoiceIds: [first.id, second.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('WORKFLOW_REFUSED');
    const problems = refused.body.error.details.problems as {
      invoiceNumber: string;
      lineNumber: number;
      column: string;
      message: string;
    }[];
    expect(problems).toContainEqual({
      invoiceNumber: first.invoiceNumber,
      lineNumber: 1,
      column: 'RegistrationNumber',
      message: "The organisation's NDIS registration number is missing; add it in Settings → Tax invoice",
    });
    expect(problems).toContainEqual({
      invoiceNumber: second.invoiceNumber,
      lineNumber: 1,
      column: 'CancellationReason',
      message:
        'A cancellation claim needs its reason: NSDH (health), NSDF (family), NSDT (transport) or NSDO (other)',
    });
    expect(problems.some((p) => p.column === 'ABN of Support Provider')).toBe(false);
    expect(await countOf(claimBatches)).toBe(batchesBefore);
    expect((await linesOf(first.id)).map((l) => l.claimStatus)).toEqual(['unclaimed', 'unclaimed']);
    expect((await invoiceRow(first.id)).status).toBe('approved');
  });

  it('refuses invoices that are not the NDIA’s to pay or not yet approved', async () => {
    await setTaxInvoice({ abn: '51824753556', ndisRegistrationNumber: '405000123' });
    const planManaged = await makeInvoice({
      payer: { kind: 'plan-manager', name: 'Plan Partners', email: 'pm@example.com' },
      lines: [{ date: '2030-03-04', quantity: 1 }],
    });
    const draft = await makeInvoice({ status: 'draft', lines: [{ date: '2030-03-04', quantity: 1 }] });
    const refused = await (await adam()).post('/api/claims', { invoiceIds: [planManaged.id, draft.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.problems).toEqual([
      {
        invoiceNumber: planManaged.invoiceNumber,
        lineNumber: null,
        column: null,
        message:
          'Only agency-managed invoices are claimed from the NDIA; this one is paid by the plan manager',
      },
      {
        invoiceNumber: draft.invoiceNumber,
        lineNumber: null,
        column: null,
        message: 'A draft invoice cannot be claimed; approve it first',
      },
    ]);
    expect(await countOf(claimBatches)).toBe(batchesBefore);
    // Left out of the rest: they would otherwise turn up in the accounting export.
    await t.readInTenant(sunrise, (tx) =>
      tx.delete(invoices).where(and(eq(invoices.tenantId, sunrise), eq(invoices.id, draft.id))),
    );
  });

  it('makes a batch: references, claimed lines, and approved invoices issued today', async () => {
    const created = await (await adam()).post('/api/claims', {
      invoiceIds: [second.id, first.id],
      cancellationReasons: { [second.lineIds[0]!]: 'NSDH' },
    });
    expect(created.body.error).toBeUndefined();
    expect(created.status).toBe(201);
    batchId = created.body.data.id;
    batchNumber = created.body.data.batchNumber;
    expect(batchNumber).toBe(`CLM-${String(batchesBefore + 1).padStart(5, '0')}`);
    expect(created.body.data).toMatchObject({
      status: 'exported',
      lineCount: 4,
      paidLineCount: 0,
      rejectedLineCount: 0,
      createdBy: { id: adamId, name: 'Adam Admin' },
      resultsImportedAt: null,
    });
    expect(created.body.data.invoiceIds).toEqual([first.id, second.id].sort());
    const lines = await linesOf(first.id);
    expect(lines.map((l) => [l.claimStatus, l.claimReference])).toEqual([
      ['claimed', `${first.invoiceNumber}-1`],
      ['claimed', `${first.invoiceNumber}-2`],
    ]);
    const invoice = await invoiceRow(first.id);
    const today = todayIn('Australia/Sydney');
    expect(invoice.status).toBe('sent');
    expect(invoice.issueDate).toBe(today);
    expect(invoice.dueDate).not.toBeNull();
    expect(invoice.version).toBe(2);

    const list = await (await aria()).get('/api/claims');
    expect(list.body.meta.total).toBe(batchesBefore + 1);
    expect(list.body.data[0].id).toBe(batchId);
    expect((await (await aria()).get(`/api/claims/${batchId}`)).body.data.batchNumber).toBe(batchNumber);

    // Nothing left to claim on these invoices now: the invoice no longer offers it, and the route refuses.
    const read = await (await adam()).get(`/api/invoices/${first.id}`);
    expect(read.body.data.allowedActions).not.toContain('claim');
    const again = await (await adam()).post('/api/claims', { invoiceIds: [first.id] });
    expect(again.status).toBe(422);
    expect(again.body.error.details.problems[0].message).toBe(
      'There are no unclaimed or rejected lines to claim on these invoices',
    );
  });

  it('downloads the bulk payment request in the portal layout', async () => {
    const [participant] = (await (await adam()).get('/api/participants')).body.data.filter(
      (p: { id: string }) => p.id === jordan,
    );
    ndisNumber = participant.ndisNumber;
    const res = await (await aria()).get(`/api/claims/${batchId}/bulk-payment-request.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="bulk-payment-request-${batchNumber}.csv"`,
    );
    const body = res.body as string;
    expect(body).toBe(
      [
        header,
        `405000123,${ndisNumber},2030-03-04,2030-03-04,01_011_0107_1_1,${first.invoiceNumber}-1,,02:00,70.23,P2,,,,,,51824753556`,
        `405000123,${ndisNumber},2030-03-05,2030-03-05,04_104_0125_6_1,${first.invoiceNumber}-2,,01:30,70.23,P2,,,,TRAN,,51824753556`,
        `405000123,${ndisNumber},2030-03-06,2030-03-06,01_011_0107_1_1,${second.invoiceNumber}-1,1.00,,70.23,P2,,,,CANC,NSDH,51824753556`,
        `405000123,${ndisNumber},2030-03-07,2030-03-07,01_011_0107_1_1,${second.invoiceNumber}-2,1.33,,70.23,P2,,,,,,51824753556`,
        '',
      ].join('\r\n'),
    );
    // A plain link: the tenant in the query.
    const link = await (await t.as('aria.auditor@sunrise.example'))
      .inTenant(null)
      .get(`/api/claims/${batchId}/bulk-payment-request.csv?tenantId=${sunrise}`);
    expect(link.status).toBe(200);
  });

  it('refuses a malformed results file and unknown references, changing nothing', async () => {
    const malformed = await postResults(
      await adam(),
      batchId,
      `${resultsHeader}\r\n${resultRow(`${first.invoiceNumber}-1`, 'MAYBE', '1')}\r\n`,
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe(
      'Row 2: "MAYBE" is not a payment request status the portal uses (e.g. SUCCESSFUL, ERROR, PENDING)',
    );
    expect(malformed.body.error.details).toEqual({ row: 2, column: 'Payment Request Status' });
    const notResults = await postResults(await adam(), batchId, 'Name,Amount\r\nJordan,1\r\n');
    expect(notResults.status).toBe(400);
    expect(notResults.body.error.message).toContain('it has no "ClaimReference" column');

    // The NDIA pays a line at most what was claimed: a file saying more is not this batch's results.
    const overpaid = await postResults(
      await adam(),
      batchId,
      [
        resultsHeader,
        resultRow(`${first.invoiceNumber}-1`, 'SUCCESSFUL', '999.99'),
        resultRow(`${first.invoiceNumber}-2`, 'SUCCESSFUL', '1.00'),
      ].join('\r\n'),
    );
    expect(overpaid.status).toBe(400);
    expect(overpaid.body.error.message).toMatch(
      new RegExp(
        `^Row 2: the PaidTotalAmount \\$999\\.99 is more than the \\$[\\d,.]+ claimed for ${first.invoiceNumber}-1$`,
      ),
    );
    expect(overpaid.body.error.details).toEqual({ row: 2, column: 'PaidTotalAmount' });

    const unknown = await postResults(
      await adam(),
      batchId,
      [
        resultsHeader,
        resultRow(`${first.invoiceNumber}-1`, 'SUCCESSFUL', '140.46'),
        resultRow('INV-99999-1', 'SUCCESSFUL', '1'),
      ].join('\r\n'),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details).toEqual({ unknownReferences: ['INV-99999-1'] });
    expect((await linesOf(first.id)).map((l) => l.claimStatus)).toEqual(['claimed', 'claimed']);
    expect(await countOf(invoicePayments)).toBe(paymentsBefore);

    expect((await postResults(await sophie(), batchId, resultsHeader)).status).toBe(403);
    expect((await postResults(await aria(), batchId, resultsHeader)).status).toBe(403);
  });

  it('imports results: paid lines and a payment, a rejected line with the portal text and a notification', async () => {
    const csv = [
      resultsHeader,
      resultRow(`${first.invoiceNumber}-1`, 'SUCCESSFUL', '140.46'),
      resultRow(`${first.invoiceNumber}-2`, 'ERROR', '0.00', 'Support item not in the service booking'),
      resultRow(`${second.invoiceNumber}-1`, 'SUCCESSFUL', '70.23'),
      resultRow(`${second.invoiceNumber}-2`, 'PENDING PAYMENT', ''),
      '',
    ].join('\r\n');
    const res = await postResults(await adam(), batchId, csv);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ paid: 2, rejected: 1, pending: 1, unchanged: 0 });
    expect(res.body.data.batch).toMatchObject({
      status: 'results-imported',
      paidLineCount: 2,
      rejectedLineCount: 1,
    });

    const lines = await linesOf(first.id);
    expect(lines.map((l) => [l.claimStatus, l.paidCents, l.claimError])).toEqual([
      ['paid', 14046, null],
      ['rejected', 0, 'Support item not in the service booking'],
    ]);
    const invoice = await invoiceRow(first.id);
    expect(invoice.paidCents).toBe(14046);
    expect(invoice.status).toBe('part-paid');
    const payments = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(invoicePayments)
        .where(
          and(
            eq(invoicePayments.tenantId, sunrise),
            inArray(invoicePayments.invoiceId, [first.id, second.id]),
          ),
        ),
    );
    expect(payments.map((p) => [p.invoiceId, p.amountCents, p.source, p.reference]).sort()).toEqual(
      [
        [first.id, 14046, 'ndia', batchNumber],
        [second.id, 7023, 'ndia', batchNumber],
      ].sort(),
    );
    // The recipient reads their own inbox: checked through the API as Adam.
    const inbox = (await (await adam()).get('/api/notifications')).body.data as {
      type: string;
      message: string;
      invoiceId: string | null;
    }[];
    const rejected = inbox.find((n) => n.invoiceId === first.id);
    expect(rejected?.type).toBe('rejected');
    expect(rejected?.message).toContain('line 2: Support item not in the service booking');
  });

  it('importing the same results again changes nothing (multipart this time)', async () => {
    const csv = [
      resultsHeader,
      resultRow(`${first.invoiceNumber}-1`, 'SUCCESSFUL', '140.46'),
      resultRow(`${first.invoiceNumber}-2`, 'ERROR', '0.00', 'Support item not in the service booking'),
      resultRow(`${second.invoiceNumber}-1`, 'SUCCESSFUL', '70.23'),
      resultRow(`${second.invoiceNumber}-2`, 'PENDING PAYMENT', ''),
    ].join('\r\n');
    const before = await invoiceRow(first.id);
    const [audits] = await t.readInTenant(sunrise, (tx) =>
      tx.select({ n: count() }).from(auditLog).where(eq(auditLog.tenantId, sunrise)),
    );
    const { boundary, body } = multipart(csv);
    const res = await (await adam()).request({
      method: 'POST',
      url: `/api/claims/${batchId}/results`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ paid: 0, rejected: 0, pending: 1, unchanged: 3 });
    expect(await countOf(invoicePayments)).toBe(paymentsBefore + 2);
    const after = await invoiceRow(first.id);
    expect(after.version).toBe(before.version);
    const [auditsAfter] = await t.readInTenant(sunrise, (tx) =>
      tx.select({ n: count() }).from(auditLog).where(eq(auditLog.tenantId, sunrise)),
    );
    expect(auditsAfter?.n).toBe(audits?.n);
  });

  it('corrects only a rejected line, version checked, and claims it again under a new reference', async () => {
    const invoice = await invoiceRow(first.id);
    const [paidLine, rejectedLine] = first.lineIds;
    const url = (lineId: string) => `/api/invoices/${first.id}/lines/${lineId}`;
    const notRejected = await (await adam()).patch(url(paidLine!), { version: invoice.version, quantity: 1 });
    expect(notRejected.status).toBe(422);
    expect(notRejected.body.error.message).toBe('Only a line the NDIA rejected can be corrected');
    const stale = await (await adam()).patch(url(rejectedLine!), {
      version: invoice.version - 1,
      quantity: 1,
    });
    expect(stale.status).toBe(409);
    expect(
      (await (await aria()).patch(url(rejectedLine!), { version: invoice.version, quantity: 1 })).status,
    ).toBe(403);
    const unknownItem = await (await adam()).patch(url(rejectedLine!), {
      version: invoice.version,
      supportItemNumber: '01_999_0107_1_1',
    });
    expect(unknownItem.status).toBe(422);

    // Checked as any invoice line: the fixture's 2030 dates are outside Jordan's current plan.
    const outsidePlan = await (await adam()).patch(url(rejectedLine!), {
      version: invoice.version,
      supportItemNumber: '01_011_0107_1_1',
    });
    expect(outsidePlan.status).toBe(422);
    expect(outsidePlan.body.error.code).toBe('PRICING_REFUSED');
    expect(outsidePlan.body.error.details.problems.map((p: { code: string }) => p.code)).toContain(
      'outside-plan',
    );
    const day = addDays(todayIn('Australia/Sydney'), -7);
    const corrected = await (await adam()).patch(url(rejectedLine!), {
      version: invoice.version,
      supportItemNumber: '01_011_0107_1_1',
      quantity: 1,
      claimType: '',
      serviceDateFrom: day,
      serviceDateTo: day,
    });
    expect(corrected.body.error).toBeUndefined();
    expect(corrected.status).toBe(200);
    const line = corrected.body.data.lineItems[1];
    expect(line).toMatchObject({
      supportItemNumber: '01_011_0107_1_1',
      quantity: 1,
      amountCents: 7023,
      totalCents: 7023,
      claimType: '',
      claimStatus: 'rejected',
    });
    expect(corrected.body.data.totalCents).toBe(14046 + 7023);
    expect(corrected.body.data.version).toBeGreaterThan(invoice.version);
    // A rejected line can be claimed again, so the invoice offers it once more.
    expect(corrected.body.data.allowedActions).toContain('claim');

    const before = (await (await adam()).get(`/api/claims/${batchId}/bulk-payment-request.csv`)).body;
    const reclaim = await (await adam()).post('/api/claims', { invoiceIds: [first.id] });
    expect(reclaim.status).toBe(201);
    expect(reclaim.body.data).toMatchObject({
      batchNumber: `CLM-${String(batchesBefore + 2).padStart(5, '0')}`,
      lineCount: 1,
    });
    const file = (await (await adam()).get(`/api/claims/${reclaim.body.data.id}/bulk-payment-request.csv`))
      .body as string;
    expect(file.split('\r\n')[1]).toBe(
      `405000123,${ndisNumber},${day},${day},01_011_0107_1_1,${first.invoiceNumber}-2-R2,,01:00,70.23,P2,,,,,,51824753556`,
    );
    // The first batch's file is as it was exported.
    expect((await (await adam()).get(`/api/claims/${batchId}/bulk-payment-request.csv`)).body).toBe(before);

    // Results of the re-claim pay the line and settle the invoice.
    const paid = await postResults(
      await adam(),
      reclaim.body.data.id,
      `${resultsHeader}\r\n${resultRow(`${first.invoiceNumber}-2-R2`, 'PAID', '70.23')}\r\n`,
    );
    expect(paid.status).toBe(200);
    expect((await invoiceRow(first.id)).status).toBe('paid');
  });
});

describe('accounting export', () => {
  it('exports issued invoices in the Xero template and payments as statement lines', async () => {
    const today = todayIn('Australia/Sydney');
    const odd = await makeInvoice({
      status: 'sent',
      payer: { kind: 'plan-manager', name: '=HYPERLINK("x")', email: null },
      lines: [{ date: '2030-03-04', quantity: 2 }],
    });
    await t.readInTenant(sunrise, (tx) =>
      tx
        .update(invoices)
        .set({ issueDate: today, dueDate: today })
        .where(and(eq(invoices.tenantId, sunrise), eq(invoices.id, odd.id))),
    );
    const res = await (await aria()).get(`/api/invoices/export/xero.csv?from=${today}&to=${today}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = (res.body as string).split('\r\n');
    expect(lines[0]).toBe(
      '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,Total,InventoryItemCode,*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TaxAmount,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2,Currency,BrandingTheme',
    );
    // The claimed NDIA invoices (issued today) and the plan-managed one: a row per line.
    expect(lines.filter((l) => l.startsWith(`NDIA,,,,,,,,,,${first.invoiceNumber},`))).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith(`NDIA,,,,,,,,,,${second.invoiceNumber},`))).toHaveLength(2);
    const oddRow = lines.find((l) => l.includes(odd.invoiceNumber));
    expect(oddRow?.startsWith(`"'=HYPERLINK(""x"")",`)).toBe(true);
    expect(oddRow).toContain(',2.00,70.23,,200,GST Free Income,0.00,,,,,AUD,');

    const payments = await (await aria()).get(`/api/invoices/export/payments.csv?from=${today}&to=${today}`);
    expect(payments.status).toBe(200);
    const rows = (payments.body as string).split('\r\n');
    expect(rows[0]).toBe('Date,Amount,Payee,Reference,InvoiceNumber,Description');
    const [y, m, d] = today.split('-');
    expect(rows).toContain(
      `${d}/${m}/${y},70.23,NDIA,${batchNumber},${second.invoiceNumber},NDIA claim payment for ${second.invoiceNumber}`,
    );

    expect(
      (await (await sophie()).get(`/api/invoices/export/xero.csv?from=${today}&to=${today}`)).status,
    ).toBe(403);
    expect(
      (await (await aria()).get(`/api/invoices/export/xero.csv?from=${today}&to=2000-01-01`)).status,
    ).toBe(400);
  });
});
