import { demoUsers, expect, signInThroughLoginPage, sunriseTenantName, test } from './fixtures';

test.describe('the shell', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('signing in lands in the shell: header, sidebar, breadcrumbs, page and footer', async ({ page }) => {
    await signInThroughLoginPage(page, /^Sign in as Olivia/);
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page).toHaveTitle('Inbox · Wattle');

    const header = page.getByRole('banner');
    await expect(header.getByTestId('current-tenant')).toContainText(sunriseTenantName);
    await expect(header.getByRole('button', { name: 'Search' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Quick Add' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await expect(header.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(header.getByTestId('current-user')).toHaveText('Olivia Owner');

    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByText('Inbox')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(sunriseTenantName);
  });

  test('skip links move focus to the main content, the navigation and the footer', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);

    for (const [name, target] of [
      ['Skip to main content', '#main-content'],
      ['Skip to navigation', '#app-navigation'],
      ['Skip to footer', '#footer'],
    ] as const) {
      // A freshly loaded page, so Tab starts from its top: the skip links are its first stops (from
      // inside the page, Tab would walk the whole inbox first, however long earlier tests made it).
      await page.goto('/inbox');
      await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
      const link = page.getByRole('link', { name });
      for (let stop = 0; stop < 5; stop += 1) {
        await page.keyboard.press('Tab');
        if (await link.evaluate((element) => element === document.activeElement)) break;
      }
      await expect(link).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.locator(target)).toBeFocused();
    }
  });

  test('the breadcrumbs carry the favourite toggle and link to the pages above', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await page.goto('/settings/user');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await expect(crumbs.getByText('User Settings')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('favorite-toggle')).toBeVisible();
    await crumbs.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('the header Search button opens global search', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await page.goto('/inbox');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByPlaceholder('Search across this organisation…')).toBeVisible();
  });

  test('the loading fallback reads Loading...', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    // Hold the first team request so the page's teams-dependent route stays pending.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/teams', async (route) => {
      await held;
      await route.continue();
    });
    // A team's own address sends the app on to its board: a page the server draws no first paint of
    // (decision 0041), whose drawing the held request would otherwise stand in for.
    await page.goto('/my-teams/anything', { waitUntil: 'commit' });
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
