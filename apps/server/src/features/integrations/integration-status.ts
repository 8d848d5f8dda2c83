import { constants } from 'node:fs';
import { access, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { IntegrationStatus } from '@wattle/domain/integrations/schemas';
import type { Config } from '../../config';
import { parseClamdUrl } from '../files/clamd-client';

/** Host and port of a URL, never its user name or password. */
function hostAndPort(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: parsed.port ? Number(parsed.port) : defaultPort };
}

/** The directory itself, or the nearest folder above it that exists (it is made on the first upload). */
async function nearestExisting(directory: string): Promise<string> {
  let current = path.resolve(directory);
  for (;;) {
    const isDirectory = await stat(current).then(
      (stats) => stats.isDirectory(),
      () => false,
    );
    const parent = path.dirname(current);
    if (isDirectory || parent === current) return current;
    current = parent;
  }
}

/**
 * The free bytes of the disk holding `directory`, and whether the server may write there: in the
 * directory, or where it will make it on the first upload when it does not exist yet.
 */
export async function directoryState(
  directory: string,
): Promise<{ isWritable: boolean; freeBytes: number | null }> {
  const existing = await nearestExisting(directory);
  const isWritable = await access(existing, constants.W_OK).then(
    () => true,
    () => false,
  );
  const freeBytes = await statfs(existing).then(
    (stats) => stats.bavail * stats.bsize,
    () => null,
  );
  return { isWritable, freeBytes };
}

/**
 * How this installation is connected, from the server's configuration: public values only. Secrets
 * (the OIDC client secret, the SMTP password, S3 keys) are reported as set or not, never shown.
 */
export async function readIntegrationStatus(config: Config): Promise<IntegrationStatus> {
  const smtpUrl = config.mail.smtpUrl;
  const smtp = smtpUrl ? hostAndPort(smtpUrl, smtpUrl.startsWith('smtps:') ? 465 : 587) : null;
  const storage = config.storage;
  const directory = storage.kind === 'directory' ? await directoryState(storage.directory) : null;
  const clamd = config.clamavUrl ? parseClamdUrl(config.clamavUrl) : null;
  return {
    signIn: {
      mode: config.authMode,
      issuer: config.oidc?.issuer ?? null,
      clientId: config.oidc?.clientId ?? null,
      hasClientSecret: Boolean(config.oidc?.clientSecret),
      publicUrl: config.publicUrl ?? null,
    },
    smtp: {
      isConfigured: Boolean(smtpUrl),
      host: smtp?.host ?? null,
      port: smtp?.port ?? null,
      isTls: smtpUrl?.startsWith('smtps:') ?? false,
      hasCredentials: smtpUrl ? Boolean(new URL(smtpUrl).username) : false,
      from: config.mail.from,
    },
    storage: {
      kind: storage.kind,
      location:
        storage.kind === 'directory'
          ? path.resolve(storage.directory)
          : `s3://${storage.bucket}${storage.endpoint ? ` at ${storage.endpoint}` : ` (${storage.region})`}`,
      isWritable: directory?.isWritable ?? null,
      freeBytes: directory?.freeBytes ?? null,
    },
    clamd: { isConfigured: Boolean(clamd), host: clamd?.host ?? null, port: clamd?.port ?? null },
  };
}
