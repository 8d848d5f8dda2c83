import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../test/harness';

/**
 * The demo's restrictive practices (demo-restrictive-practices.ts) as Mia's care team reads them:
 * her register in her approved plan with authorisation references and expiries, the splints' uses of
 * the last eight weeks, and a report for each month, the past ones submitted with the Commission's
 * reference and this month's a draft that follows the log.
 */
let t: TestApp;
let priya: TestClient;
let mia: { id: string; planId: string };

beforeAll(async () => {
  t = await startTestApp();
  const sunrise = await t.tenantId('Sunrise Support Network');
  priya = (await t.as('priya.practitioner@sunrise.example')).inTenant(sunrise);
  const team = (await priya.get('/api/teams')).body.data.find(
    (x: { name: string }) => x.name === "Mia's Care Team",
  );
  const [plan] = (await priya.get(`/api/behaviour-support-plans?teamId=${team.id}`)).body.data;
  mia = { id: team.participant.id, planId: plan.id };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('demo restrictive practices', () => {
  it("lists Mia's authorised practices in her plan, with references and expiries", async () => {
    const res = await priya.get(`/api/restrictive-practices?participantId=${mia.id}`);
    expect(res.status).toBe(200);
    const register = res.body.data as {
      practiceType: string;
      planId: string | null;
      authorisationReference: string | null;
      expiresOn: string | null;
      status: string;
      useCount: number;
    }[];
    // By practice: environmental, then mechanical; both in force.
    expect(register.map((r) => [r.practiceType, r.authorisationReference, r.status])).toEqual([
      ['environmental', 'NSW-RPA-2026-0343', 'in-force'],
      ['mechanical', 'NSW-RPA-2026-0342', 'in-force'],
    ]);
    for (const entry of register) {
      expect(entry.planId).toBe(mia.planId);
      expect(entry.expiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(register.find((r) => r.practiceType === 'mechanical')!.useCount).toBe(5);
  });

  it('has the uses of recent months, each authorised', async () => {
    const res = await priya.get(`/api/restrictive-practices/uses?participantId=${mia.id}`);
    expect(res.status).toBe(200);
    const uses = res.body.data as {
      authorised: boolean;
      startedAt: string;
      usedBy: { name: string } | null;
    }[];
    expect(uses).toHaveLength(5);
    expect(uses.every((u) => u.authorised)).toBe(true);
    const oldest = Math.min(...uses.map((u) => Date.parse(u.startedAt)));
    expect(Date.now() - oldest).toBeLessThan(60 * 24 * 60 * 60 * 1000);
  });

  it("has a report for each month, the past ones submitted, this month's a draft", async () => {
    const res = await priya.get(`/api/restrictive-practice-reports?participantId=${mia.id}`);
    expect(res.status).toBe(200);
    const reports = res.body.data as { month: string; status: string; commissionReference: string | null }[];
    expect(reports.length).toBeGreaterThanOrEqual(2);
    const [latest, ...past] = reports;
    expect(latest!.status).toBe('draft');
    for (const report of past) {
      expect(report.status).toBe('submitted');
      expect(report.commissionReference).toMatch(/^NQSC-RP-\d{6}-0427$/);
    }
  });
});
