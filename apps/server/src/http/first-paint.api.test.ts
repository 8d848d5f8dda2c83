import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * The server's first paint of a page (first-paint.ts) against a web build in miniature: the page as
 * Vite writes it, and in place of the app's server bundle (apps/web/dist-server) one that draws what
 * its reads answered. The real bundle's drawing is the browser tests' (e2e/first-paint.spec.ts); here,
 * who the reads are made as, what the page carries and when it has no first paint.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'wattle-first-paint-'));
const dist = path.join(root, 'dist');
const indexHtml = `<!doctype html>
<html lang="en-AU">
  <head>
    <title>Wattle</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/startup-abc123.js">
    <link rel="stylesheet" crossorigin href="/assets/startup-abc123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
// Reads who is asking, their tenants and the participants of the tenant the browser works in, and
// draws each answer's status and names (and gives the same lines as the answers it drew from); '?throw' and '?slow' stand for a drawing that fails or hangs.
const entryServer = `
export async function preparePages() {}
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function renderFirstPaint({ url, tenantId, cookies, read }) {
  if (url.includes('?throw')) throw new Error('the drawing failed');
  if (url.includes('?slow')) await new Promise((resolve) => setTimeout(resolve, 5000));
  const me = await read('/api/me', { Accept: 'application/json' });
  const lines = ['url ' + url, 'tenant ' + tenantId, 'me ' + me.status + ' ' + (me.status === 200 ? JSON.parse(me.body).data.email : '')];
  if (tenantId) {
    const list = await read('/api/participants?limit=100', { Accept: 'application/json', 'X-Tenant-Id': tenantId });
    lines.push('participants ' + list.status + ' ' + (list.status === 200 ? JSON.parse(list.body).data.map((p) => p.name).join(', ') : ''));
  }
  lines.push('cookies ' + (cookies.includes('wattle_session=') ? 'with session' : 'none'));
  return {
    markup: '<pre>' + lines.map(escape).join('\\n') + '</pre>',
    htmlAttributes: { 'data-font-size': 'large' },
    data: JSON.stringify({ lines }),
  };
}
`;

let t: TestApp;
let sunrise: string;
let bluegum: string;
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), entryServer);
  t = await startTestApp({ env: { WEB_DIST_DIR: dist } });
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  // The first page asked for loads the bundle and is sent without a first paint (first-paint.ts).
  const first = await page('olivia.owner@sunrise.example', '/inbox', { wattle_tenant: sunrise });
  expect(firstPaint(first.html)).toBeNull();
  for (let tries = 0; tries < 50; tries += 1) {
    if (firstPaint((await page('olivia.owner@sunrise.example', '/inbox', { wattle_tenant: sunrise })).html))
      return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the server bundle never loaded');
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

async function page(email: string | null, url: string, cookies: Record<string, string> = {}) {
  const client = email ? await t.as(email) : t.anonymous();
  const res = await client.request({
    method: 'GET',
    url,
    cookies,
    headers: { 'accept-encoding': 'identity' },
  });
  return { status: res.status, headers: res.headers, html: String(res.body) };
}

/** The first paint's lines, or null when the page came without one. */
function firstPaint(html: string): string | null {
  const match = /<div data-first-paint inert><pre>([\s\S]*)<\/pre><\/div>/.exec(html);
  return match ? (match[1] ?? '') : null;
}

describe("a signed-in page's first paint", () => {
  it('is drawn from reads made as the person asking, in the tenant their browser works in', async () => {
    const { status, headers, html } = await page('olivia.owner@sunrise.example', '/participants', {
      wattle_tenant: sunrise,
    });
    expect(status).toBe(200);
    const drawn = firstPaint(html);
    expect(drawn).toContain('url /participants');
    expect(drawn).toContain(`tenant ${sunrise}`);
    expect(drawn).toContain('me 200 olivia.owner@sunrise.example');
    expect(drawn).toMatch(/participants 200 .*Jordan Lee/);
    expect(drawn).toContain('cookies with session');
    // The person's own data: never kept by a cache, and the page differs by who asks.
    expect(headers['cache-control']).toBe('no-store');
    expect(headers.vary).toMatch(/cookie/i);
    expect(headers['content-type']).toMatch(/^text\/html/);
  });

  it('carries the answers it was drawn from beside the markup, for the app to start with', async () => {
    const { html, headers } = await page('olivia.owner@sunrise.example', '/participants', {
      wattle_tenant: sunrise,
    });
    // Nothing preloaded for the app to read: the answers are in the page.
    expect(headers.link).toBeUndefined();
    const block = /<script type="application\/json" id="first-paint-data">([\s\S]*?)<\/script>/.exec(html);
    const data = JSON.parse(block?.[1] ?? 'null') as { lines: string[] } | null;
    expect(data?.lines).toContain('me 200 olivia.owner@sunrise.example');
    const drawn = firstPaint(html)?.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
    expect(data?.lines.join('\n')).toBe(drawn);
  });

  it("never reads a tenant the person is not a member of, whatever the browser's cookie says", async () => {
    const { html } = await page('olivia.owner@sunrise.example', '/participants', { wattle_tenant: bluegum });
    const drawn = firstPaint(html) ?? '';
    // Refused as the browser's own read would be: no such tenant, for someone outside it.
    expect(drawn).toContain('participants 404');
    expect(drawn).not.toContain('Harper');
  });

  it('starts the app after the paint, without the module preloads, and keeps the stylesheet', async () => {
    const { html } = await page('olivia.owner@sunrise.example', '/inbox', { wattle_tenant: sunrise });
    expect(html).toContain(
      '<script src="/boot-after-paint.js" data-entry="/assets/index-abc123.js" defer></script>',
    );
    expect(html).not.toContain('<script type="module"');
    // What the drawing said the app gives <html> as it starts.
    expect(html).toContain('<html lang="en-AU" data-font-size="large">');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/startup-abc123.css">');
  });

  it('passes no tenant when the cookie is missing or not a tenant id', async () => {
    for (const cookies of [{}, { wattle_tenant: 'not-a-tenant' }] as Record<string, string>[]) {
      const drawn = firstPaint((await page('olivia.owner@sunrise.example', '/inbox', cookies)).html);
      expect(drawn).toContain('tenant null');
      expect(drawn).not.toContain('participants');
    }
  });

  it('is not drawn for someone signed out, who gets the page as before', async () => {
    const { html, headers } = await page(null, '/inbox', { wattle_tenant: sunrise });
    expect(firstPaint(html)).toBeNull();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js">');
    expect(headers['cache-control']).toBe('no-cache');
  });

  it('is not drawn for pages that only send the person on, forms for something new, or the sign-in page', async () => {
    for (const url of ['/', '/login', '/participants/new', '/invoices/new', '/my-teams/north', '/handbook']) {
      const { status, html } = await page('olivia.owner@sunrise.example', url, { wattle_tenant: sunrise });
      expect(status, url).toBe(200);
      expect(firstPaint(html), url).toBeNull();
    }
  });

  it('leaves the page to the browser when the drawing fails or takes too long', async () => {
    for (const url of ['/inbox?throw', '/inbox?slow']) {
      const started = Date.now();
      const { status, html } = await page('olivia.owner@sunrise.example', url, { wattle_tenant: sunrise });
      expect(status, url).toBe(200);
      expect(firstPaint(html), url).toBeNull();
      expect(html, url).toContain('<div id="root"></div>');
      expect(Date.now() - started, url).toBeLessThan(2000);
    }
  });
});
