import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';
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

interface ApiFixtures {
  /** Signs the page's browser context in as a demo user through the API (fast; no UI). */
  signIn: (email: string) => Promise<Me>;
  /** Reads the API as the signed-in user of the page's context, unwrapping `{ success, data }`. */
  apiGet: <T>(path: string, tenantId?: string) => Promise<T>;
}

export const test = base.extend<ApiFixtures>({
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

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core (WCAG 2.1 A and AA rules) on the page and fails with the violations it finds. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  // Evaluated through the DevTools protocol, which the app's Content-Security-Policy does not restrict
  // (a <script> tag would be refused, as it should be).
  await page.evaluate(`${axeSource}\n;undefined`);
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
