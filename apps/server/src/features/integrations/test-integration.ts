import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { IntegrationKind, IntegrationTestResult } from '@wattle/domain/integrations/schemas';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { FileStorage } from '../../storage/file-storage';
import { newStorageKey } from '../../storage/file-storage';
import { pingClamd } from '../files/clamd-client';

/** How long one test may take before it is reported as not answering. */
const timeoutMs = 8000;

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}

/** An error's words without anything of the URL's credentials (nodemailer never puts them there). */
function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** OIDC: the provider's discovery document answers and names the configured issuer. */
async function testSignIn(config: Config): Promise<{ isOk: boolean; message: string }> {
  if (config.authMode === 'demo' || !config.oidc) {
    return {
      isOk: true,
      message:
        'Demo sign-in is on: anyone can sign in as a demo person, with no identity provider to reach. Set AUTH_MODE=oidc with OIDC_ISSUER and OIDC_CLIENT_ID for real accounts.',
    };
  }
  const issuer = config.oidc.issuer.replace(/\/$/, '');
  const url = `${issuer}/.well-known/openid-configuration`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return { isOk: false, message: `${url} answered ${response.status}` };
    const document = (await response.json()) as { issuer?: string };
    if (document.issuer?.replace(/\/$/, '') !== issuer) {
      return { isOk: false, message: `The provider names its issuer ${document.issuer}, not ${issuer}` };
    }
    return { isOk: true, message: `The identity provider at ${issuer} answered its discovery document` };
  } catch (error) {
    return { isOk: false, message: `Could not reach ${url}: ${reason(error)}` };
  }
}

/** SMTP: connect, EHLO and sign in (nodemailer's verify), sending nothing. */
async function testSmtp(config: Config): Promise<{ isOk: boolean; message: string }> {
  const smtpUrl = config.mail.smtpUrl;
  if (!smtpUrl)
    return { isOk: false, message: 'No SMTP server is configured (SMTP_URL): Wattle sends no e-mail' };
  const { hostname, port } = new URL(smtpUrl);
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as never);
  try {
    await transport.verify();
    return {
      isOk: true,
      message: `Connected to ${hostname}${port ? `:${port}` : ''}; it greeted Wattle and accepted the sign-in`,
    };
  } catch (error) {
    return {
      isOk: false,
      message: `The SMTP server ${hostname}${port ? `:${port}` : ''} refused or did not answer: ${reason(error)}`,
    };
  } finally {
    transport.close();
  }
}

/** File storage: a small file written, then removed, where attachments go. */
async function testStorage(
  config: Config,
  storage: FileStorage,
): Promise<{ isOk: boolean; message: string }> {
  if (config.storage.kind === 'directory') {
    const probe = path.join(config.storage.directory, `.wattle-connection-test-${randomUUID()}`);
    try {
      await mkdir(config.storage.directory, { recursive: true });
      await writeFile(probe, 'Wattle connection test\n');
      await rm(probe);
      return { isOk: true, message: `Wrote and removed a test file in ${config.storage.directory}` };
    } catch (error) {
      return { isOk: false, message: `Cannot write in ${config.storage.directory}: ${reason(error)}` };
    }
  }
  // A key of the internal pattern that belongs to no tenant (the nil id), removed at once.
  const key = newStorageKey('00000000-0000-0000-0000-000000000000');
  try {
    await storage.put(key, Buffer.from('Wattle connection test\n'), 'text/plain');
    await storage.delete(key);
    return { isOk: true, message: `Wrote and removed a test object in bucket ${config.storage.bucket}` };
  } catch (error) {
    return { isOk: false, message: `Cannot write to bucket ${config.storage.bucket}: ${reason(error)}` };
  }
}

/** clamd: PING, and the version it reports. */
async function testClamd(config: Config): Promise<{ isOk: boolean; message: string }> {
  if (!config.clamavUrl) {
    return { isOk: false, message: 'No clamd is configured (CLAMAV_URL): uploads are kept as "not scanned"' };
  }
  const ping = await pingClamd(config.clamavUrl, { timeoutMs });
  return ping.ok
    ? { isOk: true, message: `clamd answered PING: ${ping.version}` }
    : { isOk: false, message: ping.message };
}

/** Runs the "Test connection" of one integration for real, and says what happened. */
export async function testIntegration(
  kind: IntegrationKind,
  deps: { config: Config; storage: FileStorage },
): Promise<IntegrationTestResult> {
  const started = performance.now();
  const result =
    kind === 'sign-in'
      ? await testSignIn(deps.config)
      : kind === 'smtp'
        ? await testSmtp(deps.config)
        : kind === 'storage'
          ? await testStorage(deps.config, deps.storage)
          : await testClamd(deps.config);
  return { kind, ...result, latencyMs: elapsed(started) };
}
