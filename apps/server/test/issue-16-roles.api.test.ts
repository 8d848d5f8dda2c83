import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness';

/**
 * Issue 16 item 8, across every route of behaviour support, deadlines, incidents, restrictive
 * practices, audit packs, behaviour analytics and the dashboard: auditors read all of it and change
 * nothing (403 on each write, with a body the route would otherwise take, so the refusal is the
 * permission's and not the schema's); family guardians see only plans shared with family and nothing
 * of incidents. The routes are the app's own list, so a route added to these areas without a case
 * below fails the first test. Building an audit pack is the one write auditors make (decision 0026:
 * it gathers what they read and changes no record).
 */

let t: TestApp;
let sunrise: string;
let aria: TestClient;
let fiona: TestClient;

const ids = {
  jordanTeam: '',
  jordan: '',
  miaTeam: '',
  mia: '',
  miaPlan: '',
  miaEngagement: '',
  incident: '',
  action: '',
  authorisation: '',
  report: '',
  auditPack: '',
  privatePlan: '',
  sharedPlan: '',
};

const issue16 =
  /^\/api\/(behaviour-support|behaviour-analytics|deadlines|incidents|restrictive-practice|audit-packs|dashboard)/;

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
const month = today.slice(0, 7);
const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;

/** How each read is asked (its ids and any query it requires). */
const reads: Record<string, () => string> = {
  'GET /api/behaviour-support-engagements': () => '/api/behaviour-support-engagements',
  'GET /api/behaviour-support-plans': () => '/api/behaviour-support-plans',
  'GET /api/behaviour-support-plans/:id': () => `/api/behaviour-support-plans/${ids.miaPlan}`,
  'GET /api/behaviour-support-plans/:id/versions': () =>
    `/api/behaviour-support-plans/${ids.miaPlan}/versions`,
  'GET /api/behaviour-support-plans/:id/versions/:number': () =>
    `/api/behaviour-support-plans/${ids.miaPlan}/versions/1`,
  'GET /api/behaviour-support-plans/:id/diff': () =>
    `/api/behaviour-support-plans/${ids.miaPlan}/diff?from=1&to=1`,
  'GET /api/behaviour-analytics': () => `/api/behaviour-analytics?from=${yearAgo}&to=${today}`,
  'GET /api/behaviour-analytics.csv': () => `/api/behaviour-analytics.csv?from=${yearAgo}&to=${today}`,
  'GET /api/deadlines': () => '/api/deadlines',
  'GET /api/dashboard': () => '/api/dashboard',
  'GET /api/incidents': () => '/api/incidents',
  'GET /api/incidents.csv': () => '/api/incidents.csv',
  'GET /api/incidents/:id': () => `/api/incidents/${ids.incident}`,
  'GET /api/restrictive-practices': () => `/api/restrictive-practices?participantId=${ids.mia}`,
  'GET /api/restrictive-practices/uses': () => `/api/restrictive-practices/uses?participantId=${ids.mia}`,
  'GET /api/restrictive-practice-reports': () => `/api/restrictive-practice-reports?participantId=${ids.mia}`,
  'GET /api/restrictive-practice-reports/:id': () => `/api/restrictive-practice-reports/${ids.report}`,
  'GET /api/restrictive-practice-reports/:id.csv': () =>
    `/api/restrictive-practice-reports/${ids.report}.csv`,
  'GET /api/restrictive-practice-reports/:id.pdf': () =>
    `/api/restrictive-practice-reports/${ids.report}.pdf`,
  'GET /api/audit-packs': () => '/api/audit-packs',
  'GET /api/audit-packs/:id': () => `/api/audit-packs/${ids.auditPack}`,
  'GET /api/audit-packs/:id/download': () => `/api/audit-packs/${ids.auditPack}/download`,
};

