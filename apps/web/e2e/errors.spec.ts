import { demoUsers, expect, test } from './fixtures';

test.describe('error screens', () => {
  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  test('a page whose data fails to load shows the per-route error screen', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
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

    await page.unroute('**/api/tenants');
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await expect(page.getByTestId('inbox-tenant')).toBeVisible();
  });
});
