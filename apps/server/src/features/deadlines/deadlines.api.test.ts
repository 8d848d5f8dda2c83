import { randomUUID } from 'node:crypto';
import type { DeadlineKind, DeadlineSubjectType } from '@wattle/domain/deadlines/schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { behaviourSupportPlans } from '../../db/schema/behaviour-support';
import { deadlines } from '../../db/schema/deadlines';
import { participants } from '../../db/schema/participants';
import { teams } from '../../db/schema/teams';
import { deadlinesOf, dropDeadlines, keepDeadline } from './keep-deadlines';

/**
 * GET /api/deadlines against the real app, and the keepDeadline / dropDeadlines / deadlinesOf
 * interface the owning services call. Deadlines are kept straight in the database on three Sunrise
 * teams (Jordan's: Lee leads, Priya practises, Sophie supports, Fiona is family; Mia's: Priya, Theo,
 * Gus the guest; the Community Access Team: Lee) and one of no team, then each role lists its share.
 */
let t: TestApp;
let sunrise: string;
let bluegum: string;
const team: Record<'jordan' | 'mia' | 'community', { teamId: string; participantId: string }> = {} as never;
const label: Record<string, string> = {};
const hour = 60 * 60 * 1000;
const day = 24 * hour;
const now = Date.now();
let sharedPlanId: string;
let privatePlanId: string;

const as = async (email: string, tenant = sunrise) => (await t.as(email)).inTenant(tenant);

async function keep(
  name: string,
  on: keyof typeof team | null,
  kind: DeadlineKind,
  subjectType: DeadlineSubjectType,
  dueInMs: number,
  options: { subjectId?: string; metAt?: Date } = {},
) {
  const kept = await t.readInTenant(sunrise, (tx) =>
    keepDeadline(tx, sunrise, {
      kind,
      subjectType,
      subjectId: options.subjectId ?? randomUUID(),
      participantId: on ? team[on].participantId : null,
      teamId: on ? team[on].teamId : null,
      dueAt: new Date(now + dueInMs),
      metAt: options.metAt ?? null,
    }),
  );
  label[kept.id] = name;
  return kept;
}

/**
 * The names of this file's deadlines a person lists, soonest first (any the demo data holds are left
 * out, so the expectations hold whatever it seeds).
 */
