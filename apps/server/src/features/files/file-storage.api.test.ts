import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { cardFiles } from '../../db/schema/comments';
import { docxBytes, pdfBytes } from './test-documents';
import { uploadTo } from './test-upload';

let t: TestApp;
let sunrise: string;
let bluegum: string;
let jordanTeam: string;
let miaTeam: string;

const emails = {
  olivia: 'olivia.owner@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  priya: 'priya.practitioner@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  fiona: 'fiona.family@sunrise.example',
  theo: 'theo.therapist@sunrise.example',
  gus: 'gus.guest@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
  ben: 'ben.owner@bluegum.example',
} as const;
type Person = keyof typeof emails;

async function as(person: Person, tenant?: string): Promise<TestClient> {
  const client = await t.as(emails[person]);
  return client.inTenant(tenant ?? (person === 'ben' ? bluegum : sunrise));
}

interface Listed {
  id: string;
  name: string;
  card: { id: string; workItemId: string; title: string; teamId: string; teamName: string };
  participant: { id: string; name: string } | null;
  retention: { days: number; autoDelete: boolean; deleteAfter: string };
  canDelete: boolean;
  isConfidential: boolean;
  uploadedAt: string;
  uploadedByName: string | null;
  category: string;
  type: string;
}

async function list(person: Person, query = '', tenant?: string) {
  const res = await (await as(person, tenant)).get(`/api/files${query ? `?${query}` : ''}`);
  return res as { status: number; body: { data: Listed[]; meta: any; error?: any } };
}

