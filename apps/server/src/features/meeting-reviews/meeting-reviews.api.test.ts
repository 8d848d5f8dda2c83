import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { cards } from '../../db/schema/cards';
import { maintenanceActor, withTenant } from '../../db/with-tenant';
import { addDays, todayIn } from '../cards/card-values';
import { extractPdfText } from '../cards/pdf-extract-text';

let t: TestApp;
let sunrise: string;
let bluegum: string;
let jordanTeam: string;
let today: string;

const emails = {
  olivia: 'olivia.owner@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  fiona: 'fiona.family@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
  ben: 'ben.owner@bluegum.example',
} as const;
type Person = keyof typeof emails;

async function as(person: Person): Promise<TestClient> {
  return (await t.as(emails[person])).inTenant(person === 'ben' ? bluegum : sunrise);
}

async function newCard(title: string, dueDate: string | null) {
  const res = await (await as('lee')).post('/api/cards', { teamId: jordanTeam, title, dueDate });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; workItemId: string };
}

/** Moves cards' last change into the past, as if nobody touched them for `days` days. */
async function lastChanged(ids: string[], daysAgo: number) {
  await withTenant(t.database.db, sunrise, maintenanceActor, (tx) =>
    tx
      .update(cards)
      .set({ updatedAt: new Date(Date.now() - daysAgo * 86_400_000) })
      .where(and(eq(cards.tenantId, sunrise), inArray(cards.id, ids))),
  );
}

const review = async (person: Person, query = '') =>
  (await as(person)).get(`/api/teams/${jordanTeam}/meeting-review${query}`);

let dueSoon: { id: string; workItemId: string };
let quietOverdue: { id: string; workItemId: string };
let quietFarOff: { id: string };
let quietUndated: { id: string };

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const teams = (await (await as('olivia')).get('/api/teams')).body.data as any[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team").id;
  today = todayIn('Australia/Sydney');
  dueSoon = await newCard('Meeting: review the roster', addDays(today, 3));
  quietOverdue = await newCard('Meeting: overdue risk review', addDays(today, -2));
  quietFarOff = await newCard('Meeting: annual plan far off', addDays(today, 20));
  quietUndated = await newCard('Meeting: someday idea', null);
  await lastChanged([quietOverdue.id, quietFarOff.id, quietUndated.id], 10);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/teams/{id}/meeting-review', () => {
  it("lists the team's cards due in the week past and ahead or changed this week, grouped by participant", async () => {
    const res = await review('lee');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      team: { id: jordanTeam, name: "Jordan's Care Team" },
      days: 7,
      dueFrom: addDays(data.today, -7),
      dueTo: addDays(data.today, 7),
      canWriteNotes: true,
    });
    const all = (data.groups as any[]).flatMap((g) =>
      g.cards.map((c: any) => ({ ...c, group: g.participantName })),
    );
    const byId = new Map(all.map((c) => [c.id, c]));
    expect(byId.get(dueSoon.id)).toMatchObject({ reasons: ['due', 'changed'], isOverdue: false });
    expect(byId.get(quietOverdue.id)).toMatchObject({ reasons: ['due'], isOverdue: true });
    expect(byId.has(quietFarOff.id)).toBe(false);
    expect(byId.has(quietUndated.id)).toBe(false);
    // Jordan's care team's cards are about Jordan.
    expect(byId.get(dueSoon.id).group).toBe('Jordan Lee');
    expect(data.total).toBe(all.length);

    // A longer period takes in the card due in 20 days (and the quiet ones changed 10 days ago).
    const month = (await review('lee', '?days=21')).body.data;
    const monthIds = (month.groups as any[]).flatMap((g) => g.cards.map((c: any) => c.id));
    expect(monthIds).toEqual(expect.arrayContaining([quietFarOff.id, quietUndated.id]));
  });

  it('refuses a period outside 1 to 31 days, naming the limit', async () => {
    const zero = await review('lee', '?days=0');
    expect(zero.status).toBe(400);
    expect(JSON.stringify(zero.body)).toContain('The review period must be at least 1 day');
    const long = await review('lee', '?days=40');
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('The review period can be at most 31 days');
  });

  it('is for whoever reads cards on the team: members and auditors yes, family guardians and strangers no', async () => {
    expect((await review('sophie')).body.data.canWriteNotes).toBe(true);
    const aria = await review('aria');
    expect(aria.status).toBe(200);
    expect(aria.body.data.canWriteNotes).toBe(false);
    const fiona = await review('fiona');
    expect(fiona.status).toBe(403);
    expect(fiona.body.data).toBeUndefined();
    // Ben of Bluegum, naming Sunrise's team under his own organisation: no such team there.
    const ben = await review('ben');
    expect(ben.status).toBe(404);
    expect(ben.body.error.message).toBe('Team not found');
  });
});

