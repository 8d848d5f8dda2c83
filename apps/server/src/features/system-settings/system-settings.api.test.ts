import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { cardFiles } from '../../db/schema/comments';
import { startJobRunner } from '../../jobs/job-runner';

/**
 * GET /api/system/tenants and GET /api/system/health (issue 17 item 3): system and global admins
 * only; every organisation's usage as counts that match the database; the platform's health.
 */
let t: TestApp;
let sunrise: string;

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/system/tenants', () => {
  it('lists every organisation with plan, trial and usage counts for system admins', async () => {
    const response = await (await t.as('sam.system@wattle.example')).get('/api/system/tenants');
    expect(response.status).toBe(200);
    const names = response.body.data.map((row: { name: string }) => row.name);
    expect(names).toEqual(
      expect.arrayContaining(['Sunrise Support Network', 'Bluegum Disability Services', 'Wattle Platform']),
    );
    expect(response.body.meta.total).toBe(names.length);
    const row = response.body.data.find((r: { id: string }) => r.id === sunrise);
    // What the owner sees of their own organisation, counted again here.
    const teams = await (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise).get('/api/teams');
    expect(row.teams).toBe(
      teams.body.data.filter((team: { status: string }) => team.status === 'active').length,
    );
    const files = await t.readInTenant(sunrise, (tx) =>
      tx.select({ size: cardFiles.size, deletedAt: cardFiles.deletedAt }).from(cardFiles),
    );
    const fileBytes = files.filter((f) => !f.deletedAt).reduce((sum, f) => sum + Number(f.size), 0);
    expect(row.storageBytes).toBeGreaterThanOrEqual(fileBytes);
    expect(row.users).toBe(9);
    expect(row.cards).toBeGreaterThan(0);
    expect(['trial', 'starter', 'professional', 'enterprise']).toContain(row.plan);
    if (row.status === 'trialing') expect(row.trialEndsAt).not.toBeNull();
    else expect(row.trialEndsAt).toBeNull();
    // Counts only: nothing of the organisation's records.
    expect(Object.keys(row).sort()).toEqual(
      [
        'cards',
        'createdAt',
        'id',
        'isInternal',
        'limits',
        'name',
        'plan',
        'slug',
        'status',
        'storageBytes',
        'teams',
        'trialEndsAt',
        'users',
      ].sort(),
    );
  });

  it('counts a card the owner adds', async () => {
    const sam = await t.as('sam.system@wattle.example');
    const before = (await sam.get('/api/system/tenants')).body.data.find(
      (r: { id: string }) => r.id === sunrise,
    );
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const teams = await olivia.get('/api/teams');
    const created = await olivia.post('/api/cards', { teamId: teams.body.data[0].id, title: 'Counted card' });
    expect(created.status).toBe(201);
    const after = (await sam.get('/api/system/tenants')).body.data.find(
      (r: { id: string }) => r.id === sunrise,
    );
    expect(after.cards).toBe(before.cards + 1);
  });

  it('is open to global admins and refused to everyone else', async () => {
    expect((await (await t.as('ava.global@wattle.example')).get('/api/system/tenants')).status).toBe(200);
    for (const email of [
      'olivia.owner@sunrise.example',
      'aria.auditor@sunrise.example',
      'nina.new@wattle.example',
    ]) {
      const response = await (await t.as(email)).get('/api/system/tenants');
      expect(response.status, email).toBe(403);
      expect(response.body.error.message).toBe('Only system admins can open System Settings');
    }
    expect((await t.anonymous().get('/api/system/tenants')).status).toBe(401);
  });
});

describe('GET /api/system/health', () => {
  it('reports the database, its migrations, this server and its job runners', async () => {
    const runner = startJobRunner({
      name: 'Health test job',
      intervalMinutes: 60,
      run: async () => undefined,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const response = await (await t.as('sam.system@wattle.example')).get('/api/system/health');
      expect(response.status).toBe(200);
      const health = response.body.data;
      expect(health.database.reachable).toBe(true);
      expect(health.database.kind).toBe(t.database.kind);
      expect(health.database.migrationsKnown).toBeGreaterThan(30);
      expect(health.database.migrationsApplied).toBe(health.database.migrationsKnown);
      expect(health.database.lastMigration).toMatch(/^\d{4}_/);
      expect(health.server.uptimeSeconds).toBeGreaterThanOrEqual(0);
      expect(health.server.rssBytes).toBeGreaterThan(1_000_000);
      expect(health.server.nodeVersion).toBe(process.version);
      const job = health.jobs.find((j: { name: string }) => j.name === 'Health test job');
      expect(job).toMatchObject({ state: 'idle', intervalMinutes: 60, lastError: null });
      expect(job.lastFinishedAt).not.toBeNull();
    } finally {
      await runner.stop();
    }
    const after = await (await t.as('sam.system@wattle.example')).get('/api/system/health');
    expect(after.body.data.jobs.some((j: { name: string }) => j.name === 'Health test job')).toBe(false);
  });

  it('is refused to organisation admins', async () => {
    expect((await (await t.as('olivia.owner@sunrise.example')).get('/api/system/health')).status).toBe(403);
  });
});
