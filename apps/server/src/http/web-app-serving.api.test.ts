import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

// A built web app in miniature, with the .br and .gz copies scripts/precompress-web.mjs writes.
const dist = mkdtempSync(path.join(os.tmpdir(), 'wattle-web-dist-'));
const indexHtml = '<!doctype html><html lang="en-AU"><body><div id="root"></div></body></html>';
const appJs = `console.log(${JSON.stringify('x'.repeat(2000))});`;
function writeWithCopies(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeWithCopies(path.join(dist, 'index.html'), indexHtml);
  writeWithCopies(path.join(dist, 'assets', 'index-abc123.js'), appJs);
  t = await startTestApp({ seed: false, env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('sends hashed assets compressed when the browser accepts it, cached for a year', async () => {
    const res = await t.anonymous().get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await t.anonymous().get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await t.anonymous().get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appJs);
  });

  it('always revalidates the page itself, compressed or not', async () => {
    const root = await t.anonymous().request({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(root.status).toBe(200);
    expect(root.headers['cache-control']).toBe('no-cache');
  });

  it('answers client-side routes with the page and unknown API paths with a JSON 404', async () => {
    const page = await t.anonymous().get('/inbox', { 'accept-encoding': 'identity' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(String(page.body)).toContain('<div id="root">');

    const compressed = await t.anonymous().get('/inbox', { 'accept-encoding': 'br' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    // The page differs by what the browser accepts and by whether it has a session (its Link header).
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.headers.vary).toMatch(/cookie/i);

    const api = await t.anonymous().get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });

    const staleAsset = await t.anonymous().get('/assets/gone-123.js');
    expect(staleAsset.status).toBe(404);
  });
});

describe("the page's preload of the guards' reads", () => {
  const withSession = { wattle_session: 'a-session-token' };
  const preload =
    '</api/me>; rel=preload; as=fetch; crossorigin, </api/tenants>; rel=preload; as=fetch; crossorigin';

  it('has someone with a session fetch /api/me and /api/tenants beside the code, on every page behind sign-in', async () => {
    for (const url of [
      '/inbox',
      '/card/0195e3a0-0000-7000-8000-000000000000',
      '/',
      '/my-teams/harpers-care-team/work-board',
    ]) {
      const page = await t.anonymous().request({ method: 'GET', url, cookies: withSession });
      expect(page.status, url).toBe(200);
      expect(page.headers.link, url).toBe(preload);
      expect(page.headers.vary, url).toMatch(/cookie/i);
      expect(String(page.body), url).toContain('<div id="root">');
    }
  });

  it('sends nothing to preload to someone signed out, nor on the pages without those guards', async () => {
    expect((await t.anonymous().get('/inbox')).headers.link).toBeUndefined();
    for (const url of ['/login', '/login?redirect=%2Finbox', '/invite/an-invite-token']) {
      const page = await t.anonymous().request({ method: 'GET', url, cookies: withSession });
      expect(page.status, url).toBe(200);
      expect(page.headers.link, url).toBeUndefined();
    }
  });

  it('never on API answers or files', async () => {
    const api = await t
      .anonymous()
      .request({ method: 'GET', url: '/api/nothing-here', cookies: withSession });
    expect(api.headers.link).toBeUndefined();
    const asset = await t
      .anonymous()
      .request({ method: 'GET', url: '/assets/index-abc123.js', cookies: withSession });
    expect(asset.headers.link).toBeUndefined();
  });
});
