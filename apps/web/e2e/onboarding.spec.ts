import { demoUsers, expect, expectNoAccessibilityViolations, test } from './fixtures';

test.describe('onboarding', () => {
  // nina.new has no tenant when the server starts on a fresh database; this creates hers, so it runs
  // once per server start.
  test('a user without a tenant creates one and lands in /inbox with it and its first team', async ({
    page,
    signIn,
  }) => {
    const me = await signIn(demoUsers.newcomer);
    await page.goto('/inbox');
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { name: 'Set up your organisation' })).toBeVisible();

    // Prefilled from /api/me.
    await expect(page.getByLabel('Full name')).toHaveValue(me.name);
    await expect(page.getByLabel('Email')).toHaveValue(me.email);
    await expectNoAccessibilityViolations(page);

    const submit = page.getByRole('button', { name: 'Create tenant and team' });
    const consent = page.getByRole('checkbox', { name: /consent .* under the NDIS/ });
    await expect(submit).toBeDisabled();

    await page.getByLabel(/Organisation name/).fill('Wattle Grove Supports');
    await expect(submit).toBeDisabled();

    await consent.check();
    await expect(submit).toBeEnabled();

    await page.getByLabel(/Organisation name/).fill('   ');
    await expect(submit).toBeDisabled();
    await page.getByLabel(/Organisation name/).fill('Wattle Grove Supports');

    await consent.uncheck();
    await expect(submit).toBeDisabled();
    await consent.check();

    await page.getByLabel('First team name').fill('Riverside Care Team');
    await submit.click();

    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByTestId('inbox-tenant')).toHaveText('Wattle Grove Supports');
    await expect(page.getByTestId('current-tenant')).toContainText('Wattle Grove Supports');
    await expect(page.getByTestId('team-row')).toHaveCount(1);
    await expect(page.getByTestId('team-row')).toContainText('Riverside Care Team');

    // The choice survives a reload.
    await page.reload();
    await expect(page.getByTestId('inbox-tenant')).toHaveText('Wattle Grove Supports');
  });
});
