import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { invoices } from '../../db/schema/invoices';
import { notifications } from '../../db/schema/notifications';
import { timeEntries } from '../../db/schema/time-entries';
import { runDeadlineJobs } from '../../jobs/deadline-jobs';

/**
 * Invoices against the real app (issue 15 parts 1, 2, 4 and 6). Jordan Lee's plan is moved to 2030
 * (agency-managed, a small daily-life budget) so the dates are clear of the demo weeks; Sophie
 * records the time, Lee (Jordan's team lead) approves it, Adam (admin) builds and submits invoices,
 * Olivia (owner) approves them.
 */
let t: TestApp;
let sunrise: string;
let jordan: string;
let jordanTeam: string;
let selfCareCode: string;
let adamId: string;

const as = async (email: string): Promise<TestClient> => (await t.as(email)).inTenant(sunrise);
const adam = () => as('adam.admin@sunrise.example');
const olivia = () => as('olivia.owner@sunrise.example');
const sophie = () => as('sophie.support@sunrise.example');
const lee = () => as('lee.lead@sunrise.example');
const aria = () => as('aria.auditor@sunrise.example');

/** An approved two-hour weekday entry of Sophie's for Jordan on the date: $136.90 at the code's rate. */
async function approvedEntry(date: string, startTime = '09:00', endTime = '11:00'): Promise<string> {
  const created = await (await sophie()).post('/api/time-entries', {
    date,
    startTime,
    endTime,
    timeCodeId: selfCareCode,
    participantId: jordan,
    description: `Support on ${date}`,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  expect((await (await sophie()).post(`/api/time-entries/${id}/submit`, {})).status).toBe(200);
  expect((await (await lee()).post(`/api/time-entries/${id}/approve`, {})).status).toBe(200);
  return id;
}

async function entryRow(id: string) {
  const [row] = await t.readInTenant(sunrise, (tx) =>
    tx
      .select({ isInvoiced: timeEntries.isInvoiced, invoiceId: timeEntries.invoiceId })
      .from(timeEntries)
      .where(and(eq(timeEntries.tenantId, sunrise), eq(timeEntries.id, id))),
  );
  return row!;
}

/** Jordan's current plan, as Olivia saves it. */
async function putPlan(payload: unknown) {
  return (await olivia()).request({
    method: 'PUT',
    url: `/api/participants/${jordan}/plan`,
    payload: payload as never,
  });
}

async function build(periodFrom: string, periodTo = periodFrom, client?: TestClient) {
  return (client ?? (await adam())).post('/api/invoices', { participantId: jordan, periodFrom, periodTo });
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  const codes = (await (await olivia()).get('/api/time-codes')).body.data as { id: string; code: string }[];
  selfCareCode = codes.find((c) => c.code === '01_011_0107_1_1')!.id;
  const participants = (await (await olivia()).get('/api/participants')).body.data as {
    id: string;
    name: string;
    teamId: string;
  }[];
  const row = participants.find((p) => p.name === 'Jordan Lee')!;
  jordan = row.id;
  jordanTeam = row.teamId;
  adamId = (await (await adam()).get('/api/me')).body.data.id;
  const plan = (await (await olivia()).get(`/api/participants/${jordan}/plan`)).body.data;
  const saved = await putPlan({
    version: plan.version,
    startDate: '2030-01-01',
    endDate: '2030-12-31',
    managementType: 'ndia',
    budgets: [
      { category: '01', amountCents: 1_000_000 },
      { category: '04', amountCents: 100_000 },
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // The demo seed makes invoices and claims too: on a busy machine it takes a while.
}, 180_000);
afterAll(() => t.close());

describe('POST /api/invoices', () => {
  let invoiceId: string;
  let entries: string[];

  it('builds a draft from the approved, uninvoiced time of the period and marks it invoiced', async () => {
    entries = [await approvedEntry('2030-03-04'), await approvedEntry('2030-03-05')];
    // A draft entry in the period stays out.
    await (await sophie()).post('/api/time-entries', {
      date: '2030-03-06',
      startTime: '09:00',
      endTime: '10:00',
      timeCodeId: selfCareCode,
      participantId: jordan,
    });
    const res = await build('2030-03-02', '2030-03-08');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const invoice = res.body.data;
    invoiceId = invoice.id;
    expect(invoice).toMatchObject({
      status: 'draft',
      participantId: jordan,
      participantName: 'Jordan Lee',
      teamId: jordanTeam,
      payer: { kind: 'ndia', name: 'NDIA', email: null },
      periodFrom: '2030-03-02',
      periodTo: '2030-03-08',
      gstRate: 0,
      paymentTerms: 30,
      subtotalCents: 27380,
      gstCents: 0,
      totalCents: 27380,
      paidCents: 0,
      hasErrors: false,
      createdBy: { id: adamId, name: 'Adam Admin' },
      version: 1,
    });
    expect(invoice.invoiceNumber).toMatch(/^INV-\d{5}$/);
    expect(invoice.lineItems).toHaveLength(2);
    expect(invoice.lineItems[0]).toMatchObject({
      lineNumber: 1,
      timeEntryId: entries[0],
      serviceDateFrom: '2030-03-04',
      serviceDateTo: '2030-03-04',
      supportItemNumber: '01_011_0107_1_1',
      quantity: 2,
      unit: 'H',
      unitPriceCents: 6845,
      gstCode: 'P2',
      amountCents: 13690,
      gstCents: 0,
      totalCents: 13690,
      claimType: '',
      claimStatus: 'unclaimed',
      problems: [],
    });
    for (const id of entries) expect(await entryRow(id)).toEqual({ isInvoiced: true, invoiceId });
  });

  it('finds nothing the second time: 422 with the message, and writes nothing', async () => {
    const res = await build('2030-03-02', '2030-03-08');
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      'There is no approved, uninvoiced time for this participant in that period.',
    );
  });

  it('honours Idempotency-Key: a repeat answers the same invoice', async () => {
    await approvedEntry('2030-03-11');
    const client = await adam();
    const headers = { 'idempotency-key': 'invoice-build-2030-03-11' };
    const body = { participantId: jordan, periodFrom: '2030-03-11', periodTo: '2030-03-11' };
    const first = await client.post('/api/invoices', body, headers);
    const again = await client.post('/api/invoices', body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    // Voided so the later tests find the period free.
    const voided = await client.post(`/api/invoices/${first.body.data.id}/void`, { reason: 'Test only' });
    expect(voided.status).toBe(200);
  });

  it('voiding releases the entries, and they can be invoiced again', async () => {
    const voided = await (await adam()).post(`/api/invoices/${invoiceId}/void`, { reason: 'Wrong period' });
    expect(voided.status).toBe(200);
    expect(voided.body.data).toMatchObject({ status: 'void', voidReason: 'Wrong period', version: 2 });
    for (const id of entries) expect(await entryRow(id)).toEqual({ isInvoiced: false, invoiceId: null });
    const again = await build('2030-03-02', '2030-03-08');
    expect(again.status).toBe(201);
    expect(again.body.data.lineItems.map((l: { timeEntryId: string }) => l.timeEntryId)).toEqual(entries);
    expect(again.body.data.invoiceNumber).not.toBe(voided.body.data.invoiceNumber);
    const audit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, invoiceId))),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['created', 'voided']);
  });

  it('refuses a support worker (403) and an auditor (403), who write nothing', async () => {
    await approvedEntry('2030-03-12');
    expect((await build('2030-03-12', '2030-03-12', await sophie())).status).toBe(403);
    expect((await build('2030-03-12', '2030-03-12', await aria())).status).toBe(403);
    expect(
      await entryRow(
        (
          await t.readInTenant(sunrise, (tx) =>
            tx
              .select({ id: timeEntries.id })
              .from(timeEntries)
              .where(and(eq(timeEntries.tenantId, sunrise), eq(timeEntries.date, '2030-03-12'))),
          )
        )[0]!.id,
      ),
    ).toEqual({ isInvoiced: false, invoiceId: null });
  });
});

