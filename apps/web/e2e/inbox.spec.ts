import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TenantAccessRequest } from '@wattle/domain/access-requests/schemas';
import type { Me } from '@wattle/domain/users/schemas';
import { demoUsers, expect, sunriseTenantName, tenantsOf, test } from './fixtures';

/** A second signed-in person beside the page's user, talking to the API only (with the CSRF header). */
async function apiSession(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/demo/login', { data: { email } });
  expect(login.ok(), `demo sign-in as ${email}: ${login.status()}`).toBe(true);
  const me = ((await login.json()) as { data: Me }).data;
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  expect(csrf, 'the CSRF cookie is set at sign-in').toBeTruthy();
  const headers = (tenantId?: string) => ({
    'X-CSRF-Token': decodeURIComponent(csrf!),
    ...(tenantId ? { 'X-Tenant-Id': tenantId } : {}),
  });
  return {
    me,
    async post<T>(path: string, data: unknown, tenantId?: string): Promise<T> {
      const response = await request.post(path, { data, headers: headers(tenantId) });
      expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
      return ((await response.json()) as { data: T }).data;
    },
    async get<T>(path: string, tenantId?: string): Promise<T> {
      const response = await request.get(path, { headers: headers(tenantId) });
      expect(response.ok(), `GET ${path}: ${response.status()} ${await response.text()}`).toBe(true);
      return ((await response.json()) as { data: T }).data;
    },
  };
}

type ApiSession = Awaited<ReturnType<typeof apiSession>>;

