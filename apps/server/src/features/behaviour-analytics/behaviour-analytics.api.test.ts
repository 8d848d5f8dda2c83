import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';

/**
 * Behaviour analytics against the real app (issue 16 item 5). Records are made through the API in
 * 2024 (the demo data is all within the last months), in Sunrise's zone (Australia/Sydney, +11:00
 * in March): incidents on Jordan's and Mia's teams either side of local midnight, and restrictive
 * practice uses (one authorised, one not, which also raises an incident). Olivia (owner) and Aria
 * (auditor) count every team; Gus (guest support worker on Mia's team) only Mia's; Fiona (family
 * guardian) nothing; Ben (Bluegum) nothing of Sunrise.
 */
let t: TestApp;
let sunrise: string;
let jordan: string;
let jordanTeam: string;
let miaTeam: string;

const as = async (email: string): Promise<TestClient> => (await t.as(email)).inTenant(sunrise);
const olivia = () => as('olivia.owner@sunrise.example');
const priya = () => as('priya.practitioner@sunrise.example');
const sophie = () => as('sophie.support@sunrise.example');

type Row = { key: string; label: string; incidents: number; practiceUses: number };

async function reportIncident(
  teamId: string,
  date: string,
  time: string,
  details: { behaviour?: string; antecedent?: string },
) {
  const client = await olivia();
  const card = await client.post('/api/cards', {
    teamId,
    title: `Incident ${date} ${time}`,
    templateId: 'incident-report',
    fieldValues: { 'incident-date': date, 'incident-time': time },
  });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  const list = await client.get('/api/incidents?limit=200&from=2024-01-01&to=2024-12-31');
  const incident = list.body.data.find((i: { cardId: string }) => i.cardId === card.body.data.id);
  const patch = await client.patch(`/api/incidents/${incident.id}`, {
    version: incident.version,
    category: 'behaviour',
    ...details,
  });
  expect(patch.status, JSON.stringify(patch.body)).toBe(200);
}

const period = '/api/behaviour-analytics?from=2024-03-25&to=2024-04-07';
const row = (rows: Row[], key: string) => rows.find((r) => r.key === key);

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  const participants = (await (await olivia()).get('/api/participants')).body.data as {
    id: string;
    name: string;
    teamId: string;
  }[];
  const jordanRow = participants.find((p) => p.name === 'Jordan Lee')!;
  jordan = jordanRow.id;
  jordanTeam = jordanRow.teamId;
  miaTeam = participants.find((p) => p.name === 'Mia Thompson')!.teamId;

  // Sunday 31 March 2024, 23:30 and Monday 1 April, 00:15 (both 31 March in UTC).
  await reportIncident(jordanTeam, '2024-03-31', '23:30', {
    behaviour: 'Shouting',
    antecedent: 'Change of routine',
  });
  await reportIncident(jordanTeam, '2024-04-01', '00:15', {
    behaviour: '  shouting ',
    antecedent: 'Noise',
  });
  await reportIncident(miaTeam, '2024-04-02', '09:05', { behaviour: 'Self-injury' });
  // Outside the period: the day before it starts.
  await reportIncident(jordanTeam, '2024-03-24', '12:00', { behaviour: 'Shouting' });

  const register = await (await priya()).post('/api/restrictive-practices', {
    participantId: jordan,
    practiceType: 'chemical',
    description: 'PRN as the plan sets out',
    authorisationReference: 'NSW-RPA-TEST-1',
    authorisedOn: '2024-01-01',
    expiresOn: '2024-12-31',
  });
  expect(register.status, JSON.stringify(register.body)).toBe(201);
  for (const use of [
    { practiceType: 'chemical', startedAt: '2024-04-03T18:30:00+11:00', durationMinutes: 120 },
    // Seclusion is not authorised: logging it raises a reportable incident too.
    { practiceType: 'seclusion', startedAt: '2024-04-03T07:10:00+11:00', durationMinutes: 15 },
  ]) {
    const logged = await (await sophie()).post('/api/restrictive-practices/uses', {
      participantId: jordan,
      reason: 'Escalating aggression',
      behaviour: 'Physical aggression',
      antecedent: 'noise',
      ...use,
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
  }
}, 240_000);
afterAll(() => t.close());

