import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('defaults to port 3000, ./data, demo sign-in', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(config.authMode).toBe('demo');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemoData).toBe(true);
  });

  it('runs the deadline jobs hourly unless told otherwise, and refuses an interval of nothing', () => {
    expect(loadConfig({}).jobsIntervalMinutes).toBe(60);
    expect(loadConfig({ JOBS_INTERVAL_MINUTES: '15' }).jobsIntervalMinutes).toBe(15);
    expect(() => loadConfig({ JOBS_INTERVAL_MINUTES: '0' })).toThrow(/JOBS_INTERVAL_MINUTES/);
  });

  it('refuses a bad port with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('refuses demo sign-in in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })).toThrow(
      /demo sign-in is refused/,
    );
  });

  it('requires the OIDC settings in oidc mode', () => {
    expect(() => loadConfig({ AUTH_MODE: 'oidc' })).toThrow(ConfigError);
    const config = loadConfig({
      AUTH_MODE: 'oidc',
      OIDC_ISSUER: 'https://login.example.com/tenant/v2.0',
      OIDC_CLIENT_ID: 'client',
      PUBLIC_URL: 'https://wattle.example.com',
    });
    expect(config.oidc?.clientId).toBe('client');
    expect(config.secureCookies).toBe(true);
  });

  it('scans uploads only when CLAMAV_URL names clamd over TCP', () => {
    expect(loadConfig({}).clamavUrl).toBeUndefined();
    expect(loadConfig({ CLAMAV_URL: 'tcp://127.0.0.1:3310' }).clamavUrl).toBe('tcp://127.0.0.1:3310');
    expect(() => loadConfig({ CLAMAV_URL: 'http://clamav:3310' })).toThrow(
      /CLAMAV_URL: CLAMAV_URL must be clamd's TCP address, such as tcp:\/\/127.0.0.1:3310/,
    );
  });

  it('refuses a DATABASE_URL that is not postgres', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/x' })).toThrow(/DATABASE_URL/);
  });

  it('requires HTTPS for the public URL in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        AUTH_MODE: 'oidc',
        SESSION_SECRET: 'x'.repeat(40),
        OIDC_ISSUER: 'https://id.example.com',
        OIDC_CLIENT_ID: 'c',
        PUBLIC_URL: 'http://wattle.example.com',
      }),
    ).toThrow(/API base URL must be HTTPS in production/);
  });

  describe('file storage', () => {
    it('keeps files in DATA_DIR/files by default, or in FILES_DIR', () => {
      expect(loadConfig({}).storage).toEqual({ kind: 'directory', directory: 'data/files' });
      expect(loadConfig({ DATA_DIR: '/var/lib/wattle' }).storage).toEqual({
        kind: 'directory',
        directory: '/var/lib/wattle/files',
      });
      expect(loadConfig({ FILES_DIR: '/srv/files' }).storage).toEqual({
        kind: 'directory',
        directory: '/srv/files',
      });
    });

    it('uses the bucket when S3_BUCKET is set, in ap-southeast-2 on AWS and auto elsewhere', () => {
      const keys = { S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret' };
      expect(loadConfig({ S3_BUCKET: 'wattle-files', ...keys }).storage).toEqual({
        kind: 's3',
        bucket: 'wattle-files',
        region: 'ap-southeast-2',
        endpoint: undefined,
        accessKeyId: 'AKIA1',
        secretAccessKey: 'secret',
        forcePathStyle: false,
      });
      const r2 = loadConfig({
        S3_BUCKET: 'wattle-files',
        S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
        S3_FORCE_PATH_STYLE: 'true',
        ...keys,
      }).storage;
      expect(r2).toMatchObject({ region: 'auto', forcePathStyle: true });
      expect(loadConfig({ S3_BUCKET: 'b', S3_REGION: 'us-east-1', ...keys }).storage).toMatchObject({
        region: 'us-east-1',
      });
    });

    it('refuses a bucket without its keys, naming each missing one', () => {
      expect(() => loadConfig({ S3_BUCKET: 'wattle-files' })).toThrow(
        /S3_ACCESS_KEY_ID is required when S3_BUCKET is set[\s\S]*S3_SECRET_ACCESS_KEY is required/,
      );
    });

    it('refuses S3 settings without a bucket, and a directory and a bucket together', () => {
      expect(() => loadConfig({ S3_ENDPOINT: 'https://minio.local:9000' })).toThrow(
        /S3_ENDPOINT is set but S3_BUCKET is not/,
      );
      expect(() =>
        loadConfig({
          S3_BUCKET: 'b',
          S3_ACCESS_KEY_ID: 'a',
          S3_SECRET_ACCESS_KEY: 's',
          FILES_DIR: '/srv/files',
        }),
      ).toThrow(/FILES_DIR and S3_BUCKET cannot both be set/);
      expect(() =>
        loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'nope' }),
      ).toThrow(/S3_ENDPOINT must be a URL/);
    });
  });
});