describe('meeting notes', () => {
  it('are saved to the card as review comments marked as a meeting review, and shown as its last note', async () => {
    const lee = await as('lee');
    const first = await lee.post(`/api/cards/${dueSoon.id}/comments`, {
      content: 'Roster agreed for next week.',
      type: 'review',
      isMeetingReview: true,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ type: 'review', metadata: { meetingReview: true } });
    const second = await (await as('sophie')).post(`/api/cards/${dueSoon.id}/comments`, {
      content: 'Sophie to call the family on Monday.',
      type: 'review',
      isMeetingReview: true,
    });
    expect(second.status).toBe(201);
    // An ordinary comment is not a meeting note.
    await lee.post(`/api/cards/${dueSoon.id}/comments`, { content: 'Unrelated remark' });

    const data = (await review('lee')).body.data;
    const card = (data.groups as any[]).flatMap((g) => g.cards).find((c: any) => c.id === dueSoon.id);
    expect(card.lastReview).toMatchObject({
      content: 'Sophie to call the family on Monday.',
      userName: 'Sophie Support',
    });

    // The thread shows it among the card's comments.
    const thread = (await lee.get(`/api/cards/${dueSoon.id}/comments`)).body.data as any[];
    expect(thread.filter((c) => c.metadata.meetingReview).map((c) => c.content)).toEqual([
      'Roster agreed for next week.',
      'Sophie to call the family on Monday.',
    ]);
  });

  it('must be review comments, and need write:comments on the team', async () => {
    const wrong = await (await as('lee')).post(`/api/cards/${dueSoon.id}/comments`, {
      content: 'Not a review',
      type: 'general',
      isMeetingReview: true,
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('A meeting review note must be a review comment');
    const aria = await (await as('aria')).post(`/api/cards/${dueSoon.id}/comments`, {
      content: 'Auditor note',
      type: 'review',
      isMeetingReview: true,
    });
    expect(aria.status).toBe(403);
  });
});

describe('GET /api/teams/{id}/meeting-review/agenda.pdf', () => {
  it('is a real PDF agenda: the team, the period, each participant and card, the last note', async () => {
    const client = await t.as(emails.lee);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/teams/${jordanTeam}/meeting-review/agenda.pdf?tenantId=${sunrise}`,
      cookies: client.cookies,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="meeting-agenda-jordans-care-team-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const { pages } = await extractPdfText(res.rawPayload);
    // Every page's foot counts the pages (and writing it added none).
    for (const [i, page] of pages.entries()) expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    const text = pages.join('\n');
    expect(text).toContain("Meeting agenda: Jordan's Care Team");
    expect(text).toContain('Jordan Lee');
    expect(text).toContain(`${dueSoon.workItemId}`);
    expect(text).toContain('Meeting: review the roster');
    expect(text).toContain('(overdue)');
    expect(text).toContain('Sophie to call the family on Monday.');
    expect(text).not.toContain('Meeting: annual plan far off');
  });

  it('is refused like the review: 403 for a family guardian', async () => {
    const res = await (await as('fiona')).get(`/api/teams/${jordanTeam}/meeting-review/agenda.pdf`);
    expect(res.status).toBe(403);
  });

  it('documents both routes in the OpenAPI document', async () => {
    const doc = (await (await as('lee')).get('/api/openapi.json')).body;
    expect(doc.paths['/api/teams/{id}/meeting-review'].get.description).toContain('grouped by participant');
    expect(doc.paths['/api/teams/{id}/meeting-review/agenda.pdf'].get.description).toContain('A4 PDF');
  });
});