async function names(person: Person, query = '') {
  const res = await list(person, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((f) => f.name);
}

async function newCard(person: Person, teamId: string, body: Record<string, unknown> = {}) {
  const res = await (await as(person)).post('/api/cards', { teamId, title: 'Home visit', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; workItemId: string };
}

async function upload(person: Person, cardId: string, name: string, fields: Record<string, string> = {}) {
  const bytes = name.endsWith('.docx') ? docxBytes(name) : pdfBytes(name);
  const res = await uploadTo(await as(person), cardId, { name, bytes }, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.file as { id: string; uploadedAt: string };
}

const files: Record<string, { id: string; uploadedAt: string }> = {};
let jordanCard: { id: string; workItemId: string };
let miaCard: { id: string; workItemId: string };
let planCardId: string;

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const teams = (await (await as('olivia')).get('/api/teams')).body.data as { id: string; name: string }[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team")!.id;
  miaTeam = teams.find((x) => x.name === "Mia's Care Team")!.id;

  jordanCard = await newCard('lee', jordanTeam, { title: 'Morning routine review' });
  miaCard = await newCard('priya', miaTeam, { title: 'Sensory assessment' });
  files.visit = await upload('lee', jordanCard.id, 'Visit summary.pdf');
  files.roster = await upload('sophie', jordanCard.id, 'Roster 100%_final.docx');
  files.sensory = await upload('priya', miaCard.id, 'Sensory profile.pdf');

  // A plan shared with family: its working card's files are what Fiona may open (decision 0025).
  const priya = await as('priya');
  const plan = await priya.post('/api/behaviour-support-plans', { teamId: jordanTeam, kind: 'interim' });
  expect(plan.status, JSON.stringify(plan.body)).toBe(201);
  const shared = await priya.post(`/api/behaviour-support-plans/${plan.body.data.id}/share`, {
    sharedWithFamily: true,
  });
  expect(shared.status, JSON.stringify(shared.body)).toBe(200);
  planCardId = plan.body.data.cardId;
  files.planShared = await upload('priya', planCardId, 'Plan for family.pdf');
  files.planConfidential = await upload('priya', planCardId, 'Clinical notes.pdf');
  await t.readInTenant(sunrise, (tx) =>
    tx
      .update(cardFiles)
      .set({ isConfidential: true })
      .where(and(eq(cardFiles.tenantId, sunrise), eq(cardFiles.id, files.planConfidential!.id))),
  );

  // Another organisation's file, never listed in Sunrise.
  const benTeams = (await (await as('ben')).get('/api/teams')).body.data as { id: string }[];
  const benCard = await newCard('ben', benTeams[0]!.id, { title: 'Bluegum intake' });
  files.bluegum = await upload('ben', benCard.id, 'Bluegum intake.pdf');
});
afterAll(async () => {
  await t.close();
});

const all = [
  'Clinical notes.pdf',
  'Plan for family.pdf',
  'Sensory profile.pdf',
  'Roster 100%_final.docx',
  'Visit summary.pdf',
];

describe('GET /api/files: who sees what', () => {
  it('lists every file of the organisation to an owner, newest first, with card, participant and retention', async () => {
    const res = await list('olivia');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((f) => f.name)).toEqual(all);
    expect(res.body.meta).toEqual({ total: 5, limit: 50, offset: 0, nextCursor: null });
    const visit = res.body.data.find((f) => f.name === 'Visit summary.pdf')!;
    expect(visit).toMatchObject({
      id: files.visit!.id,
      card: {
        id: jordanCard.id,
        workItemId: jordanCard.workItemId,
        title: 'Morning routine review',
        teamId: jordanTeam,
        teamName: "Jordan's Care Team",
      },
      uploadedByName: 'Lee Lead',
      category: 'attachment',
      type: 'pdf',
      isConfidential: false,
      retention: { days: 2555, autoDelete: true },
      canDelete: true,
      url: `/api/files/${files.visit!.id}`,
      downloadCount: 0,
      virusScanStatus: 'not-scanned',
    });
    expect(visit.participant?.name).toBeTruthy();
    const uploaded = new Date(visit.uploadedAt).getTime();
    expect(new Date(visit.retention.deleteAfter).getTime() - uploaded).toBe(2555 * 86_400_000);
  });

  it('lists to a support worker only the files of their own team, deletable only where they uploaded', async () => {
    const res = await list('sophie');
    expect(res.status).toBe(200);
    expect(res.body.data.map((f) => [f.name, f.canDelete])).toEqual([
      ['Clinical notes.pdf', false],
      ['Plan for family.pdf', false],
      ['Roster 100%_final.docx', true],
      ['Visit summary.pdf', false],
    ]);
    expect(res.body.meta.total).toBe(4);
  });

  it("lists to a guest only the shared team's files, and to a therapist only their team's", async () => {
    expect(await names('gus')).toEqual(['Sensory profile.pdf']);
    expect(await names('theo')).toEqual(['Sensory profile.pdf']);
  });

  it('lists to a team lead their team, deletable as its admin', async () => {
    const res = await list('lee');
    expect(res.body.data.map((f) => [f.name, f.canDelete])).toEqual([
      ['Clinical notes.pdf', true],
      ['Plan for family.pdf', true],
      ['Roster 100%_final.docx', true],
      ['Visit summary.pdf', true],
    ]);
  });

  it('lists to a family guardian only the plan shared with family, never its confidential file', async () => {
    expect(await names('fiona')).toEqual(['Plan for family.pdf']);
    const res = await list('fiona');
    expect(res.body.meta.total).toBe(1);
    expect(res.body.data[0]!.canDelete).toBe(false);
  });

  it('lists everything to an auditor, deletable by none', async () => {
    const res = await list('aria');
    expect(res.body.data.map((f) => f.name)).toEqual(all);
    expect(res.body.data.every((f) => !f.canDelete)).toBe(true);
  });

  it("keeps each organisation's files to itself", async () => {
    expect(await names('ben', '')).toEqual(['Bluegum intake.pdf']);
    const stranger = await list('ben', '', sunrise);
    expect(stranger.status).toBe(404);
    expect(stranger.body.data).toBeUndefined();
    const anonymous = await t.anonymous().inTenant(sunrise).get('/api/files');
    expect(anonymous.status).toBe(401);
    // Naming a team of another organisation, or one not shared with a guest, is 404.
    const foreign = await list('ben', `teamId=${jordanTeam}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Team not found');
    expect((await list('gus', `teamId=${jordanTeam}`)).status).toBe(404);
  });
});

describe('GET /api/files: the usual first page', () => {
  it('answers the hot statement field for field as the general path does', async () => {
    // No filter: the first page's hot statement. pastRetention=false matches every file here (none
    // has reached its delete-after date), so it answers the same rows through the query builder.
    const hot = await list('olivia', 'limit=3');
    const general = await list('olivia', 'limit=3&pastRetention=false');
    expect(hot.status).toBe(200);
    expect(hot.body.data.length).toBe(3);
    expect(hot.body.data).toEqual(general.body.data);
    expect(hot.body.meta).toEqual(general.body.meta);
    const next = await list('olivia', `limit=3&cursor=${hot.body.meta.nextCursor}`);
    expect(next.body.data.map((f) => f.name)).toEqual(all.slice(3));
  });
});

describe('GET /api/files: search and filters', () => {
  it('matches every word of q within the name, in any case, with % and _ taken literally', async () => {
    expect(await names('olivia', 'q=SUMMARY%20visit')).toEqual(['Visit summary.pdf']);
    expect(await names('olivia', 'q=100%25_')).toEqual(['Roster 100%_final.docx']);
    expect(await names('olivia', 'q=%25')).toEqual(['Roster 100%_final.docx']);
    expect(await names('olivia', 'q=visit%20roster')).toEqual([]);
    const res = await list('olivia', 'q=pdf');
    expect(res.body.meta.total).toBe(4);
  });

  it('filters by type, team, uploader, confidential, category and participant', async () => {
    expect(await names('olivia', 'type=docx')).toEqual(['Roster 100%_final.docx']);
    expect(await names('olivia', `teamId=${miaTeam}`)).toEqual(['Sensory profile.pdf']);
    const lee = (await (await as('lee')).get('/api/me')).body.data.id as string;
    expect(await names('olivia', `uploadedBy=${lee}`)).toEqual(['Visit summary.pdf']);
    expect(await names('olivia', 'confidential=true')).toEqual(['Clinical notes.pdf']);
    expect(await names('olivia', 'category=required-document')).toEqual([]);
    const listed = (await list('olivia')).body.data.find((f) => f.name === 'Sensory profile.pdf')!;
    expect(listed.participant).not.toBeNull();
    expect(await names('olivia', `participantId=${listed.participant!.id}`)).toEqual(['Sensory profile.pdf']);
    expect(await names('olivia', 'pastRetention=true')).toEqual([]);
    expect(await names('olivia', 'scanStatus=infected')).toEqual([]);
  });

  it('refuses a bad filter with a message naming it', async () => {
    const res = await list('olivia', 'type=exe');
    expect(res.status).toBe(400);
    const long = await list('olivia', `q=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Search can be at most 200 characters');
  });
});

describe('GET /api/files: keyset paging', () => {
  it('walks every file once, newest first, a page at a time, ending with a null cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page += 1) {
      const res = await list('olivia', `limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.meta.total).toBe(5);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data.map((f) => f.name));
      cursor = res.body.meta.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
    expect(cursor).toBeNull();
  });

  it('keeps files uploaded in the same millisecond apart (the cursor holds microseconds)', async () => {
    // Two rows with the same millisecond but different microseconds.
    await t.readInTenant(sunrise, async (tx) => {
      await tx
        .update(cardFiles)
        .set({ uploadedAt: new Date('2020-01-01T00:00:00.123Z') })
        .where(and(eq(cardFiles.tenantId, sunrise), eq(cardFiles.id, files.visit!.id)));
      // Written as text: a JavaScript Date cannot hold the microseconds.
      await tx.execute(
        sql`update card_files set created_at = '2020-01-01T00:00:00.123900Z' where tenant_id = ${sunrise} and id = ${files.roster!.id}`,
      );
    });
    const first = await list('olivia', 'limit=4');
    expect(first.body.data.map((f) => f.name).at(-1)).toBe('Roster 100%_final.docx');
    const rest = await list('olivia', `limit=4&cursor=${first.body.meta.nextCursor}`);
    expect(rest.body.data.map((f) => f.name)).toEqual(['Visit summary.pdf']);
    expect(rest.body.meta.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not give', async () => {
    const res = await list('olivia', 'cursor=bm9wZQ');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'The cursor is not one this list gave; start again from the first page',
    );
  });
});

describe('GET /api/files: what is gone is not listed', () => {
  it('drops a deleted file and the files of a deleted card', async () => {
    const card = await newCard('lee', jordanTeam, { title: 'Temporary' });
    const kept = await upload('lee', card.id, 'Short lived.pdf');
    const gone = await upload('lee', card.id, 'Removed by lead.pdf');
    expect(await names('olivia', 'q=removed%20by')).toEqual(['Removed by lead.pdf']);
    const withIt = (await list('olivia')).body.meta.total;
    const deleted = await (await as('olivia')).delete(`/api/files/${gone.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect((await list('olivia')).body.meta.total).toBe(withIt - 1);
    expect(await names('olivia', 'q=removed%20by')).toEqual([]);
    expect(await names('olivia', 'q=short%20lived')).toEqual(['Short lived.pdf']);
    const before = (await list('olivia')).body.meta.total;
    const current = await (await as('olivia')).get(`/api/cards/${card.id}`);
    const removed = await (await as('olivia')).delete(
      `/api/cards/${card.id}?version=${current.body.data.version}`,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);
    expect(await names('olivia', 'q=short%20lived')).toEqual([]);
    // The unfiltered count (every live file less those of deleted cards) agrees.
    const after = await list('olivia');
    expect(after.body.meta.total).toBe(before - 1);
    expect(after.body.data.map((f) => f.name)).not.toContain('Short lived.pdf');
    // The file itself is still live: only its card went.
    const [row] = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(cardFiles)
        .where(and(eq(cardFiles.tenantId, sunrise), eq(cardFiles.id, kept.id))),
    );
    expect(row?.deletedAt).toBeNull();
  });
});

describe('retention recorded at upload', () => {
  it("keeps a required document for its template's retention, without auto-delete", async () => {
    const plan = await newCard('priya', jordanTeam, {
      title: 'Comprehensive plan',
      templateId: 'comprehensive-bsp',
    });
    const fba = await upload('priya', plan.id, 'FBA report.pdf', { requirementId: 'fba-report' });
    const res = await list('olivia', 'category=required-document');
    expect(res.body.data.map((f) => [f.name, f.retention.days, f.retention.autoDelete])).toEqual([
      ['FBA report.pdf', 2555, false],
    ]);
    expect(res.body.data[0]!.id).toBe(fba.id);
  });
});

describe('preview', () => {
  it('sends a PDF inline when asked (counted as an access), and a DOCX still as an attachment', async () => {
    const client = await t.as(emails.olivia);
    const get = (id: string, query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/files/${id}?tenantId=${sunrise}${query}`,
        cookies: client.cookies,
      });
    const pdf = await get(files.sensory!.id, '&inline=true');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="Sensory profile.pdf"; filename*=UTF-8''Sensory%20profile.pdf`,
    );
    expect((await get(files.sensory!.id, '')).headers['content-disposition']).toMatch(/^attachment;/);
    const docx = await get(files.roster!.id, '&inline=true');
    expect(docx.headers['content-disposition']).toMatch(/^attachment;/);
    const listed = (await list('olivia', 'q=sensory')).body.data[0] as unknown as {
      downloadCount: number;
      metadata: { lastAccessed: string | null };
    };
    expect(listed.downloadCount).toBe(2);
    expect(listed.metadata.lastAccessed).not.toBeNull();
  });
});

describe('documentation', () => {
  it('documents GET /api/files with its filters, cursor and envelope in the OpenAPI document', async () => {
    const doc = (await t.anonymous().get('/api/openapi.json')).body;
    const operation = doc.paths['/api/files']?.get;
    expect(operation).toBeDefined();
    expect(operation.tags).toEqual(['files']);
    const params = (operation.parameters as { name: string; in: string }[]).map((p) => p.name);
    for (const name of [
      'q',
      'category',
      'type',
      'teamId',
      'participantId',
      'uploadedBy',
      'cursor',
      'limit',
    ]) {
      expect(params).toContain(name);
    }
    const answer = JSON.stringify(operation.responses['200']);
    for (const field of ['"nextCursor"', '"retention"', '"deleteAfter"', '"canDelete"', '"participant"']) {
      expect(answer).toContain(field);
    }
  });
});