describe('line checks', () => {
  it('warns on lines over the remaining budget of their category, naming it and the amount over', async () => {
    // Half the daily-life budget goes on another invoice first.
    const plan = (await (await olivia()).get(`/api/participants/${jordan}/plan`)).body.data;
    const saved = await putPlan({
      version: plan.version,
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      managementType: 'ndia',
      budgets: [{ category: '01', amountCents: 60_000 }],
    });
    expect(saved.status).toBe(200);
    await approvedEntry('2030-04-01');
    await approvedEntry('2030-04-02');
    const res = await build('2030-04-01', '2030-04-02');
    expect(res.status).toBe(201);
    const lines = res.body.data.lineItems as {
      problems: { severity: string; code: string; message: string }[];
    }[];
    // Used elsewhere: the 2030-03-02..08 invoice ($273.80) and the approved, uninvoiced entries of
    // 03-11 (its invoice voided) and 03-12 ($136.90 each).
    const expected = {
      severity: 'warning',
      code: 'over-budget',
      message:
        'Over the remaining Assistance with Daily Life (01) budget by $221.40: $52.40 of $600.00 is left and this invoice claims $273.80',
    };
    expect(lines.map((l) => l.problems)).toEqual([[expected], [expected]]);
    expect(res.body.data.hasErrors).toBe(false);
    // The participant's plan shows what was spent.
    const after = (await (await olivia()).get(`/api/participants/${jordan}/plan`)).body.data;
    const dailyLife = after.budgets.find((b: { category: string }) => b.category === '01');
    expect(dailyLife).toMatchObject({ spentCents: 27380 + 27380, committedCents: 13690 * 2 });
    await putPlan({
      version: after.version,
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      managementType: 'ndia',
      budgets: [{ category: '01', amountCents: 1_000_000 }],
    });
  });

  it('an error blocks submission until the line is fixed; PATCH prices hand-added lines and releases removed entries', async () => {
    const e1 = await approvedEntry('2030-04-08');
    const e2 = await approvedEntry('2030-04-09');
    const built = (await build('2030-04-08', '2030-04-09')).body.data;
    const [l1, l2] = built.lineItems;
    expect(l2.timeEntryId).toBe(e2);
    const client = await adam();
    const keep = (l: typeof l1) => ({
      id: l.id,
      serviceDateFrom: l.serviceDateFrom,
      serviceDateTo: l.serviceDateTo,
      supportItemNumber: l.supportItemNumber,
      description: l.description,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
    });
    const patched = await client.patch(`/api/invoices/${built.id}`, {
      version: built.version,
      notes: 'Checked',
      lineItems: [
        keep(l1),
        {
          serviceDateFrom: '2030-04-10',
          serviceDateTo: '2030-04-10',
          supportItemNumber: '01_011_0107_1_1',
          quantity: 1.5,
          unitPriceCents: 9999,
        },
        {
          serviceDateFrom: '2030-04-10',
          serviceDateTo: '2030-04-10',
          supportItemNumber: '01_999_0107_1_1',
          quantity: 1,
          unitPriceCents: 100,
        },
        {
          serviceDateFrom: '2031-02-03',
          serviceDateTo: '2031-02-03',
          supportItemNumber: '01_011_0107_1_1',
          quantity: 1,
          unitPriceCents: 5000,
        },
      ],
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const inv = patched.body.data;
    expect(inv).toMatchObject({ notes: 'Checked', hasErrors: true, version: built.version + 1 });
    expect(inv.lineItems.map((l: { lineNumber: number }) => l.lineNumber)).toEqual([1, 2, 3, 4]);
    expect(inv.lineItems[0]).toMatchObject({ id: l1.id, timeEntryId: e1, amountCents: 13690, problems: [] });
    expect(inv.lineItems[1]).toMatchObject({
      timeEntryId: null,
      supportItemName: 'Assistance With Self-Care Activities - Standard - Weekday Daytime',
      unit: 'H',
      amountCents: 14999,
    });
    expect(inv.lineItems[1].problems.map((p: { code: string }) => p.code)).toEqual(['above-price-limit']);
    expect(inv.lineItems[2].problems.map((p: { code: string }) => p.code)).toEqual(['unknown-support-item']);
    expect(inv.lineItems[3].problems.map((p: { code: string }) => p.code)).toEqual(['outside-plan']);
    expect(inv.totalCents).toBe(13690 + 14999 + 100 + 5000);
    expect(await entryRow(e2)).toEqual({ isInvoiced: false, invoiceId: null });
    expect(await entryRow(e1)).toEqual({ isInvoiced: true, invoiceId: built.id });

    const refused = await client.post(`/api/invoices/${built.id}/submit`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('Fix the problems on the invoice lines before submitting.');
    expect(refused.body.error.details.lines.map((l: { lineNumber: number }) => l.lineNumber)).toEqual([
      2, 3, 4,
    ]);

    const stale = await client.patch(`/api/invoices/${built.id}`, { version: built.version, notes: 'Old' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current.version).toBe(inv.version);

    const fixed = await client.patch(`/api/invoices/${built.id}`, {
      version: inv.version,
      lineItems: [keep(l1)],
    });
    expect(fixed.body.data).toMatchObject({ hasErrors: false, totalCents: 13690 });
    expect((await client.post(`/api/invoices/${built.id}/submit`, {})).status).toBe(200);
  });
});

describe('workflow and roles', () => {
  let id: string;

  it('Adam builds and submits; the approvers get a pending approval notification; Adam cannot approve his own', async () => {
    await approvedEntry('2030-05-06');
    const built = (await build('2030-05-06')).body.data;
    id = built.id;
    const submitted = await (await adam()).post(`/api/invoices/${id}/submit`, { version: built.version });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({
      status: 'pending-approval',
      submittedBy: { id: adamId, name: 'Adam Admin' },
    });
    const waiting = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ userId: notifications.userId, approvalStatus: notifications.approvalStatus })
        .from(notifications)
        .where(and(eq(notifications.invoiceId, id), eq(notifications.type, 'approval'))),
    );
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((n) => n.approvalStatus === 'pending' && n.userId !== adamId)).toBe(true);
    const own = await (await adam()).post(`/api/invoices/${id}/approve`, {});
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe('You cannot approve an invoice you submitted');
    // The team lead approves nothing while the tenant sets no team-lead limit, and does not see it.
    expect((await (await lee()).post(`/api/invoices/${id}/approve`, {})).status).toBe(403);
    const awaiting = await (await olivia()).get('/api/invoices?scope=awaiting-me');
    expect(awaiting.body.data.map((i: { id: string }) => i.id)).toContain(id);
    const adamsAwaiting = await (await adam()).get('/api/invoices?scope=awaiting-me');
    expect(adamsAwaiting.body.data.map((i: { id: string }) => i.id)).not.toContain(id);
  });

  it('Olivia rejects with a reason (back to draft, Adam told), Adam resubmits, Olivia approves', async () => {
    const rejected = await (await olivia()).post(`/api/invoices/${id}/reject`, { reason: 'Check the hours' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'draft', rejectionReason: 'Check the hours' });
    const told = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ type: notifications.type, message: notifications.message })
        .from(notifications)
        .where(and(eq(notifications.invoiceId, id), eq(notifications.userId, adamId))),
    );
    expect(told.find((n) => n.type === 'rejected')?.message).toContain('Check the hours');
    const mine = await (await adam()).get('/api/invoices?scope=mine&status=draft');
    expect(mine.body.data.find((i: { id: string }) => i.id === id)?.rejectionReason).toBe('Check the hours');

    expect(
      (await (await adam()).post(`/api/invoices/${id}/submit`, {})).body.data.rejectionReason,
    ).toBeNull();
    const approved = await (await olivia()).post(`/api/invoices/${id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', approvedBy: { name: 'Olivia Owner' } });
    const pending = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ approvalStatus: notifications.approvalStatus })
        .from(notifications)
        .where(and(eq(notifications.invoiceId, id), eq(notifications.type, 'approval'))),
    );
    expect(pending.filter((n) => n.approvalStatus === 'pending')).toEqual([]);
  });

  it('the auditor reads but cannot write; a support worker gets 403', async () => {
    const read = await (await aria()).get(`/api/invoices/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.lineItems).toHaveLength(1);
    expect((await (await aria()).post(`/api/invoices/${id}/send`, {})).status).toBe(403);
    expect((await (await sophie()).get(`/api/invoices/${id}`)).status).toBe(403);
    expect((await (await sophie()).get('/api/invoices')).status).toBe(403);
  });

  it('sends with issue and due dates, then payments take it to part-paid and paid; overpaying is refused', async () => {
    const client = await adam();
    const sent = await client.post(`/api/invoices/${id}/send`, {});
    expect(sent.status).toBe(200);
    const { issueDate, dueDate, totalCents } = sent.body.data;
    expect(sent.body.data.status).toBe('sent');
    expect(issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const due = new Date(`${issueDate}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 30);
    expect(dueDate).toBe(due.toISOString().slice(0, 10));
    expect((await client.post(`/api/invoices/${id}/send`, {})).status).toBe(422);

    const part = await (await olivia()).post(`/api/invoices/${id}/payments`, {
      date: issueDate,
      amountCents: 5000,
      reference: 'EFT 1',
    });
    expect(part.status).toBe(201);
    expect(part.body.data).toMatchObject({ status: 'part-paid', paidCents: 5000 });
    expect(part.body.data.payments).toMatchObject([
      { amountCents: 5000, reference: 'EFT 1', source: 'manual' },
    ]);
    const over = await client.post(`/api/invoices/${id}/payments`, {
      date: issueDate,
      amountCents: totalCents,
      reference: 'EFT 2',
    });
    expect(over.status).toBe(422);
    expect(over.body.error.message).toBe('The payment is more than the amount owing');
    const future = await client.post(`/api/invoices/${id}/payments`, {
      date: '2099-01-01',
      amountCents: 100,
      reference: 'EFT 3',
    });
    expect(future.status).toBe(400);
    expect(future.body.error).toMatchObject({
      message: 'The date paid cannot be after today',
      details: [{ path: ['date'] }],
    });
    expect((await client.post(`/api/invoices/${id}/void`, { reason: 'x' })).status).toBe(422);
    const paid = await client.post(`/api/invoices/${id}/payments`, {
      date: issueDate,
      amountCents: totalCents - 5000,
      reference: 'EFT 2',
    });
    expect(paid.body.data).toMatchObject({ status: 'paid', paidCents: totalCents });
    expect(paid.body.data.paidAt).not.toBeNull();
    const payment = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ message: notifications.message })
        .from(notifications)
        .where(
          and(
            eq(notifications.invoiceId, id),
            eq(notifications.type, 'payment'),
            eq(notifications.userId, adamId),
          ),
        ),
    );
    expect(payment.length).toBe(1);
  });
});

describe('GET /api/invoices and /totals', () => {
  it('filters by status, participant, payer and period, sorts, and totals per status', async () => {
    const client = await olivia();
    const all = await client.get('/api/invoices?limit=200');
    expect(all.status).toBe(200);
    const rows = all.body.data as {
      id: string;
      status: string;
      number: number;
      invoiceNumber: string;
      totalCents: number;
      participantName: string;
      payer: { kind: string };
    }[];
    expect(all.body.meta.total).toBe(rows.length);
    const numbers = rows.map((r) => r.invoiceNumber);
    expect([...numbers].sort().reverse()).toEqual(numbers);
    const drafts = await client.get('/api/invoices?status=draft&status=void');
    expect(drafts.body.data.every((r: { status: string }) => ['draft', 'void'].includes(r.status))).toBe(
      true,
    );
    expect(drafts.body.meta.total).toBe(rows.filter((r) => ['draft', 'void'].includes(r.status)).length);
    const byTotal = (await client.get('/api/invoices?sort=total&order=asc')).body.data as {
      totalCents: number;
    }[];
    expect(byTotal.map((r) => r.totalCents)).toEqual(
      [...byTotal.map((r) => r.totalCents)].sort((a, b) => a - b),
    );
    const may = await client.get('/api/invoices?from=2030-05-01&to=2030-05-31');
    expect(may.body.data.length).toBe(1);
    const planManaged = await client.get('/api/invoices?payerKind=plan-manager&limit=200');
    expect(
      planManaged.body.data.every((r: { payer: { kind: string } }) => r.payer.kind === 'plan-manager'),
    ).toBe(true);
    expect(planManaged.body.meta.total).toBe(rows.filter((r) => r.payer.kind === 'plan-manager').length);
    const jordans = await client.get(`/api/invoices?participantId=${jordan}&q=jordan&limit=200`);
    expect(jordans.body.meta.total).toBe(rows.filter((r) => r.participantName === 'Jordan Lee').length);
    expect((await client.get(`/api/invoices?q=${rows[0]!.invoiceNumber}`)).body.data[0].id).toBe(rows[0]!.id);
    const paged = await client.get('/api/invoices?limit=2&offset=1');
    expect(paged.body.data.map((r: { id: string }) => r.id)).toEqual(rows.slice(1, 3).map((r) => r.id));

    const totals = await client.get('/api/invoices/totals');
    expect(totals.status).toBe(200);
    expect(totals.body.data.map((r: { status: string }) => r.status)).toEqual([
      'draft',
      'pending-approval',
      'approved',
      'sent',
      'part-paid',
      'paid',
      'overdue',
      'void',
    ]);
    for (const column of totals.body.data as { status: string; count: number; totalCents: number }[]) {
      const of = rows.filter((r) => r.status === column.status);
      expect(column, column.status).toEqual({
        status: column.status,
        count: of.length,
        totalCents: of.reduce((sum, r) => sum + r.totalCents, 0),
      });
    }
  });
});

describe('GET /api/invoices: the usual first page', () => {
  it('answers exactly what the general path answers for the same invoices, with the tallied count', async () => {
    const o = await olivia();
    const usual = await o.get('/api/invoices?limit=5');
    expect(usual.status).toBe(200);
    expect(usual.body.data.length).toBeGreaterThan(1);
    for (const [index, summary] of (usual.body.data as { id: string }[]).entries()) {
      if (index === 0) continue;
      // An offset other than 0 takes the query builder's path.
      const general = await o.get(`/api/invoices?limit=1&offset=${index}`);
      expect(general.body.data[0]).toEqual(summary);
      expect(general.body.meta.total).toBe(usual.body.meta.total);
    }
  });
});

describe('numbering', () => {
  it('Invoice numbers stay unique and gapless with 20 concurrent creations', async () => {
    const days = Array.from({ length: 20 }, (_, i) => `2030-06-${String(i + 1).padStart(2, '0')}`);
    for (const day of days) await approvedEntry(day);
    const before = await t.readInTenant(sunrise, (tx) =>
      tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.tenantId, sunrise)),
    );
    const client = await adam();
    const results = await Promise.all(days.map((day) => build(day, day, client)));
    expect(results.map((r) => r.status)).toEqual(days.map(() => 201));
    const after = await t.readInTenant(sunrise, (tx) =>
      tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.tenantId, sunrise)),
    );
    const numbers = after.map((r) => r.number).sort((a, b) => a - b);
    expect(numbers.length).toBe(before.length + 20);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const made = results.map((r) => r.body.data.invoiceNumber as string);
    expect(new Set(made).size).toBe(20);
  });
});

describe('the overdue job', () => {
  it('marks sent invoices past their due date overdue and tells the creator and admins once, across runs', async () => {
    await approvedEntry('2030-07-01');
    const built = (await build('2030-07-01')).body.data;
    const id = built.id as string;
    await (await adam()).post(`/api/invoices/${id}/submit`, {});
    await (await olivia()).post(`/api/invoices/${id}/approve`, {});
    const sent = (await (await adam()).post(`/api/invoices/${id}/send`, {})).body.data;
    expect(sent.status).toBe('sent');
    // As if it had been sent long ago.
    const moved = await t.readInTenant(sunrise, (tx) =>
      tx
        .update(invoices)
        .set({ dueDate: '2026-01-01' })
        .where(and(eq(invoices.tenantId, sunrise), eq(invoices.id, id)))
        .returning({ status: invoices.status }),
    );
    expect(moved).toEqual([{ status: 'sent' }]);
    const overdueList = await (await olivia()).get('/api/invoices?overdue=true&limit=200');
    expect(overdueList.body.data.map((i: { id: string }) => i.id)).toContain(id);

    const first = await runDeadlineJobs(t.database.db);
    expect(first.failed).toBe(0);
    expect(first.notified.overdue).toBeGreaterThan(0);
    const again = await runDeadlineJobs(t.database.db);
    expect(again.notified.overdue).toBe(0);

    const read = (await (await olivia()).get(`/api/invoices/${id}`)).body.data;
    expect(read).toMatchObject({ status: 'overdue', version: sent.version + 1 });
    const told = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({
          userId: notifications.userId,
          message: notifications.message,
          priority: notifications.priority,
        })
        .from(notifications)
        .where(and(eq(notifications.invoiceId, id), eq(notifications.type, 'overdue'))),
    );
    expect(told.map((n) => n.userId)).toContain(adamId);
    expect(new Set(told.map((n) => n.userId)).size).toBe(told.length);
    expect(told[0]!.message).toBe(
      `Invoice ${sent.invoiceNumber} for Jordan Lee is overdue: ${(sent.totalCents / 100).toFixed(2).replace(/^/, '$')} was due on 1 January 2026`,
    );
    const audit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ action: auditLog.action, changes: auditLog.changes })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, id))),
    );
    expect(audit.find((a) => a.action === 'overdue')?.changes).toEqual([
      { field: 'status', oldValue: 'sent', newValue: 'overdue' },
    ]);
    // Still payable: a payment of everything owed settles it as paid.
    const paid = await (await adam()).post(`/api/invoices/${id}/payments`, {
      date: '2026-02-01',
      amountCents: sent.totalCents,
      reference: 'Late EFT',
    });
    expect(paid.body.data.status).toBe('paid');
  });
});

describe('team leads', () => {
  it('read and approve their team’s invoices within the tenant’s limit, and nothing above it', async () => {
    const settings = await (await olivia()).request({
      method: 'PUT',
      url: '/api/settings/tax-invoice',
      payload: {
        legalName: 'Sunrise Support Network Pty Ltd',
        abn: '51824753556',
        ndisRegistrationNumber: '',
        address: '',
        email: '',
        phone: '',
        bank: null,
        teamLeadApprovalLimitCents: 20_000,
        gstRate: 0,
        paymentTerms: 30,
        invoicePrefix: 'INV',
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const leeId = (await (await lee()).get('/api/me')).body.data.id as string;
    expect((await build('2030-08-05', '2030-08-05', await lee())).status).toBe(403);

    await approvedEntry('2030-08-05');
    const small = (await build('2030-08-05')).body.data;
    await (await adam()).post(`/api/invoices/${small.id}/submit`, {});
    await approvedEntry('2030-08-06');
    await approvedEntry('2030-08-07');
    const large = (await build('2030-08-06', '2030-08-07')).body.data;
    expect(large.totalCents).toBeGreaterThan(20_000);
    await (await adam()).post(`/api/invoices/${large.id}/submit`, {});

    const asked = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ invoiceId: notifications.invoiceId })
        .from(notifications)
        .where(and(eq(notifications.userId, leeId), eq(notifications.type, 'approval'))),
    );
    const ours = asked.map((n) => n.invoiceId).filter((i) => i === small.id || i === large.id);
    expect(ours).toEqual([small.id]);
    const listed = await (await lee()).get('/api/invoices?scope=awaiting-me');
    expect(listed.status).toBe(200);
    const awaiting = listed.body.data.map((i: { id: string }) => i.id);
    expect(awaiting).toContain(small.id);
    expect(awaiting).not.toContain(large.id);
    expect((await (await lee()).get(`/api/invoices/${large.id}`)).status).toBe(200);

    const above = await (await lee()).post(`/api/invoices/${large.id}/approve`, {});
    expect(above.status).toBe(403);
    expect(above.body.error.message).toBe('This invoice is above the amount team leads may approve');
    const approved = await (await lee()).post(`/api/invoices/${small.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.data.approvedBy).toEqual({ id: leeId, name: 'Lee Lead' });
    // Writes stay with owners and admins.
    expect((await (await lee()).post(`/api/invoices/${small.id}/send`, {})).status).toBe(403);
  });
});