describe('the charts count the period’s records in the tenant’s zone', () => {
  it('buckets by local day, hour and weekday either side of midnight', async () => {
    const res = await (await olivia()).get(period);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.period).toEqual({
      from: '2024-03-25',
      to: '2024-04-07',
      timeZone: 'Australia/Sydney',
      bucket: 'day',
    });
    expect(data.overTime).toHaveLength(14);
    expect(row(data.overTime, '2024-03-31')).toMatchObject({ label: '31/03/2024', incidents: 1 });
    expect(row(data.overTime, '2024-04-01')).toMatchObject({ incidents: 1, practiceUses: 0 });
    expect(row(data.overTime, '2024-04-02')).toMatchObject({ incidents: 1 });
    // The two uses, and the incident the unauthorised one raised.
    expect(row(data.overTime, '2024-04-03')).toMatchObject({ incidents: 1, practiceUses: 2 });
    expect(row(data.overTime, '2024-03-24')).toBeUndefined();

    expect(row(data.byHour, '23')).toMatchObject({ label: '23:00', incidents: 1 });
    expect(row(data.byHour, '0')).toMatchObject({ label: '00:00', incidents: 1 });
    expect(row(data.byHour, '9')).toMatchObject({ incidents: 1 });
    expect(row(data.byHour, '18')).toMatchObject({ incidents: 0, practiceUses: 1 });
    expect(row(data.byHour, '7')).toMatchObject({ incidents: 1, practiceUses: 1 });
    expect(row(data.byDayOfWeek, '7')).toMatchObject({ label: 'Sunday', incidents: 1 });
    expect(row(data.byDayOfWeek, '1')).toMatchObject({ label: 'Monday', incidents: 1 });
    expect(row(data.byDayOfWeek, '3')).toMatchObject({ label: 'Wednesday', incidents: 1, practiceUses: 2 });

    // Case and spacing aside, one behaviour; uses count beside incidents.
    expect(row(data.byBehaviour, 'shouting')).toMatchObject({ incidents: 2, practiceUses: 0 });
    expect(row(data.byBehaviour, 'self-injury')).toMatchObject({ label: 'Self-injury', incidents: 1 });
    expect(row(data.byBehaviour, 'physical aggression')).toMatchObject({ incidents: 0, practiceUses: 2 });
    expect(row(data.byAntecedent, 'noise')).toMatchObject({ incidents: 1, practiceUses: 2 });
    expect(row(data.byAntecedent, 'change of routine')).toMatchObject({ incidents: 1 });

    expect(data.totals).toEqual({
      incidents: 4,
      practiceUses: 2,
      practiceMinutes: 135,
      unauthorisedUses: 1,
      // The raised incident records no behaviour or antecedent of its own; Mia's has no antecedent.
      incidentsWithoutBehaviour: 1,
      incidentsWithoutAntecedent: 2,
    });
    expect(data.byPracticeKind.find((k: { kind: string }) => k.kind === 'chemical')).toEqual({
      kind: 'chemical',
      label: 'Chemical restraint',
      uses: 1,
      minutes: 120,
      unauthorised: 0,
    });
    expect(data.byPracticeKind.find((k: { kind: string }) => k.kind === 'seclusion')).toMatchObject({
      uses: 1,
      unauthorised: 1,
    });
  });

  it('a one-day period starts and ends at the zone’s midnights', async () => {
    const res = await (await olivia()).get('/api/behaviour-analytics?from=2024-04-01&to=2024-04-01');
    expect(res.body.data.totals.incidents).toBe(1);
    expect(res.body.data.overTime).toEqual([
      { key: '2024-04-01', label: '01/04/2024', incidents: 1, practiceUses: 0 },
    ]);
  });

  it('a longer period steps by week from Monday, then by month', async () => {
    const weeks = (await (await olivia()).get('/api/behaviour-analytics?from=2024-01-01&to=2024-06-30')).body
      .data;
    expect(weeks.period.bucket).toBe('week');
    // 31 March is a Sunday: its week began on Monday 25 March; 1 to 3 April are the next week.
    expect(row(weeks.overTime, '2024-03-25')).toMatchObject({ label: 'Week of 25/03/2024', incidents: 1 });
    expect(row(weeks.overTime, '2024-03-18')).toMatchObject({ incidents: 1 });
    expect(row(weeks.overTime, '2024-04-01')).toMatchObject({ incidents: 3, practiceUses: 2 });
    const months = (await (await olivia()).get('/api/behaviour-analytics?from=2023-01-01&to=2024-12-31')).body
      .data;
    expect(months.period.bucket).toBe('month');
    expect(months.overTime).toHaveLength(24);
    expect(row(months.overTime, '2024-03-01')).toMatchObject({ label: 'Mar 2024', incidents: 2 });
    expect(row(months.overTime, '2024-04-01')).toMatchObject({ incidents: 3, practiceUses: 2 });
  });

  it('one team counts only its records', async () => {
    const mia = (await (await olivia()).get(`${period}&teamId=${miaTeam}`)).body.data;
    expect(mia.teamId).toBe(miaTeam);
    expect(mia.totals).toMatchObject({ incidents: 1, practiceUses: 0 });
    expect(mia.byBehaviour.map((r: Row) => r.label)).toEqual(['Self-injury']);
  });

  it('refuses a period that ends before it starts, or bad days', async () => {
    const client = await olivia();
    expect((await client.get('/api/behaviour-analytics?from=2024-04-07&to=2024-03-25')).status).toBe(400);
    expect((await client.get('/api/behaviour-analytics?from=2024-02-30&to=2024-03-25')).status).toBe(400);
    expect((await client.get('/api/behaviour-analytics?from=2024-03-25')).status).toBe(400);
  });

  it('the CSV holds every chart’s numbers, the chart named in its first column', async () => {
    const client = await olivia();
    const res = await client.get(
      `/api/behaviour-analytics.csv?from=2024-03-25&to=2024-04-07&tenantId=${sunrise}`,
    );
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toContain(
      'behaviour-analytics-2024-03-25-to-2024-04-07.csv',
    );
    const lines = String(res.body).trim().split('\r\n');
    expect(lines[0]).toBe('chart,key,label,incidents,restrictive_practice_uses,minutes,unauthorised_uses');
    expect(lines).toContain('over-time,2024-04-03,03/04/2024,1,2,,');
    expect(lines).toContain('by-hour,23,23:00,1,0,,');
    expect(lines).toContain('by-day-of-week,7,Sunday,1,0,,');
    expect(lines).toContain('by-behaviour,shouting,Shouting,2,0,,');
    expect(lines).toContain('by-antecedent,noise,Noise,1,2,,');
    expect(lines).toContain('by-practice-kind,seclusion,Seclusion,,1,15,1');
    expect(lines).toHaveLength(1 + 14 + 24 + 7 + 3 + 2 + 5);

    const one = await client.get(
      `/api/behaviour-analytics.csv?from=2024-03-25&to=2024-04-07&chart=by-day-of-week&tenantId=${sunrise}`,
    );
    expect(String(one.headers['content-disposition'])).toContain(
      'behaviour-analytics-by-day-of-week-2024-03-25-to-2024-04-07.csv',
    );
    const oneLines = String(one.body).trim().split('\r\n');
    expect(oneLines).toHaveLength(1 + 7);
    expect(oneLines.slice(1).every((line) => line.startsWith('by-day-of-week,'))).toBe(true);
    expect(
      (await client.get(`/api/behaviour-analytics.csv?from=2024-03-25&to=2024-04-07&chart=pie`)).status,
    ).toBe(400);
  });
});

