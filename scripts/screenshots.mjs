#!/usr/bin/env node
// Takes the README's screenshots of the app shell, a work card and a team's board and calendar at desktop and mobile widths into docs/screenshots/.
//
//   npm run build && node scripts/screenshots.mjs
//
// Starts the built server in demo mode on a throw-away database (scripts/lib/demo-app.mjs), signs in
// as a demo user and photographs each page once it has settled.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, withDemoApp } from './lib/demo-app.mjs';

const outDir = path.join(repoRoot, 'docs/screenshots');
mkdirSync(outDir, { recursive: true });

const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
};

/** What to photograph: page, who looks at it, what must be on screen first. */
const shots = [
  { name: 'inbox', path: '/inbox', user: 'olivia.owner@sunrise.example', ready: 'Inbox' },
  { name: 'teams', path: '/teams', user: 'lee.lead@sunrise.example', ready: 'Teams' },
  {
    name: 'card',
    path: async (context) =>
      `/card/${await cardId(context, 'Comprehensive Behaviour Support Plan: Jordan Lee')}`,
    user: 'lee.lead@sunrise.example',
    ready: 'Comprehensive Behaviour Support Plan: Jordan Lee',
  },
  {
    name: 'board',
    path: async (context) => `/my-teams/${await teamSlug(context, "Jordan's Care Team")}/work-board`,
    user: 'lee.lead@sunrise.example',
    ready: "Jordan's Care Team",
  },
  {
    name: 'calendar',
    path: async (context) => `/my-teams/${await teamSlug(context, "Jordan's Care Team")}/calendar`,
    user: 'lee.lead@sunrise.example',
    ready: "Jordan's Care Team",
  },
  {
    name: 'appearance',
    path: '/settings/appearance',
    user: 'priya.practitioner@sunrise.example',
    ready: 'Appearance',
  },
];

/** Writes through the API as a signed-in user, the way the web app does (CSRF header, tenant header). */
async function apiPost(context, url, data, tenantName) {
  const cookies = await context.cookies();
  const csrf = cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value ?? '';
  const headers = { 'x-csrf-token': csrf };
  if (tenantName) {
    const tenants = await (await context.request.get('/api/tenants')).json();
    headers['x-tenant-id'] = tenants.data.find((tenant) => tenant.name === tenantName).id;
  }
  const response = await context.request.post(url, { data, headers });
  if (!response.ok()) throw new Error(`POST ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()).data;
}

/** The id of the Sunrise card with this title, read as the signed-in user of `context`. */
async function cardId(context, title) {
  const tenants = await (await context.request.get('/api/tenants')).json();
  const tenantId = tenants.data.find((tenant) => tenant.name === 'Sunrise Support Network').id;
  const cards = await (
    await context.request.get('/api/cards', { headers: { 'x-tenant-id': tenantId } })
  ).json();
  return cards.data.find((card) => card.title === title).id;
}

async function teamSlug(context, name) {
  const tenants = await (await context.request.get('/api/tenants')).json();
  const tenantId = tenants.data.find((tenant) => tenant.name === 'Sunrise Support Network').id;
  const teams = await (
    await context.request.get('/api/teams', { headers: { 'x-tenant-id': tenantId } })
  ).json();
  return teams.data.find((team) => team.name === name).slug;
}

await withDemoApp(async ({ newSignedInContext }) => {
  // Some real activity to show: a system admin asks Sunrise for access, and Olivia has pinned a page.
  const sam = await newSignedInContext('sam.system@wattle.example');
  const directory = await (await sam.request.get('/api/tenants/directory')).json();
  const sunrise = directory.data.find((tenant) => tenant.name === 'Sunrise Support Network');
  await apiPost(sam, '/api/access-requests', {
    tenantId: sunrise.id,
    reason: 'Investigating a report that invoices fail to export for the March billing period.',
    durationHours: 8,
  });
  await sam.close();
  const olivia = await newSignedInContext('olivia.owner@sunrise.example');
  await apiPost(olivia, '/api/favorites', { path: '/teams', label: 'Teams' }, 'Sunrise Support Network');
  await olivia.close();

  for (const shot of shots) {
    for (const [label, viewport] of Object.entries(viewports)) {
      const context = await newSignedInContext(shot.user, {
        viewport,
        locale: 'en-AU',
        timezoneId: 'Australia/Sydney',
        reducedMotion: 'reduce',
        ...(label === 'mobile' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
      });
      const page = await context.newPage();
      const target = typeof shot.path === 'function' ? await shot.path(context) : shot.path;
      await page.goto(target, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: shot.ready, level: 1 }).waitFor();
      const file = path.join(outDir, `${shot.name}-${label}.png`);
      await page.screenshot({ path: file });
      console.log(`wrote ${path.relative(repoRoot, file)}`);
      await context.close();
    }
  }
});
