import { restrictivePracticeReportDue } from '@wattle/domain/deadlines/commission-deadlines';
import { restrictivePracticeMessages } from '@wattle/domain/restrictive-practices/schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { deadlines } from '../../db/schema/deadlines';
import { incidents } from '../../db/schema/incidents';
import { extractPdfText } from '../cards/pdf-extract-text';

/**
 * The register, the log and the monthly reports against the real app: who may do what (support
 * workers log, clinicians and leads keep the register and reports, auditors read, family guardians
 * and other teams nothing), the server's authorised decision, the reportable incident an
 * unauthorised use raises in the same transaction, the month's report and its deadline, and the CSV
 * and PDF read back. The uses are in June 2025, clear of the demo data's recent months.
 */
let t: TestApp;
let sunrise: string;
let bluegum: string;
let jordan: string;
let seclusionId: string;

const as = async (email: string, tenant = sunrise): Promise<TestClient> =>
  (await t.as(email)).inTenant(tenant);
const olivia = () => as('olivia.owner@sunrise.example');
const priya = () => as('priya.practitioner@sunrise.example');
const sophie = () => as('sophie.support@sunrise.example');
const fiona = () => as('fiona.family@sunrise.example');
const aria = () => as('aria.auditor@sunrise.example');
const gus = () => as('gus.guest@sunrise.example');

const seclusion = {
  practiceType: 'seclusion',
  description: 'Seclusion in the sensory room when self-injury cannot be stopped otherwise',
  authorisationReference: 'NSW-RPA-2025-0142',
  authorisedOn: '2025-06-01',
  expiresOn: '2025-06-20',
};

function use(overrides: Record<string, unknown> = {}) {
  return {
    participantId: jordan,
    practiceType: 'seclusion',
    // 10:00 in Sydney.
    startedAt: '2025-06-10T00:00:00Z',
    durationMinutes: 15,
    reason: 'Head-banging against the wall; redirection failed',
    behaviour: 'Self-injury',
    antecedent: 'Loud visitors in the lounge',
    ...overrides,
  };
}

async function download(client: TestClient, url: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    cookies: client.cookies,
    headers: { 'x-tenant-id': sunrise },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.payload };
}

async function reportOf(month: string) {
  const list = await (await priya()).get(`/api/restrictive-practice-reports?participantId=${jordan}`);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return (list.body.data as { month: string }[]).find((r) => r.month === month) as
    | Record<string, any>
    | undefined;
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const participants = (await (await olivia()).get('/api/participants')).body.data as {
    id: string;
    name: string;
  }[];
  jordan = participants.find((p) => p.name === 'Jordan Lee')!.id;
});
afterAll(async () => {
  await t.close();
});

describe('the register', () => {
  it('is kept by the team’s practitioner, with the reference and expiry, and audited', async () => {
    const created = await (await priya()).post('/api/restrictive-practices', {
      participantId: jordan,
      ...seclusion,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      participantId: jordan,
      practiceType: 'seclusion',
      authorisationReference: 'NSW-RPA-2025-0142',
      authorisedOn: '2025-06-01',
      expiresOn: '2025-06-20',
      status: 'expired',
      useCount: 0,
      version: 1,
      createdBy: { name: 'Priya Practitioner' },
    });
    seclusionId = created.body.data.id;
    const audit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, seclusionId), eq(auditLog.action, 'created'))),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.entity).toBe('restrictive-practice-authorisation');
  });

  it('is read by support workers and auditors, never by family guardians or other teams', async () => {
    const url = `/api/restrictive-practices?participantId=${jordan}`;
    for (const reader of [sophie, aria, olivia]) {
      const res = await (await reader()).get(url);
      expect(res.status).toBe(200);
      expect(res.body.data.map((a: { id: string }) => a.id)).toContain(seclusionId);
    }
    expect((await (await fiona()).get(url)).status).toBe(403);
    // Gus is a guest on Mia's team only: Jordan is out of his reach.
    expect((await (await gus()).get(url)).status).toBe(404);
    const stranger = await as('ben.owner@bluegum.example', bluegum);
    expect((await stranger.get(url)).status).toBe(404);
  });

  it('refuses changes from support workers and auditors', async () => {
    for (const refused of [sophie, aria, fiona]) {
      const res = await (await refused()).post('/api/restrictive-practices', {
        participantId: jordan,
        ...seclusion,
      });
      expect(res.status).toBe(403);
      const patch = await (await refused()).patch(`/api/restrictive-practices/${seclusionId}`, {
        version: 1,
        expiresOn: '2030-01-01',
      });
      expect(patch.status).toBe(403);
    }
  });

  it('refuses an expiry before the authorisation, on create and edit', async () => {
    const bad = await (await priya()).post('/api/restrictive-practices', {
      participantId: jordan,
      ...seclusion,
      expiresOn: '2025-05-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: ['expiresOn'],
          message: restrictivePracticeMessages.expiryBeforeAuthorised,
        }),
      ]),
    );
    const patch = await (await priya()).patch(`/api/restrictive-practices/${seclusionId}`, {
      version: 1,
      authorisedOn: '2025-07-01',
    });
    expect(patch.status).toBe(400);
    expect(patch.body.error.message).toBe(restrictivePracticeMessages.expiryBeforeAuthorised);
  });

  it('changes from its version; a stale version is 409 with the current entry', async () => {
    const lee = await as('lee.lead@sunrise.example');
    const changed = await lee.patch(`/api/restrictive-practices/${seclusionId}`, {
      version: 1,
      expiresOn: '2025-06-30',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ expiresOn: '2025-06-30', version: 2 });
    const stale = await (await priya()).patch(`/api/restrictive-practices/${seclusionId}`, {
      version: 1,
      expiresOn: '2025-06-15',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current).toMatchObject({ expiresOn: '2025-06-30', version: 2 });
  });

  it('deletes an entry made in error, but never one a use refers to', async () => {
    const mistake = await (await priya()).post('/api/restrictive-practices', {
      participantId: jordan,
      practiceType: 'mechanical',
      authorisedOn: '2025-01-01',
      expiresOn: '2025-12-31',
    });
    expect(mistake.status).toBe(201);
    expect((await (await sophie()).delete(`/api/restrictive-practices/${mistake.body.data.id}`)).status).toBe(
      403,
    );
    expect((await (await priya()).delete(`/api/restrictive-practices/${mistake.body.data.id}`)).status).toBe(
      200,
    );
    const gone = await (await priya()).get(`/api/restrictive-practices?participantId=${jordan}`);
    expect(gone.body.data.map((a: { id: string }) => a.id)).not.toContain(mistake.body.data.id);
  });
});