/** Each write with a body it would take from someone allowed. */
const writes: Record<string, () => { url: string; payload?: unknown }> = {
  'POST /api/behaviour-support-engagements': () => ({
    url: '/api/behaviour-support-engagements',
    payload: { participantId: ids.jordan, engagedOn: today },
  }),
  'PATCH /api/behaviour-support-engagements/:id': () => ({
    url: `/api/behaviour-support-engagements/${ids.miaEngagement}`,
    payload: { version: 1, endedOn: today },
  }),
  'POST /api/behaviour-support-plans': () => ({
    url: '/api/behaviour-support-plans',
    payload: { teamId: ids.jordanTeam, kind: 'interim' },
  }),
  'POST /api/behaviour-support-plans/:id/submit': () => ({
    url: `/api/behaviour-support-plans/${ids.miaPlan}/submit`,
    payload: {},
  }),
  'POST /api/behaviour-support-plans/:id/approve': () => ({
    url: `/api/behaviour-support-plans/${ids.miaPlan}/approve`,
    payload: {},
  }),
  'POST /api/behaviour-support-plans/:id/reject': () => ({
    url: `/api/behaviour-support-plans/${ids.miaPlan}/reject`,
    payload: { reason: 'Needs the evening routine' },
  }),
  'POST /api/behaviour-support-plans/:id/versions': () => ({
    url: `/api/behaviour-support-plans/${ids.miaPlan}/versions`,
    payload: { changeSummary: 'Evening routine' },
  }),
  'POST /api/behaviour-support-plans/:id/share': () => ({
    url: `/api/behaviour-support-plans/${ids.miaPlan}/share`,
    payload: { sharedWithFamily: false },
  }),
  'POST /api/behaviour-support-plans/:id/needs-changed': () => ({
    url: `/api/behaviour-support-plans/${ids.miaPlan}/needs-changed`,
    payload: { needsChangedOn: today },
  }),
  'PATCH /api/incidents/:id': () => ({
    url: `/api/incidents/${ids.incident}`,
    payload: { version: 1, severity: 'critical' },
  }),
  'POST /api/incidents/:id/actions': () => ({
    url: `/api/incidents/${ids.incident}/actions`,
    payload: { description: 'Call the family' },
  }),
  'PATCH /api/incidents/:id/actions/:actionId': () => ({
    url: `/api/incidents/${ids.incident}/actions/${ids.action}`,
    payload: { isDone: true },
  }),
  'DELETE /api/incidents/:id/actions/:actionId': () => ({
    url: `/api/incidents/${ids.incident}/actions/${ids.action}`,
  }),
  'POST /api/incidents/:id/debrief': () => ({ url: `/api/incidents/${ids.incident}/debrief`, payload: {} }),
  'POST /api/restrictive-practices': () => ({
    url: '/api/restrictive-practices',
    payload: {
      participantId: ids.mia,
      practiceType: 'physical',
      description: 'Hand hold when crossing roads',
    },
  }),
  'PATCH /api/restrictive-practices/:id': () => ({
    url: `/api/restrictive-practices/${ids.authorisation}`,
    payload: { version: 1, description: 'Changed by an auditor' },
  }),
  'DELETE /api/restrictive-practices/:id': () => ({ url: `/api/restrictive-practices/${ids.authorisation}` }),
  'POST /api/restrictive-practices/uses': () => ({
    url: '/api/restrictive-practices/uses',
    payload: {
      participantId: ids.mia,
      practiceType: 'mechanical',
      startedAt: new Date().toISOString(),
      durationMinutes: 5,
      reason: 'Biting her hand during personal care',
    },
  }),
  'POST /api/restrictive-practice-reports': () => ({
    url: '/api/restrictive-practice-reports',
    payload: { participantId: ids.mia, month },
  }),
  'POST /api/restrictive-practice-reports/:id/review': () => ({
    url: `/api/restrictive-practice-reports/${ids.report}/review`,
    payload: {},
  }),
  'POST /api/restrictive-practice-reports/:id/submit': () => ({
    url: `/api/restrictive-practice-reports/${ids.report}/submit`,
    payload: { commissionReference: 'NQSC-AUDITOR' },
  }),
};

/**
 * Reads that belong to a write: what a plan made now would be prefilled with is asked only by those
 * who may make one (write:plans), so an auditor is refused it like the write itself.
 */
