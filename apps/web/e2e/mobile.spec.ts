import { demoUsers, expect, readsInTheBrowser, teamsOf, tenantsOf, test } from './fixtures';

test.describe('phones (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the bottom bar goes Home and to My Work, and More opens the navigation', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);

    await page.goto('/timesheet');
    const bar = page.getByRole('navigation', { name: 'Mobile' });
    await expect(bar).toBeVisible();
    // No sidebar beside the page on a phone.
    await expect(page.locator('aside[data-slot="sidebar"]')).toHaveCount(0);

    await bar.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await bar.getByRole('link', { name: 'My Work' }).click();
    // Every team the person works in, not only the first (issue 18 item 6).
    await expect(page).toHaveURL(/\/my-work$/);
    await expect(page.getByRole('heading', { name: 'My Work', level: 1 })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'My Work' })).toHaveAttribute('aria-current', 'page');

    await bar.getByRole('button', { name: 'More' }).click();
    const sheet = page.getByRole('dialog', { name: 'Navigation' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('link', { name: 'Time Tracking' }).click();
    await expect(page).toHaveURL(/\/timesheet$/);
    await expect(sheet).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    await bar.getByRole('button', { name: 'Quick Add' }).click();
    await expect(page.getByRole('menuitem', { name: 'New Task' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The footer stays clear of the bar.
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    const footerBottom = async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footer = await page.locator('#footer').boundingBox();
      return footer!.y + footer!.height;
    };
    const barBox = await bar.boundingBox();
    await expect.poll(footerBottom).toBeLessThanOrEqual(barBox!.y + 1);
  });

  test('My Work falls back to the inbox when the user is on no team', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    // The page's reads answered below must be the browser's own, not the first paint's.
    await readsInTheBrowser(page);
    await page.route('**/api/teams', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: [], meta: { total: 0, limit: 0, offset: 0 } }),
      }),
    );
    await page.goto('/timesheet');
    const myWork = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'My Work' });
    await expect(myWork).toHaveAttribute('href', '/inbox');
    await myWork.click();
    await expect(page).toHaveURL(/\/inbox$/);
  });

  test('My Work goes to the inbox for someone whose only team is archived, from the bar and the route alike', async ({
    page,
    signIn,
    apiGet,
  }) => {
    await signIn(demoUsers.owner);
    const [tenant] = await tenantsOf(apiGet);
    const team = (await teamsOf(apiGet, tenant!.id))[0]!;
    const archived = { ...team, status: 'archived' };
    // The page's reads answered below must be the browser's own, not the first paint's.
    await readsInTheBrowser(page);
    await page.route('**/api/teams', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: [archived], meta: { total: 1, limit: 1, offset: 0 } }),
      }),
    );
    await page.goto('/timesheet');
    const myWork = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'My Work' });
    await expect(myWork).toHaveAttribute('href', '/inbox');
    // The route's own fallback (My Work of a team the user does not see) agrees.
    await page.goto('/my-teams/01900000-0000-7000-8000-000000000000/list');
    await expect(page).toHaveURL(/\/inbox$/);
  });

  test("a family guardian's My Work is the inbox: they read no team's cards", async ({ page, signIn }) => {
    await signIn(demoUsers.familyGuardian);
    await page.goto('/timesheet');
    const myWork = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'My Work' });
    await expect(myWork).toHaveAttribute('href', '/inbox');
    await page.goto('/my-work');
    await expect(page).toHaveURL(/\/inbox$/);
  });

  test('the bottom bar is hidden from the md breakpoint up', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await signIn(demoUsers.owner);
    await page.goto('/inbox');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });
});
