import { demoUsers, expect, expectNoAccessibilityViolations, teamsOf, tenantsOf, test } from './fixtures';

// Verification of nina.new (who stays unverified here) is in verification.spec.ts.
test.describe('onboarding', () => {
  // nina.new has no tenant when the server starts on a fresh database. A retry (CI) finds the tenant
  // the first attempt created, so it opens /onboarding directly and names the organisation uniquely.
  test('a user without a tenant creates one and lands in /inbox with it and its first team', async ({
    page,
    signIn,
    apiGet,
  }) => {
    const me = await signIn(demoUsers.newcomer);
    const isFirstAttempt = (await tenantsOf(apiGet)).length === 0;
    const organisationName = isFirstAttempt ? 'Wattle Grove Supports' : `Wattle Grove Supports ${Date.now()}`;
    if (isFirstAttempt) {
      await page.goto('/inbox');
      await expect(page).toHaveURL(/\/onboarding$/);
    } else {
      await page.goto('/onboarding');
    }
    await expect(page.getByRole('heading', { name: 'Set up your organisation' })).toBeVisible();

    // Prefilled from /api/me.
    await expect(page.getByLabel('Full name')).toHaveValue(me.name);
    await expect(page.getByLabel('Email')).toHaveValue(me.email);
    await expectNoAccessibilityViolations(page);

    const submit = page.getByRole('button', { name: 'Create tenant and team' });
    const consent = page.getByRole('checkbox', { name: /consent .* under the NDIS/ });
    await expect(submit).toBeDisabled();

    await page.getByLabel(/Organisation name/).fill(organisationName);
    await expect(submit).toBeDisabled();

    await consent.check();
    await expect(submit).toBeEnabled();

    await page.getByLabel(/Organisation name/).fill('   ');
    await expect(submit).toBeDisabled();
    await page.getByLabel(/Organisation name/).fill(organisationName);

    await consent.uncheck();
    await expect(submit).toBeDisabled();
    await consent.check();

    await page.getByLabel('First team name').fill('Riverside Care Team');
    await submit.click();

    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByTestId('inbox-tenant')).toHaveText(organisationName);
    await expect(page.getByTestId('current-tenant')).toContainText(organisationName);
    await expect(page.getByTestId('team-row')).toHaveCount(1);
    await expect(page.getByTestId('team-row')).toContainText('Riverside Care Team');

    // On the server: nina owns the new tenant, and its first team is the one she named.
    const created = (await tenantsOf(apiGet)).find((tenant) => tenant.name === organisationName);
    expect(created?.role).toBe('owner');
    const teams = await teamsOf(apiGet, created!.id);
    expect(teams.map((team) => team.name)).toEqual(['Riverside Care Team']);

    // The choice survives a reload.
    await page.reload();
    await expect(page.getByTestId('inbox-tenant')).toHaveText(organisationName);
  });
});