describe('the log', () => {
  let unauthorisedUseId: string;
  let incidentId: string;

  it('records a use the register covers as authorised, with its reference, and raises no incident', async () => {
    const logged = await (await sophie()).post('/api/restrictive-practices/uses', use());
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    expect(logged.body.data).toMatchObject({
      practiceType: 'seclusion',
      authorised: true,
      authorisationId: seclusionId,
      authorisationReference: 'NSW-RPA-2025-0142',
      incidentId: null,
      incident: null,
      usedBy: { name: 'Sophie Support' },
      recordedBy: { name: 'Sophie Support' },
      durationMinutes: 15,
    });
  });

  it('decides on the day in the tenant’s zone: the expiry day is covered, the day after is not', async () => {
    // 30 June 23:30 in Sydney is 13:30 UTC: still the expiry day there.
    const lastDay = await (await sophie()).post(
      '/api/restrictive-practices/uses',
      use({ startedAt: '2025-06-30T13:30:00Z', durationMinutes: 10 }),
    );
    expect(lastDay.status, JSON.stringify(lastDay.body)).toBe(201);
    expect(lastDay.body.data.authorised).toBe(true);
    // 14:30 UTC is 1 July 00:30 in Sydney: the authorisation has expired.
    const dayAfter = await (await sophie()).post(
      '/api/restrictive-practices/uses',
      use({ startedAt: '2025-06-30T14:30:00Z', durationMinutes: 5 }),
    );
    expect(dayAfter.status).toBe(201);
    expect(dayAfter.body.data.authorised).toBe(false);
    expect(dayAfter.body.data.incident).not.toBeNull();
  });

  it('raises a reportable incident for an unauthorised use, in the same transaction, linked both ways', async () => {
    const before = Date.now();
    const logged = await (await sophie()).post(
      '/api/restrictive-practices/uses',
      use({ practiceType: 'physical', startedAt: '2025-06-12T05:00:00Z', durationMinutes: 3 }),
    );
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    expect(logged.body.data.authorised).toBe(false);
    expect(logged.body.data.authorisationId).toBeNull();
    unauthorisedUseId = logged.body.data.id;
    incidentId = logged.body.data.incidentId;
    expect(logged.body.data.incident).toEqual({
      id: incidentId,
      title: 'Unauthorised physical restraint: Jordan Lee',
    });
    const [incident] = await t.readInTenant(sunrise, (tx) =>
      tx.select().from(incidents).where(eq(incidents.id, incidentId)),
    );
    expect(incident).toMatchObject({
      participantId: jordan,
      reportable: true,
      reportableCategory: 'unauthorised-restrictive-practice',
      restrictivePracticeUseId: unauthorisedUseId,
    });
    // The 24-hour notification clock runs from when the use was logged.
    const [notification] = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(deadlines)
        .where(and(eq(deadlines.subjectId, incidentId), eq(deadlines.kind, 'incident-notification'))),
    );
    expect(notification).toBeDefined();
    const hours = (notification!.dueAt.getTime() - before) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24.1);
  });

  it('lists the month’s uses newest first for readers, with the incident they raised', async () => {
    const res = await (await aria()).get(
      `/api/restrictive-practices/uses?participantId=${jordan}&from=2025-06-01&to=2025-06-30`,
    );
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(3);
    expect(res.body.data.map((u: { startedAt: string }) => u.startedAt)).toEqual([
      '2025-06-30T13:30:00.000Z',
      '2025-06-12T05:00:00.000Z',
      '2025-06-10T00:00:00.000Z',
    ]);
    expect(res.body.data[1]).toMatchObject({ id: unauthorisedUseId, incidentId, authorised: false });
    expect(
      (await (await fiona()).get(`/api/restrictive-practices/uses?participantId=${jordan}`)).status,
    ).toBe(403);
  });

  it('refuses a use in the future, someone off the team as user, and logging by auditors and guardians', async () => {
    const future = await (await sophie()).post(
      '/api/restrictive-practices/uses',
      use({ startedAt: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    expect(future.status).toBe(400);
    expect(future.body.error.message).toBe(restrictivePracticeMessages.futureUse);
    // Theo is a therapist on Mia's team, not Jordan's.
    const teams = (await (await olivia()).get('/api/teams')).body.data as {
      members: { userId: string; email: string }[];
    }[];
    const theo = teams.flatMap((x) => x.members).find((m) => m.email === 'theo.therapist@sunrise.example')!;
    const offTeam = await (await sophie()).post(
      '/api/restrictive-practices/uses',
      use({ usedBy: theo.userId }),
    );
    expect(offTeam.status).toBe(400);
    expect((await (await aria()).post('/api/restrictive-practices/uses', use())).status).toBe(403);
    expect((await (await fiona()).post('/api/restrictive-practices/uses', use())).status).toBe(403);
    expect((await (await gus()).post('/api/restrictive-practices/uses', use())).status).toBe(404);
    const bad = await (await sophie()).post('/api/restrictive-practices/uses', use({ reason: '' }));
    expect(bad.status).toBe(400);
  });

  it('keeps an entry a use refers to', async () => {
    const res = await (await priya()).delete(`/api/restrictive-practices/${seclusionId}`);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(restrictivePracticeMessages.inUse);
  });
});

describe('the monthly report', () => {
  it('is drafted from the log as uses are logged, with its Commission deadline', async () => {
    const june = await reportOf('2025-06');
    expect(june).toMatchObject({
      status: 'draft',
      useCount: 3,
      unauthorisedCount: 1,
      totalMinutes: 28,
      byPractice: [
        { practiceType: 'physical', useCount: 1, unauthorisedCount: 1, totalMinutes: 3 },
        { practiceType: 'seclusion', useCount: 2, unauthorisedCount: 0, totalMinutes: 25 },
      ],
      participantName: 'Jordan Lee',
      allowedActions: ['generate', 'review'],
    });
    expect(june!.deadline).toMatchObject({
      kind: 'rp-monthly-report',
      dueAt: restrictivePracticeReportDue('2025-06', 'NSW', 'Australia/Sydney').toISOString(),
      metAt: null,
      status: 'overdue',
    });
    // The use of 1 July counts in July's report.
    expect(await reportOf('2025-07')).toMatchObject({ useCount: 1, unauthorisedCount: 1 });
  });

  it('is generated, reviewed and submitted by clinicians and leads only; the deadline is then met', async () => {
    const june = (await reportOf('2025-06'))!;
    expect(
      (
        await (
          await sophie()
        ).post('/api/restrictive-practice-reports', { participantId: jordan, month: '2025-06' })
      ).status,
    ).toBe(403);
    expect(
      (await (await aria()).post(`/api/restrictive-practice-reports/${june.id}/review`, {})).status,
    ).toBe(403);
    const early = await (await priya()).post(`/api/restrictive-practice-reports/${june.id}/submit`, {
      commissionReference: 'RP-1',
    });
    expect(early.status).toBe(422);
    expect(early.body.error.message).toBe(restrictivePracticeMessages.reportNotReviewed);
    const generated = await (await priya()).post('/api/restrictive-practice-reports', {
      participantId: jordan,
      month: '2025-06',
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(201);
    expect(generated.body.data).toMatchObject({ id: june.id, useCount: 3, status: 'draft' });
    const reviewed = await (await priya()).post(`/api/restrictive-practice-reports/${june.id}/review`, {
      version: generated.body.data.version,
    });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    expect(reviewed.body.data).toMatchObject({
      status: 'reviewed',
      reviewedBy: { name: 'Priya Practitioner' },
    });
    expect(reviewed.body.data.allowedActions).toEqual(['generate', 'submit']);
    const stale = await (await priya()).post(`/api/restrictive-practice-reports/${june.id}/submit`, {
      version: generated.body.data.version,
      commissionReference: 'RP-1',
    });
    expect(stale.status).toBe(409);
    const blank = await (await priya()).post(`/api/restrictive-practice-reports/${june.id}/submit`, {
      commissionReference: '  ',
    });
    expect(blank.status).toBe(400);
    const submitted = await (await as('lee.lead@sunrise.example')).post(
      `/api/restrictive-practice-reports/${june.id}/submit`,
      { version: reviewed.body.data.version, commissionReference: 'NQSC-RP-2025-06-0042' },
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data).toMatchObject({
      status: 'submitted',
      commissionReference: 'NQSC-RP-2025-06-0042',
      submittedBy: { name: 'Lee Lead' },
      allowedActions: [],
    });
    expect(submitted.body.data.deadline.metAt).toBe(submitted.body.data.submittedAt);
    expect(submitted.body.data.deadline.status).toBe('met');
  });

  it('is frozen once submitted: generating again is refused and a late use does not change it', async () => {
    const june = (await reportOf('2025-06'))!;
    const again = await (await priya()).post('/api/restrictive-practice-reports', {
      participantId: jordan,
      month: '2025-06',
    });
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe(restrictivePracticeMessages.reportSubmitted);
    const late = await (await sophie()).post(
      '/api/restrictive-practices/uses',
      use({ startedAt: '2025-06-11T01:00:00Z' }),
    );
    expect(late.status).toBe(201);
    expect(await reportOf('2025-06')).toMatchObject({ id: june.id, useCount: 3, version: june.version });
    const csv = await download(await aria(), `/api/restrictive-practice-reports/${june.id}.csv`);
    expect(csv.text.trim().split('\r\n')).toHaveLength(4);
  });

  it('refuses a month still to come', async () => {
    const res = await (await priya()).post('/api/restrictive-practice-reports', {
      participantId: jordan,
      month: '2999-01',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(restrictivePracticeMessages.futureMonth);
  });

  it('exports the CSV: header, one row per use in order, on the tenant clock', async () => {
    const june = (await reportOf('2025-06'))!;
    const res = await download(await aria(), `/api/restrictive-practice-reports/${june.id}.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="restrictive-practices-2025-06-jordan-lee.csv"',
    );
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Participant,NDIS number,Date,Start time,Duration (minutes),Practice,Authorised,Authorisation reference,Used by,Reason,Behaviour,Antecedent,Incident',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 8).join(','))).toEqual([
      '2025-06-10,10:00,15,Seclusion,Yes,NSW-RPA-2025-0142',
      '2025-06-12,15:00,3,Physical restraint,No,',
      '2025-06-30,23:30,10,Seclusion,Yes,NSW-RPA-2025-0142',
    ]);
  });

  it('exports the PDF, read back with its figures and the Commission reference', async () => {
    const june = (await reportOf('2025-06'))!;
    const res = await download(await priya(), `/api/restrictive-practice-reports/${june.id}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await extractPdfText(res.bytes)).pages.join('\n');
    expect(text).toContain('Restrictive practice report: June 2025');
    expect(text).toContain('Jordan Lee');
    expect(text).toContain('NQSC-RP-2025-06-0042');
    expect(text).toContain('3 uses, 1 unauthorised, 28 min in all.');
    expect(text).toContain('Physical restraint');
    // A long reference may wrap in its column.
    expect(text.replace(/\s+/g, '')).toContain('NSW-RPA-2025-0142');
    expect(text).toContain('Due to the Commission: 07/07/2025');
  });

  it('hides reports from guardians, other teams and other tenants', async () => {
    const june = (await reportOf('2025-06'))!;
    expect((await (await fiona()).get(`/api/restrictive-practice-reports/${june.id}`)).status).toBe(403);
    expect((await (await gus()).get(`/api/restrictive-practice-reports/${june.id}`)).status).toBe(404);
    const stranger = await as('ben.owner@bluegum.example', bluegum);
    expect((await stranger.get(`/api/restrictive-practice-reports/${june.id}`)).status).toBe(404);
    const foreignPdf = await t.app.inject({
      method: 'GET',
      url: `/api/restrictive-practice-reports/${june.id}.pdf`,
      cookies: stranger.cookies,
      headers: { 'x-tenant-id': bluegum },
    });
    expect(foreignPdf.statusCode).toBe(404);
    expect((await (await aria()).get(`/api/restrictive-practice-reports/${june.id}`)).status).toBe(200);
  });
});
