import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import type { Team } from '@wattle/domain/teams/schemas';
import type { TenantSummary } from '@wattle/domain/tenants/schemas';
import type { Me } from '@wattle/domain/users/schemas';
import type { AxeResults } from 'axe-core';

/** The people the server seeds in demo mode (apps/server seed), by what the tests use them for. */
export const demoUsers = {
  globalAdmin: 'ava.global@wattle.example',
  systemAdmin: 'sam.system@wattle.example',
  owner: 'olivia.owner@sunrise.example',
  admin: 'adam.admin@sunrise.example',
  teamLead: 'lee.lead@sunrise.example',
  /** Member of two tenants: Sunrise Support Network and Bluegum Disability Services. */
  practitioner: 'priya.practitioner@sunrise.example',
  supportWorker: 'sophie.support@sunrise.example',
  familyGuardian: 'fiona.family@sunrise.example',
  therapist: 'theo.therapist@sunrise.example',
  guest: 'gus.guest@sunrise.example',
  auditor: 'aria.auditor@sunrise.example',
  bluegumOwner: 'ben.owner@bluegum.example',
  /** No tenant and unverified: the onboarding journey. */
  newcomer: 'nina.new@wattle.example',
} as const;

export const sunriseTenantName = 'Sunrise Support Network';
export const bluegumTenantName = 'Bluegum Disability Services';

/**
 * The server paints a signed-in page before the app's code has run
 * (docs/decisions/0041-server-first-paint.md), inert until the app draws the page over it. A test acts as someone who waits for the page
 * to answer: each navigation of a test's pages waits for the app to have taken over. The first paint
 * itself is e2e/first-paint.spec.ts's.
 */
const waitingPages = new WeakSet<Page>();
const notWaitingPages = new WeakSet<Page>();

/** This page's navigations no longer wait for the app (to see the first paint itself). */
export function seeFirstPaints(page: Page): void {
  notWaitingPages.add(page);
}

function waitForTheApp(page: Page): void {
  if (waitingPages.has(page)) return;
  waitingPages.add(page);
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        if (!notWaitingPages.has(page)) await appHasTakenOver(page);
        return response;
      },
    });
  }
}

/**
 * This page's documents come without the answers the server drew their first paint from
 * (docs/decisions/0041-server-first-paint.md): the app reads the page itself and draws it anew over
 * the markup, as it does when a page has no first paint. For a test that makes the browser's own reads
 * fail: with the answers in the page, the browser would read nothing.
 */
export async function readsInTheBrowser(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /<script type="application\/json" id="first-paint-data">[\s\S]*?<\/script>/,
      '',
    );
    // The body as read is decoded: sent on without the server's encoding and length.
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([name]) => !/^content-(encoding|length)$/i.test(name)),
    );
    await route.fulfill({ status: response.status(), headers, body });
  });
}

/** Until the page's markup is in and the app has drawn over any first paint in it. */
export async function appHasTakenOver(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => document.readyState !== 'loading' && !document.querySelector('[data-first-paint]'),
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => {
      // A page closed or navigated away meanwhile: the test's own steps say what went wrong.
    });
}

function waitForTheAppInContext(context: BrowserContext): void {
  for (const page of context.pages()) waitForTheApp(page);
  context.on('page', waitForTheApp);
}

interface ApiFixtures {
  /** Signs the page's browser context in as a demo user through the API (fast; no UI). */
  signIn: (email: string) => Promise<Me>;
  /** Reads the API as the signed-in user of the page's context, unwrapping `{ success, data }`. */
  apiGet: <T>(path: string, tenantId?: string) => Promise<T>;
}

export const test = base.extend<ApiFixtures, { waitingBrowser: Browser }>({
  // Contexts the test makes itself (a second person) wait for the app too.
  waitingBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      Object.assign(browser, {
        newContext: async (...args: Parameters<Browser['newContext']>) => {
          const context = await newContext(...args);
          waitForTheAppInContext(context);
          return context;
        },
      });
      await use(browser);
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context }, use) => {
    waitForTheAppInContext(context);
    await use(context);
  },
  signIn: async ({ page }, use) => {
    await use(async (email) => {
      const response = await page.request.post('/api/auth/demo/login', { data: { email } });
      expect(response.ok(), `demo sign-in as ${email}: ${response.status()} ${await response.text()}`).toBe(
        true,
      );
      const body = (await response.json()) as { data: Me };
      return body.data;
    });
  },
  apiGet: async ({ page }, use) => {
    await use(async <T>(path: string, tenantId?: string) => {
      const response = await page.request.get(path, {
        headers: tenantId ? { 'X-Tenant-Id': tenantId } : {},
      });
      expect(response.ok(), `GET ${path}: ${response.status()} ${await response.text()}`).toBe(true);
      const body = (await response.json()) as { data: T };
      return body.data;
    });
  },
});

