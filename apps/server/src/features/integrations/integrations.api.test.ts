import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningClamd, skipClamdTests, startClamd } from '../../../test/clamd-server';
import { startTestApp, type TestApp } from '../../../test/harness';
import { startTestSmtpServer, type TestSmtpServer } from '../../mail/test-smtp-server';

/**
 * GET /api/settings/integrations and POST /api/settings/integrations/:kind/test (issue 17 item 3):
 * tenant admins see how the installation is connected, never a secret, and each "Test connection"
 * really connects: a real SMTP server, a real clamd, the real files directory.
 */
let t: TestApp;
let sunrise: string;
let smtp: TestSmtpServer;
let clamd: RunningClamd | null = null;
let filesDir: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  if (!skipClamdTests) clamd = await startClamd();
  filesDir = await mkdtemp(path.join(tmpdir(), 'wattle-integrations-'));
  t = await startTestApp({
    env: {
      SMTP_URL: smtp.url,
      FILES_DIR: filesDir,
      ...(clamd ? { CLAMAV_URL: clamd.url } : {}),
    },
  });
  sunrise = await t.tenantId('Sunrise Support Network');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await clamd?.stop();
  await rm(filesDir, { recursive: true, force: true });
});

const olivia = async () => (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);

describe('GET /api/settings/integrations', () => {
  it('shows sign-in, SMTP, storage and clamd without any secret', async () => {
    const response = await (await olivia()).get('/api/settings/integrations');
    expect(response.status).toBe(200);
    const { signIn, smtp: mail, storage, clamd: scan } = response.body.data;
    expect(signIn).toMatchObject({ mode: 'demo', issuer: null, hasClientSecret: false });
    const smtpUrl = new URL(smtp.url);
    expect(mail).toMatchObject({
      isConfigured: true,
      host: smtpUrl.hostname,
      port: Number(smtpUrl.port),
      isTls: false,
      hasCredentials: true,
    });
    expect(storage).toMatchObject({ kind: 'directory', location: filesDir, isWritable: true });
    expect(storage.freeBytes).toBeGreaterThan(0);
    if (clamd) expect(scan).toMatchObject({ isConfigured: true, host: '127.0.0.1' });
    expect(JSON.stringify(response.body)).not.toContain('smtp-test-password');
  });

  it('is for tenant admins and up; team leads, support workers and auditors are refused', async () => {
    for (const email of [
      'lee.lead@sunrise.example',
      'sophie.support@sunrise.example',
      'aria.auditor@sunrise.example',
    ]) {
      const response = await (await t.as(email)).inTenant(sunrise).get('/api/settings/integrations');
      expect(response.status, email).toBe(403);
    }
    expect(
      (await (await t.as('adam.admin@sunrise.example')).inTenant(sunrise).get('/api/settings/integrations'))
        .status,
    ).toBe(200);
  });
});

describe('POST /api/settings/integrations/:kind/test', () => {
  it('SMTP: connects, greets and signs in to the real server, sending nothing', async () => {
    const response = await (await olivia()).post('/api/settings/integrations/smtp/test');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ kind: 'smtp', isOk: true });
    expect(response.body.data.message).toContain('accepted the sign-in');
    expect(smtp.received).toHaveLength(0);
  });

  it('SMTP: says so when the server refuses the sign-in, without the password', async () => {
    const wrong = new URL(smtp.url);
    wrong.password = 'not-the-password';
    const other = await startTestApp({ seed: true, env: { SMTP_URL: wrong.toString() } });
    try {
      const tenant = await other.tenantId('Sunrise Support Network');
      const client = (await other.as('olivia.owner@sunrise.example')).inTenant(tenant);
      const response = await client.post('/api/settings/integrations/smtp/test');
      expect(response.body.data.isOk).toBe(false);
      expect(response.body.data.message).toMatch(/refused or did not answer/);
      expect(response.body.data.message).not.toContain('not-the-password');
    } finally {
      await other.close();
    }
  });

  it('storage: writes and removes a file in the files directory', async () => {
    const response = await (await olivia()).post('/api/settings/integrations/storage/test');
    expect(response.body.data).toMatchObject({ kind: 'storage', isOk: true });
    expect((await readdir(filesDir)).filter((name) => name.startsWith('.wattle-connection-test'))).toEqual(
      [],
    );
  });

  it('sign-in: demo sign-in needs no provider and says so', async () => {
    const response = await (await olivia()).post('/api/settings/integrations/sign-in/test');
    expect(response.body.data).toMatchObject({ kind: 'sign-in', isOk: true });
    expect(response.body.data.message).toContain('Demo sign-in is on');
  });

  it.skipIf(skipClamdTests)('clamd: PING answered by the real clamd', async () => {
    const response = await (await olivia()).post('/api/settings/integrations/clamd/test');
    expect(response.body.data).toMatchObject({ kind: 'clamd', isOk: true });
    expect(response.body.data.message).toMatch(/clamd answered PING: ClamAV/);
  });

  it('an unknown integration is a 400, and team leads are refused', async () => {
    expect((await (await olivia()).post('/api/settings/integrations/ftp/test')).status).toBe(400);
    const lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
    expect((await lee.post('/api/settings/integrations/smtp/test')).status).toBe(403);
  });
});

describe('without SMTP or clamd configured', () => {
  it('says what is not configured, and the tests say why they cannot connect', async () => {
    const bare = await startTestApp();
    try {
      const tenant = await bare.tenantId('Sunrise Support Network');
      const client = (await bare.as('olivia.owner@sunrise.example')).inTenant(tenant);
      const status = await client.get('/api/settings/integrations');
      expect(status.body.data.smtp).toMatchObject({ isConfigured: false, host: null });
      // The files directory is made on the first upload: until then, its parent is what is checked.
      expect(status.body.data.storage.isWritable).toBe(true);
      expect(status.body.data.storage.freeBytes).toBeGreaterThan(0);
      expect(status.body.data.clamd).toMatchObject({ isConfigured: false });
      const mail = await client.post('/api/settings/integrations/smtp/test');
      expect(mail.body.data).toMatchObject({ isOk: false });
      expect(mail.body.data.message).toContain('No SMTP server is configured');
      const scan = await client.post('/api/settings/integrations/clamd/test');
      expect(scan.body.data.message).toContain('No clamd is configured');
    } finally {
      await bare.close();
    }
  });
});