describe('who reads behaviour analytics', () => {
  it('auditors count every team', async () => {
    const data = (await (await as('aria.auditor@sunrise.example')).get(period)).body.data;
    expect(data.totals).toMatchObject({ incidents: 4, practiceUses: 2 });
  });

  it('a team’s support worker counts only their teams', async () => {
    const client = await as('gus.guest@sunrise.example');
    const data = (await client.get(period)).body.data;
    expect(data.totals).toMatchObject({ incidents: 1, practiceUses: 0 });
    const jordans = (await client.get(`${period}&teamId=${jordanTeam}`)).body.data;
    expect(jordans.totals).toMatchObject({ incidents: 0, practiceUses: 0 });
  });

  it('family guardians count nothing, as the incidents register shows them nothing', async () => {
    const client = await as('fiona.family@sunrise.example');
    const res = await client.get(`${period}&teamId=${jordanTeam}`);
    expect(res.status).toBe(200);
    expect(res.body.data.totals).toMatchObject({ incidents: 0, practiceUses: 0 });
    expect(res.body.data.overTime.every((r: Row) => r.incidents === 0 && r.practiceUses === 0)).toBe(true);
    const csv = await client.get(
      `/api/behaviour-analytics.csv?from=2024-03-25&to=2024-04-07&tenantId=${sunrise}`,
    );
    const counts = String(csv.body)
      .trim()
      .split('\r\n')
      .slice(1)
      .flatMap((line) => line.split(',').slice(3))
      .filter((cell) => cell !== '');
    expect(counts.every((cell) => cell === '0')).toBe(true);
  });

  it('another tenant’s member counts nothing of Sunrise', async () => {
    const ben = await t.as('ben.owner@bluegum.example');
    const bluegum = await t.tenantId('Bluegum Disability Services');
    const res = await ben.inTenant(bluegum).get(`${period}&teamId=${jordanTeam}`);
    expect(res.status).toBe(200);
    expect(res.body.data.totals.incidents).toBe(0);
    expect((await ben.inTenant(sunrise).get(period)).status).toBe(404);
  });
});