export { expect };

/** Signs in through the /login page by clicking the demo user's button, as a person would. */
export async function signInThroughLoginPage(page: Page, name: RegExp | string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: typeof name === 'string' ? `Sign in as ${name}` : name }).click();
}

export async function tenantsOf(apiGet: ApiFixtures['apiGet']): Promise<TenantSummary[]> {
  return apiGet<TenantSummary[]>('/api/tenants');
}

export async function teamsOf(apiGet: ApiFixtures['apiGet'], tenantId: string): Promise<Team[]> {
  return apiGet<Team[]>('/api/teams', tenantId);
}

export type ApiGet = ApiFixtures['apiGet'];

/** Sunrise, the tenant most tests work in, and its seeded teams by name. */
export async function sunriseOf(apiGet: ApiGet): Promise<{ tenantId: string; team: (name: string) => Team }> {
  const tenant = (await tenantsOf(apiGet)).find((candidate) => candidate.name === sunriseTenantName);
  if (!tenant) throw new Error('Sunrise is not seeded');
  const teams = await teamsOf(apiGet, tenant.id);
  const team = (name: string) => {
    const found = teams.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`${name} is not seeded`);
    return found;
  };
  return { tenantId: tenant.id, team };
}

/** Opens the app of a page or a whole browser context in a tenant, as the person's last choice of tenant would. */
export async function preferTenant(
  target: Page | BrowserContext,
  userId: string,
  tenantId: string,
): Promise<void> {
  await target.addInitScript(
    ([user, tenant]) => {
      window.localStorage.setItem('wattle.selectedTenant', JSON.stringify({ [user as string]: tenant }));
    },
    [userId, tenantId],
  );
}

/**
 * Opens the app in Sunrise for the person `request` is signed in as (priya also belongs to Bluegum),
 * as their last choice of tenant would.
 */
export async function preferSunrise(
  target: Page | BrowserContext,
  request: APIRequestContext,
): Promise<void> {
  const me = ((await (await request.get('/api/me')).json()) as { data: { id: string } }).data;
  await preferTenant(target, me.id, await sunriseIdOf(request));
}

/** Sunrise's id, read as the person `request` is signed in as. */
export async function sunriseIdOf(request: APIRequestContext): Promise<string> {
  const tenants = (
    (await (await request.get('/api/tenants')).json()) as { data: { id: string; name: string }[] }
  ).data;
  const sunrise = tenants.find((tenant) => tenant.name === sunriseTenantName);
  if (!sunrise) throw new Error('Sunrise is not seeded');
  return sunrise.id;
}

/** A second person in a browser of their own, signed in, in Sunrise, on `path`. Close its context after. */
export async function openAs(browser: Browser, email: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = await page.request.post('/api/auth/demo/login', { data: { email } });
  expect(login.ok(), `sign in as ${email}`).toBe(true);
  await preferSunrise(context, page.request);
  await page.goto(path);
  return { context, page };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core (WCAG 2.1 A and AA rules) on the page and fails with the violations it finds. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  // Evaluated through the DevTools protocol, which the app's Content-Security-Policy does not restrict
  // (a <script> tag would be refused, as it should be).
  await page.evaluate(`${axeSource}\n;undefined`);
  // Let finite transitions end first: a toast fading in or out is half transparent for a moment, and
  // axe would measure its contrast mid-fade (as it once did on CI). Spinners loop forever, so they are
  // left out, and a second at most is waited in any case.
  await page.evaluate(() =>
    Promise.race([
      Promise.allSettled(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished),
      ),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe;
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
  });
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .map((node) => `  - ${node.target.join(' ')}`)
        .join('\n')}`,
  );
  expect(violations, violations.join('\n')).toEqual([]);
}