async function listed(email: string, query = ''): Promise<string[]> {
  const res = await (await as(email)).get(`/api/deadlines?limit=200${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: string }[]).flatMap((d) => (label[d.id] ? [label[d.id]!] : []));
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  await t.readInTenant(sunrise, async (tx) => {
    const rows = await tx
      .select({ teamId: teams.id, teamName: teams.name, participantId: participants.id })
      .from(teams)
      .innerJoin(
        participants,
        and(eq(participants.tenantId, teams.tenantId), eq(participants.teamId, teams.id)),
      )
      .where(eq(teams.tenantId, sunrise));
    const byName = (name: string) => {
      const row = rows.find((r) => r.teamName === name);
      if (!row) throw new Error(`no team ${name}`);
      return { teamId: row.teamId, participantId: row.participantId };
    };
    team.jordan = byName("Jordan's Care Team");
    team.mia = byName("Mia's Care Team");
    team.community = byName('Community Access Team');
    const plans = await tx
      .insert(behaviourSupportPlans)
      .values([
        {
          tenantId: sunrise,
          ...team.jordan,
          kind: 'comprehensive',
          title: 'Shared plan',
          sharedWithFamily: true,
        },
        { tenantId: sunrise, ...team.jordan, kind: 'interim', title: 'Private plan' },
      ])
      .returning({ id: behaviourSupportPlans.id });
    sharedPlanId = plans[0]!.id;
    privatePlanId = plans[1]!.id;
  });
  await keep('jordan interim (overdue)', 'jordan', 'bsp-interim', 'engagement', -2 * day);
  await keep('jordan incident notification', 'jordan', 'incident-notification', 'incident', 5 * hour);
  await keep('jordan shared review', 'jordan', 'bsp-review', 'plan', 3 * day, { subjectId: sharedPlanId });
  await keep('mia five-day report', 'mia', 'incident-five-day-report', 'incident', 4 * day);
  await keep('mia comprehensive', 'mia', 'bsp-comprehensive', 'engagement', 10 * day);
  await keep('jordan rp report (met)', 'jordan', 'rp-monthly-report', 'rp-report', 20 * day, {
    metAt: new Date(now - day),
  });
  await keep('jordan private review', 'jordan', 'bsp-review', 'plan', 30 * day, { subjectId: privatePlanId });
  await keep('community rp report', 'community', 'rp-monthly-report', 'rp-report', 40 * day);
  await keep('no team rp report', null, 'rp-monthly-report', 'rp-report', 50 * day);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const everything = [
  'jordan interim (overdue)',
  'jordan incident notification',
  'jordan shared review',
  'mia five-day report',
  'mia comprehensive',
  'jordan rp report (met)',
  'jordan private review',
  'community rp report',
  'no team rp report',
];
const jordans = everything.filter((name) => name.startsWith('jordan'));
const mias = everything.filter((name) => name.startsWith('mia'));

describe('GET /api/deadlines: who reads which', () => {
  it('gives owners, admins and auditors every deadline, soonest first, with its status now', async () => {
    expect(await listed('olivia.owner@sunrise.example')).toEqual(everything);
    expect(await listed('adam.admin@sunrise.example')).toEqual(everything);
    expect(await listed('aria.auditor@sunrise.example')).toEqual(everything);
    const olivia = await as('olivia.owner@sunrise.example');
    const all = (await olivia.get('/api/deadlines?limit=200')).body;
    const page = (await olivia.get('/api/deadlines?limit=3&offset=1')).body;
    expect(page.meta).toEqual({ total: all.meta.total, limit: 3, offset: 1 });
    expect(page.data).toEqual(all.data.slice(1, 4));
    const named = (name: string) => all.data.find((d: { id: string }) => label[d.id] === name);
    expect(everything.map((name) => named(name)?.status)).toEqual([
      'overdue',
      'due-soon',
      'due-soon',
      'due-soon',
      'upcoming',
      'met',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(named('jordan interim (overdue)')).toMatchObject({
      kind: 'bsp-interim',
      subjectType: 'engagement',
      participantId: team.jordan.participantId,
      teamId: team.jordan.teamId,
      participantName: 'Jordan Lee',
      teamName: "Jordan's Care Team",
      metAt: null,
    });
  });

  it("gives team staff their teams' deadlines of every kind, and nothing of a participant without a team", async () => {
    expect(await listed('lee.lead@sunrise.example')).toEqual([...jordans, 'community rp report']);
    expect(await listed('priya.practitioner@sunrise.example')).toEqual(
      everything.filter((name) => jordans.includes(name) || mias.includes(name)),
    );
    expect(await listed('sophie.support@sunrise.example')).toEqual(jordans);
    expect(await listed('theo.therapist@sunrise.example')).toEqual(mias);
  });

  it('gives a guest only the teams shared with them', async () => {
    expect(await listed('gus.guest@sunrise.example')).toEqual(mias);
  });

  it('gives a family guardian only the review of a plan shared with family: no incident, engagement or report', async () => {
    expect(await listed('fiona.family@sunrise.example')).toEqual(['jordan shared review']);
  });

  it("gives another tenant's owner none of them, and 404 for this tenant", async () => {
    const ben = await t.as('ben.owner@bluegum.example');
    expect((await ben.inTenant(bluegum).get('/api/deadlines')).body.data).toEqual([]);
    expect((await ben.inTenant(sunrise).get('/api/deadlines')).status).toBe(404);
  });
});

describe('GET /api/deadlines: filters', () => {
  const olivia = 'olivia.owner@sunrise.example';

  it('filters by status: open, overdue, due soon (within 7 days) and met', async () => {
    expect(await listed(olivia, '&status=open')).toEqual(
      everything.filter((n) => n !== 'jordan rp report (met)'),
    );
    expect(await listed(olivia, '&status=overdue')).toEqual(['jordan interim (overdue)']);
    expect(await listed(olivia, '&status=due-soon')).toEqual([
      'jordan incident notification',
      'jordan shared review',
      'mia five-day report',
    ]);
    expect(await listed(olivia, '&status=met')).toEqual(['jordan rp report (met)']);
  });

  it('filters by participant, team and kind, and combines them with the reach', async () => {
    expect(await listed(olivia, `&participantId=${team.mia.participantId}`)).toEqual(mias);
    expect(await listed(olivia, `&teamId=${team.community.teamId}`)).toEqual(['community rp report']);
    expect(await listed(olivia, '&kind=rp-monthly-report')).toEqual([
      'jordan rp report (met)',
      'community rp report',
      'no team rp report',
    ]);
    expect(await listed('sophie.support@sunrise.example', `&teamId=${team.mia.teamId}`)).toEqual([]);
  });

  it('refuses an unknown status or kind with a clear 400', async () => {
    const client = await as(olivia);
    expect((await client.get('/api/deadlines?status=late')).status).toBe(400);
    expect((await client.get('/api/deadlines?kind=tax-return')).status).toBe(400);
  });
});

describe('keepDeadline, dropDeadlines and deadlinesOf', () => {
  it('keeps one deadline per kind and subject: a second keep moves it, and drop removes only the kinds named', async () => {
    const subjectId = randomUUID();
    const first = await keep('kept', 'jordan', 'incident-notification', 'incident', 60 * day, { subjectId });
    const moved = await t.readInTenant(sunrise, (tx) =>
      keepDeadline(tx, sunrise, {
        kind: 'incident-notification',
        subjectType: 'incident',
        subjectId,
        participantId: team.jordan.participantId,
        teamId: team.jordan.teamId,
        dueAt: new Date(now + 61 * day),
        metAt: new Date(now),
      }),
    );
    expect(moved.id).toBe(first.id);
    expect(moved.status).toBe('met');
    await keep('kept report', 'jordan', 'incident-five-day-report', 'incident', 62 * day, { subjectId });

    const both = await t.readInTenant(sunrise, (tx) => deadlinesOf(tx, sunrise, [subjectId]));
    expect(both.map((d) => d.kind)).toEqual(['incident-notification', 'incident-five-day-report']);
    expect(both[0]!.dueAt).toBe(new Date(now + 61 * day).toISOString());

    const dropped = await t.readInTenant(sunrise, (tx) =>
      dropDeadlines(tx, sunrise, subjectId, ['incident-five-day-report']),
    );
    expect(dropped).toBe(1);
    const left = await t.readInTenant(sunrise, (tx) =>
      tx.select({ kind: deadlines.kind }).from(deadlines).where(eq(deadlines.subjectId, subjectId)),
    );
    expect(left).toEqual([{ kind: 'incident-notification' }]);
    expect(await t.readInTenant(sunrise, (tx) => dropDeadlines(tx, sunrise, subjectId))).toBe(1);
    expect(await t.readInTenant(sunrise, (tx) => deadlinesOf(tx, sunrise, [subjectId]))).toEqual([]);
  });
});
