import type { Page } from '@playwright/test';
import type { Me } from '@wattle/domain/users/schemas';
import { demoUsers, expect, expectNoAccessibilityViolations, tenantsOf, test } from './fixtures';

/**
 * nina.new needs a tenant to reach the shell. onboarding.spec.ts gives her one through the form;
 * run on its own, this spec creates one through the API instead.
 */
async function ensureTenant(page: Page, apiGet: Parameters<typeof tenantsOf>[0]): Promise<void> {
  if ((await tenantsOf(apiGet)).length > 0) return;
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'wattle_csrf')?.value;
  const response = await page.request.post('/api/onboarding', {
    data: { organisationName: `Nina's Supports ${Date.now()}`, firstTeamName: '', consent: true },
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf ?? '') },
  });
  expect(response.ok(), `POST /api/onboarding: ${response.status()} ${await response.text()}`).toBe(true);
}

async function isVerifiedOnServer(page: Page): Promise<boolean> {
  const response = await page.request.get('/api/me');
  return ((await response.json()) as { data: Me }).data.isVerified;
}

test.describe('verification', () => {
  // Verifying cannot be undone, so nina.new verifies once per database.
  test('an unverified user sent from a guarded page verifies with “I understand” and returns to it', async ({
    page,
    signIn,
    apiGet,
  }) => {
    const me = await signIn(demoUsers.newcomer);
    // Verifying cannot be undone: a retry on the same database must fail loudly, not skip silently.
    expect(me.isVerified, 'nina.new must still be unverified; this test needs a fresh database').toBe(false);
    await ensureTenant(page, apiGet);

    // The banner in the shell leads to the same page, coming back to where the user was.
    await page.goto('/inbox');
    await page.getByRole('link', { name: 'Verify account' }).click();
    await expect(page).toHaveURL(/\/verification-required\?redirect=%2Finbox$/);

    // Participant records are behind the verification guard.
    await page.goto('/participants');
    await expect(page).toHaveURL(/\/verification-required\?redirect=%2Fparticipants$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verification required' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // Return to home leaves her unverified.
    await page.getByRole('button', { name: 'Return to home' }).click();
    await expect(page).toHaveURL(/\/inbox$/);
    expect(await isVerifiedOnServer(page)).toBe(false);

    await page.goto('/participants');
    await expect(page).toHaveURL(/\/verification-required\?redirect=%2Fparticipants$/);
    await page.getByRole('button', { name: 'I understand' }).click();
    await expect(page).toHaveURL(/\/participants$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Verify account' })).toHaveCount(0);
    expect(await isVerifiedOnServer(page)).toBe(true);

    // Verified, the page now says so and offers only the way home.
    await page.goto('/verification-required');
    await expect(page.getByText('Your account is verified')).toBeVisible();
    await expect(page.getByRole('button', { name: 'I understand' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Return to home' })).toBeVisible();
  });
});
