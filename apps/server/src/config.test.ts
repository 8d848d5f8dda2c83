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
});