const readsForWriting: Record<string, () => string> = {
  'GET /api/behaviour-support-plans/prefill': () =>
    `/api/behaviour-support-plans/prefill?teamId=${ids.jordanTeam}&kind=interim`,
};

/** Writes auditors may make, and what they answer. */
const auditorWrites: Record<string, { status: number; call: () => { url: string; payload: unknown } }> = {
  'POST /api/audit-packs': {
    status: 202,
    call: () => ({
      url: '/api/audit-packs',
      payload: { scope: 'team', scopeId: ids.miaTeam, periodFrom: today, periodTo: today },
    }),
  },
};

async function send(client: TestClient, method: string, call: { url: string; payload?: unknown }) {
  return client.request({ method: method as 'POST', url: call.url, payload: call.payload as object });
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  const as = async (email: string) => (await t.as(email)).inTenant(sunrise);
  aria = await as('aria.auditor@sunrise.example');
  fiona = await as('fiona.family@sunrise.example');
  const olivia = await as('olivia.owner@sunrise.example');
  const priya = await as('priya.practitioner@sunrise.example');

  const teams = (await olivia.get('/api/teams')).body.data as {
    id: string;
    name: string;
    participant: { id: string } | null;
  }[];
  const jordanTeam = teams.find((x) => x.name === "Jordan's Care Team")!;
  const miaTeam = teams.find((x) => x.name === "Mia's Care Team")!;
  Object.assign(ids, {
    jordanTeam: jordanTeam.id,
    jordan: jordanTeam.participant!.id,
    miaTeam: miaTeam.id,
    mia: miaTeam.participant!.id,
  });
  // The demo's: Mia's approved interim plan (shared with family), her engagement, her register and
  // reports (demo-restrictive-practices.ts).
  ids.miaPlan = (await olivia.get(`/api/behaviour-support-plans?teamId=${ids.miaTeam}`)).body.data[0].id;
  ids.miaEngagement = (
    await olivia.get(`/api/behaviour-support-engagements?participantId=${ids.mia}`)
  ).body.data[0].id;
  ids.authorisation = (
    await olivia.get(`/api/restrictive-practices?participantId=${ids.mia}`)
  ).body.data[0].id;
  ids.report = (
    await olivia.get(`/api/restrictive-practice-reports?participantId=${ids.mia}`)
  ).body.data[0].id;
  // A plan of Jordan's not shared with family.
  const privatePlan = await priya.post('/api/behaviour-support-plans', {
    teamId: ids.jordanTeam,
    kind: 'interim',
  });
  expect(privatePlan.status, JSON.stringify(privatePlan.body)).toBe(201);
  ids.privatePlan = privatePlan.body.data.id;
  // And one shared with family.
  const sharedPlan = await priya.post('/api/behaviour-support-plans', {
    teamId: ids.jordanTeam,
    kind: 'comprehensive',
  });
  expect(sharedPlan.status, JSON.stringify(sharedPlan.body)).toBe(201);
  ids.sharedPlan = sharedPlan.body.data.id;
  const shared = await priya.post(`/api/behaviour-support-plans/${ids.sharedPlan}/share`, {
    sharedWithFamily: true,
  });
  expect(shared.status, JSON.stringify(shared.body)).toBe(200);
  // An incident of Jordan's team with a follow-up action.
  const card = await olivia.post('/api/cards', {
    teamId: ids.jordanTeam,
    title: 'Incident: Jordan slipped in the bathroom',
    templateId: 'incident-report',
  });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  const incidents = (await olivia.get('/api/incidents?limit=200')).body.data as {
    id: string;
    cardId: string;
  }[];
  ids.incident = incidents.find((i) => i.cardId === card.body.data.id)!.id;
  const action = await olivia.post(`/api/incidents/${ids.incident}/actions`, {
    description: 'Dry the floor',
  });
  expect(action.status, JSON.stringify(action.body)).toBe(201);
  ids.action = action.body.data.id;
  const pack = await olivia.post('/api/audit-packs', {
    scope: 'organisation',
    periodFrom: today,
    periodTo: today,
  });
  expect(pack.status, JSON.stringify(pack.body)).toBe(202);
  ids.auditPack = pack.body.data.id;
  for (let i = 0; i < 600; i++) {
    const status = (await olivia.get(`/api/audit-packs/${ids.auditPack}`)).body.data.status;
    if (status === 'ready') break;
    if (status === 'failed') throw new Error('the audit pack failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('issue 16 routes: auditors read everything and change nothing', () => {
  const routes = () => t.app.apiRoutes.filter((r) => issue16.test(r.url)).map((r) => `${r.method} ${r.url}`);

  it('has a case for every route of these areas', () => {
    const missing = routes().filter(
      (r) => !reads[r] && !readsForWriting[r] && !writes[r] && !auditorWrites[r],
    );
    expect(missing).toEqual([]);
  });

  it('answers every read to an auditor', async () => {
    const refused: string[] = [];
    for (const route of routes().filter((r) => reads[r])) {
      const res = await aria.get(reads[route]!());
      if (res.status !== 200)
        refused.push(`${route}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(refused).toEqual([]);
  });

  it('refuses every write to an auditor with 403, except building an audit pack', async () => {
    const answered: string[] = [];
    for (const route of routes().filter((r) => writes[r])) {
      const res = await send(aria, route.split(' ')[0]!, writes[route]!());
      if (res.status !== 403)
        answered.push(`${route}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(answered).toEqual([]);
    for (const [route, url] of Object.entries(readsForWriting)) {
      expect((await aria.get(url())).status, route).toBe(403);
    }
    for (const [route, { status, call }] of Object.entries(auditorWrites)) {
      expect((await send(aria, route.split(' ')[0]!, call())).status, route).toBe(status);
    }
  });

  it('left what the writes aimed at as it was', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const incident = (await olivia.get(`/api/incidents/${ids.incident}`)).body.data;
    expect(incident.severity).not.toBe('critical');
    expect(incident.actions).toHaveLength(1);
    expect(incident.actions[0].doneAt).toBeNull();
    const plan = (await olivia.get(`/api/behaviour-support-plans/${ids.miaPlan}`)).body.data;
    expect(plan).toMatchObject({ status: 'approved', sharedWithFamily: true, needsChangedOn: null });
    const register = (await olivia.get(`/api/restrictive-practices?participantId=${ids.mia}`)).body.data;
    expect(register.map((r: { description: string }) => r.description)).not.toContain(
      'Changed by an auditor',
    );
  });
});

describe('issue 16 routes: family guardians', () => {
  it('see only the plans shared with family', async () => {
    const listed = (await fiona.get('/api/behaviour-support-plans')).body.data as {
      id: string;
      sharedWithFamily: boolean;
    }[];
    expect(listed.map((p) => p.id)).toContain(ids.sharedPlan);
    expect(listed.every((p) => p.sharedWithFamily)).toBe(true);
    expect((await fiona.get(`/api/behaviour-support-plans/${ids.sharedPlan}`)).status).toBe(200);
    expect(listed.map((p) => p.id)).not.toContain(ids.privatePlan);
    expect((await fiona.get(`/api/behaviour-support-plans/${ids.privatePlan}`)).status).toBe(404);
    expect((await fiona.get(`/api/behaviour-support-plans/${ids.privatePlan}/versions`)).status).toBe(404);
  });

  it('see no incidents, incident deadlines or restrictive practices', async () => {
    const list = await fiona.get('/api/incidents');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    expect((await fiona.get(`/api/incidents/${ids.incident}`)).status).toBe(404);
    expect((await fiona.get('/api/incidents.csv')).body.trim().split('\r\n')).toHaveLength(1);
    const deadlines = (await fiona.get('/api/deadlines?limit=200')).body.data as { kind: string }[];
    expect(deadlines.filter((d) => d.kind.startsWith('incident-'))).toEqual([]);
    expect((await fiona.get(`/api/restrictive-practices?participantId=${ids.jordan}`)).status).toBe(403);
  });
});
