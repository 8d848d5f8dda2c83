import { demoUsers, expect, expectNoAccessibilityViolations, test } from './fixtures';

/** axe-core (WCAG 2.1 A and AA) on the shell's main pages, on a desktop and on a phone. */
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('/login has no violations', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign in to Wattle' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });

    test('/onboarding has no violations', async ({ page, signIn }) => {
      await signIn(demoUsers.newcomer);
      await page.goto('/onboarding');
      await expect(page.getByRole('heading', { name: 'Set up your organisation' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });

    test('/inbox has no violations, in a white-label tenant too', async ({ page, signIn }) => {
      for (const user of [demoUsers.owner, demoUsers.bluegumOwner]) {
        await signIn(user);
        await page.goto('/inbox');
        await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
        await expectNoAccessibilityViolations(page);
      }
    });

    test('/dashboard has no violations', async ({ page, signIn }) => {
      await signIn(demoUsers.owner);
      await page.goto('/dashboard');
      await expect(page.getByTestId('dashboard-tiles')).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });

    test('/settings has no violations', async ({ page, signIn }) => {
      await signIn(demoUsers.owner);
      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });
  });
}