/** Decides sam's pending request to the tenant left by an earlier (failed or retried) run, if any. */
async function settleEarlierRequests(sam: ApiSession, decider: ApiSession, tenantId: string) {
  for (const earlier of await sam.get<TenantAccessRequest[]>('/api/access-requests/mine')) {
    if (earlier.tenantId !== tenantId || earlier.status !== 'pending') continue;
    await decider.post(
      `/api/access-requests/${earlier.requestId}/decision`,
      { decision: 'rejected', version: earlier.version },
      tenantId,
    );
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core (WCAG 2.1 A and AA) over what this feature draws: the inbox page and the toasts. The
 * whole page, shell included, is checked by the shell's own tests.
 */
async function expectAccessibleInbox(page: Page) {
  await page.evaluate(`${axeSource}\n;undefined`);
  const violations = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<Result> } })
      .axe;
    const results = await axe.run(
      { include: [['#main-content'], ['[data-sonner-toaster]']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    );
    return results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
  expect(violations, violations.join('\n')).toEqual([]);
}

/** The inbox has loaded (so what arrives from now on is new to it). */
async function openInbox(page: Page) {
  await page.goto('/inbox');
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading notifications...' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 2 })).toBeVisible();
}

test.describe('inbox and notifications', () => {
  test('a system admin’s access request arrives live; the owner approves one and rejects another', async ({
    page,
    signIn,
    apiGet,
    playwright,
    baseURL,
  }) => {
    await signIn(demoUsers.owner);
    const sunrise = (await tenantsOf(apiGet)).find((tenant) => tenant.name === sunriseTenantName)!;
    expect(sunrise).toBeDefined();

    const samRequest = await playwright.request.newContext({ baseURL });
    const sam = await apiSession(samRequest, demoUsers.systemAdmin);
    const olivia = await apiSession(await playwright.request.newContext({ baseURL }), demoUsers.owner);

    await settleEarlierRequests(sam, olivia, sunrise.id);

    // The live feed is open for the tenant (the polling fallback would only be a stand-in).
    const stream = page.waitForResponse(
      (response) =>
        response.url().includes(`/api/events?tenantId=${sunrise.id}`) && response.status() === 200,
    );
    await openInbox(page);
    await stream;

    for (const decision of ['Approve', 'Reject'] as const) {
      const reason = `Checking the invoice export for support ticket ${decision}-${Date.now()}`;
      await sam.post('/api/access-requests', { tenantId: sunrise.id, reason, durationHours: 4 });

      // Live: a toast with the spec's title and the message, in the destructive style (high priority).
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: reason });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText('System Admin Access Request');
      await expect(toast).toHaveAttribute('data-type', 'error');

      const item = page.getByTestId('notification').filter({ hasText: reason });
      await expect(item).toHaveCount(1);
      await expect(item).toHaveAttribute('data-unread', 'true');
      await expect(item.getByRole('heading', { name: 'System Admin Access Request' })).toBeVisible();
      await expect(item).toContainText(sam.me.name);
      await expect(item).toContainText(sam.me.email);
      await expect(item.getByTestId('access-request-status')).toHaveText('Pending');
      await expect(page.getByTestId('inbox-unread-badge')).toHaveText(/^[1-9]\d*\+?$/);
      const unreadBefore = Number(await page.getByTestId('inbox-unread-badge').textContent());
      if (decision === 'Approve') await expectAccessibleInbox(page);

      const verb = decision === 'Approve' ? 'approved' : 'rejected';
      await item
        .getByRole('button', { name: `${decision}, System Admin Access Request from ${sam.me.name}` })
        .click();

      await expect(item.getByTestId('access-request-status')).toHaveText(
        decision === 'Approve' ? 'Approved' : 'Rejected',
      );
      await expect(item).not.toHaveAttribute('data-unread', 'true');
      await expect(item.getByTestId('notification-message')).toHaveText(
        `You ${verb} ${sam.me.name}'s request to access ${sunriseTenantName}.`,
      );
      await expect(item.getByRole('button', { name: /^(Approve|Reject),/ })).toHaveCount(0);
      if (unreadBefore > 1)
        await expect(page.getByTestId('inbox-unread-badge')).toHaveText(String(unreadBefore - 1));
      else await expect(page.getByTestId('inbox-unread-badge')).toHaveCount(0);

      // The server holds the same.
      const request = (await sam.get<TenantAccessRequest[]>('/api/access-requests/mine')).find(
        (candidate) => candidate.reason === reason,
      );
      expect(request?.status).toBe(verb);
    }

    await samRequest.dispose();
  });

  test('mark read, mark all read and delete', async ({ page, signIn, apiGet, playwright, baseURL }) => {
    await signIn(demoUsers.admin);
    const sunrise = (await tenantsOf(apiGet)).find((tenant) => tenant.name === sunriseTenantName)!;
    await openInbox(page);

    // adam.admin decides Sunrise's access requests too, so sam's request reaches him.
    const sam = await apiSession(await playwright.request.newContext({ baseURL }), demoUsers.systemAdmin);
    const adam = await apiSession(await playwright.request.newContext({ baseURL }), demoUsers.admin);
    await settleEarlierRequests(sam, adam, sunrise.id);
    const reason = `Reviewing a data residency question ${Date.now()}`;
    await sam.post('/api/access-requests', { tenantId: sunrise.id, reason, durationHours: 2 });

    const item = page.getByTestId('notification').filter({ hasText: reason });
    await expect(item).toHaveAttribute('data-unread', 'true');
    await item.getByRole('button', { name: /^Mark read,/ }).click();
    await expect(item).not.toHaveAttribute('data-unread', 'true');
    await item.getByRole('button', { name: /^Mark unread,/ }).click();
    await expect(item).toHaveAttribute('data-unread', 'true');

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.locator('[data-testid="notification"][data-unread]')).toHaveCount(0);
    // A pending approval still waits on adam, so it still counts (spec shell section 4).
    await expect(page.getByTestId('unread-summary')).toHaveText('1 unread');

    // Deleted: gone from the list, and still gone after a reload.
    await item.getByRole('button', { name: /^Delete,/ }).click();
    await expect(item).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 2 })).toBeVisible();
    await expect(page.getByTestId('notification').filter({ hasText: reason })).toHaveCount(0);
  });
});
