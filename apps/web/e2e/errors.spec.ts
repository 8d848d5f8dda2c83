import type { Page, Request } from '@playwright/test';
import type { ClientErrorReport } from '@wattle/domain/client-errors/schemas';
import { demoUsers, expect, readsInTheBrowser, test } from './fixtures';

const errorIdPattern = /^ERR-[A-Z0-9]+-[A-Z0-9]{6}$/;

/**
 * Makes the shipped app fail while rendering above every route, where only the whole-app fallback
 * can catch it: the startup chunk (build-plugins/startup-chunk.ts) is served with the toaster's props
 * (rendered by the providers around the router) replaced by a throw. Nothing in the app is changed
 * for the test.
 */
async function breakRenderingAboveTheRouter(page: Page) {
  await page.route('**/assets/startup-*.js', async (route) => {
    const response = await route.fetch();
    const source = await response.text();
    const marker = '`toaster group`';
    expect(source, 'the startup chunk still renders the toaster with this class name').toContain(marker);
    await route.fulfill({
      response,
      // Not cached, so Reload Page fetches the real bundle once the fault is removed.
      headers: { ...response.headers(), 'cache-control': 'no-store' },
      body: source.replace(marker, '(()=>{throw new Error("Simulated render failure")})()'),
    });
  });
}

function isClientErrorReport(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/client-errors';
}

test.describe('error screens', () => {
  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  test('a page whose data fails to load shows the per-route error screen', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    const reports: Request[] = [];
    page.on('request', (request) => {
      if (isClientErrorReport(request)) reports.push(request);
    });
    // The page's reads answered below must be the browser's own, not the first paint's.
    await readsInTheBrowser(page);
    await page.route('**/api/tenants', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: { code: 'FORBIDDEN', message: 'Not allowed' } }),
      }),
    );
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { name: 'Page Error' })).toBeVisible();
    await expect(
      page.getByText('There was a problem loading this page. You can try going back or reloading.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
    await expect(page.getByTestId('error-id')).toHaveText(errorIdPattern);
    // The server answered that error itself and has it in its log; the screen does not report it again.
    expect(reports).toHaveLength(0);

    await page.unroute('**/api/tenants');
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  });

  test('Go Back on the per-route error screen returns to the previous page', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await page.goto('/teams');
    await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
    // The page's reads answered below must be the browser's own, not the first paint's.
    await readsInTheBrowser(page);
    await page.route('**/api/tenants', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: { code: 'FORBIDDEN', message: 'Not allowed' } }),
      }),
    );
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { name: 'Page Error' })).toBeVisible();
    await page.unroute('**/api/tenants');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/teams$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
  });

  test('a render failure shows the whole-app error screen and reports it to the server', async ({
    page,
    context,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await breakRenderingAboveTheRouter(page);
    const reported = page.waitForRequest(isClientErrorReport);
    await page.goto('/inbox');

    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(
      page.getByText("We're sorry, but something unexpected happened. Our team has been notified."),
    ).toBeVisible();
    const errorId = (await page.getByTestId('error-id').textContent()) ?? '';
    expect(errorId).toMatch(errorIdPattern);

    // "Our team has been notified": the server log gets the same id.
    const report = (await reported).postDataJSON() as ClientErrorReport;
    expect(report).toMatchObject({ errorId, name: 'Error', message: 'Simulated render failure' });
    const response = await (await reported).response();
    expect(response?.status()).toBe(202);

    await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');

    await page.getByRole('button', { name: 'Report Bug' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Error details copied to the clipboard. Paste them into your bug report.',
    );
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<
      string,
      unknown
    >;
    expect(copied).toMatchObject({ errorId, message: 'Simulated render failure' });
    expect(copied.url).toContain('/inbox');

    // Reload Page: with the fault gone the app works again.
    await page.unroute('**/assets/startup-*.js');
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  });

  test('Report Bug shows the error id when the clipboard cannot be used', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    });
    await breakRenderingAboveTheRouter(page);
    await page.goto('/inbox');
    const errorId = (await page.getByTestId('error-id').textContent()) ?? '';
    expect(errorId).toMatch(errorIdPattern);

    const alerts: string[] = [];
    page.once('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Report Bug' }).click();
    await expect
      .poll(() => alerts)
      .toEqual([`alert: Please include this error ID in your bug report: ${errorId}`]);

    await page.unroute('**/assets/startup-*.js');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  });
});
