import type { Page } from '@playwright/test';
import type { Favorite } from '@wattle/domain/favorites/schemas';
import { demoUsers, expect, readsInTheBrowser, sunriseTenantName, tenantsOf, test } from './fixtures';

type ApiGet = <T>(path: string, tenantId?: string) => Promise<T>;

async function sunriseId(apiGet: ApiGet): Promise<string> {
  const sunrise = (await tenantsOf(apiGet)).find((tenant) => tenant.name === sunriseTenantName);
  expect(sunrise, 'the user is in Sunrise').toBeDefined();
  return sunrise!.id;
}

async function favoritePaths(apiGet: ApiGet, tenantId: string): Promise<string[]> {
  return (await apiGet<Favorite[]>('/api/favorites', tenantId))
    .filter((favorite) => favorite.isActive)
    .map((favorite) => favorite.path);
}

function sidebarFavorites(page: Page) {
  return page.getByRole('list', { name: 'Favourites' });
}

test.describe('favourites', () => {
  test('a page is pinned from its breadcrumbs, stays pinned after a reload, and is unpinned', async ({
    page,
    signIn,
    apiGet,
  }) => {
    await signIn(demoUsers.teamLead);
    const tenantId = await sunriseId(apiGet);
    await page.goto('/timesheet');

    const add = page.getByRole('button', { name: 'Add to favourites' });
    await expect(add).toBeEnabled();
    await expect(add).toHaveAttribute('aria-pressed', 'false');
    await add.click();

    const remove = page.getByRole('button', { name: 'Remove from favourites' });
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    const pinned = sidebarFavorites(page).getByRole('link', { name: 'Timesheet' });
    await expect(pinned).toBeVisible();
    await expect.poll(() => favoritePaths(apiGet, tenantId)).toContain('/timesheet');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(pinned).toBeVisible();

    // Opening it from the sidebar counts a visit.
    await page.goto('/inbox');
    await pinned.click();
    await expect(page).toHaveURL(/\/timesheet$/);
    await expect
      .poll(async () => {
        const favorites = await apiGet<Favorite[]>('/api/favorites', tenantId);
        return favorites.find((favorite) => favorite.path === '/timesheet')?.accessCount ?? 0;
      })
      .toBeGreaterThanOrEqual(1);

    await page.getByRole('button', { name: 'Remove from favourites' }).click();
    await expect(page.getByRole('button', { name: 'Add to favourites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(pinned).toHaveCount(0);
    await expect.poll(() => favoritePaths(apiGet, tenantId)).not.toContain('/timesheet');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Add to favourites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(pinned).toHaveCount(0);
  });

  test("a team's board and list can be pinned (issue 18)", async ({ page, signIn, apiGet }) => {
    await signIn(demoUsers.teamLead);
    const tenantId = await sunriseId(apiGet);
    const teams = await apiGet<{ name: string; slug: string }[]>('/api/teams', tenantId);
    const jordan = teams.find((team) => team.name === "Jordan's Care Team")!;
    for (const view of ['work-board', 'list'] as const) {
      const path = `/my-teams/${jordan.slug}/${view}`;
      await page.goto(path);
      const add = page.getByRole('button', { name: 'Add to favourites' });
      await expect(add).not.toHaveAttribute('aria-disabled', 'true');
      await add.click();
      await expect(page.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect.poll(() => favoritePaths(apiGet, tenantId)).toContain(path);
      // The server may hold the pin before the page has its answer; until then the toggle is busy
      // and a click on it is not taken.
      const remove = page.getByRole('button', { name: 'Remove from favourites' });
      await expect(remove).not.toHaveAttribute('aria-busy', 'true');
      await remove.click();
      await expect.poll(() => favoritePaths(apiGet, tenantId)).not.toContain(path);
    }
  });

  test('a disabled route cannot be pinned, and says why', async ({ page, signIn, apiGet }) => {
    await signIn(demoUsers.owner);
    const tenantId = await sunriseId(apiGet);
    await page.goto('/dashboard');

    const toggle = page.getByTestId('favorite-toggle');
    await expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await expect(toggle).toHaveAccessibleDescription('Cannot favourite disabled route: /dashboard');
    // Inert but still focusable and pressable, so the reason can be found and heard.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-sonner-toast]')).toContainText(
      'Cannot favourite disabled route: /dashboard',
    );
    await expect(toggle).not.toHaveAttribute('aria-pressed', 'true');
    expect(await favoritePaths(apiGet, tenantId)).not.toContain('/dashboard');
  });

  test('when loading fails, the last list loaded on this browser is shown', async ({ page, signIn }) => {
    await signIn(demoUsers.therapist);
    await page.goto('/invoices');
    await page.getByRole('button', { name: 'Add to favourites' }).click();
    const pinned = sidebarFavorites(page).getByRole('link', { name: 'Invoices' });
    await expect(pinned).toBeVisible();

    // The list cannot be loaded any more (the pin itself went through before).
    // The page's reads answered below must be the browser's own, not the first paint's.
    await readsInTheBrowser(page);
    await page.route(
      (url) => url.pathname === '/api/favorites',
      (route) => (route.request().method() === 'GET' ? route.abort('failed') : route.continue()),
    );
    await page.reload();
    await expect(page.locator('[data-sonner-toast]')).toContainText('Failed to load favorites');
    await expect(pinned).toBeVisible();
  });

  test('favourites an older version kept in the browser move to the server once', async ({
    page,
    signIn,
    apiGet,
  }) => {
    await signIn(demoUsers.supportWorker);
    const tenantId = await sunriseId(apiGet);
    await page.goto('/inbox');
    await page.evaluate(() =>
      window.localStorage.setItem(
        'favorites',
        JSON.stringify([
          { path: '/approvals/invoices', label: 'Invoice approvals', iconName: 'receipt' },
          { path: '/dashboard', label: 'Dashboard' },
          { path: '/handbook/intro', label: 'Handbook' },
        ]),
      ),
    );
    await page.reload();

    await expect(sidebarFavorites(page).getByRole('link', { name: 'Invoice approvals' })).toBeVisible();
    await expect.poll(() => favoritePaths(apiGet, tenantId)).toEqual(['/approvals/invoices']);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('favorites'))).toBeNull();
  });
});
