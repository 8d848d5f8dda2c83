import {
  demoUsers,
  expect,
  expectNoAccessibilityViolations,
  signInThroughLoginPage,
  sunriseTenantName,
  teamsOf,
  tenantsOf,
  test,
} from './fixtures';

test.describe('sign-in and sign-out', () => {
  test('signed-out visitors are sent to /login, which lists the demo accounts', async ({ page }) => {
    await page.goto('/inbox');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Wattle' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Sign in as / }).first()).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });

  test('a demo user lands in /inbox with their name, their tenant and its teams', async ({
    page,
    apiGet,
  }) => {
    await signInThroughLoginPage(page, /^Sign in as Olivia/);
    await expect(page).toHaveURL(/\/inbox$/);

    const me = await apiGet<{ name: string }>('/api/me');
    await expect(page.getByTestId('current-user')).toHaveText(me.name);
    await expect(page.getByTestId('inbox-tenant')).toHaveText(sunriseTenantName);
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    // Mia's plan ends within 30 days and her team has no Team Lead, so the deadline job (run at the
    // server's start) tells the owner; the inbox shows it with the participant's name.
    await expect(page.getByText(/Mia Thompson's NDIS plan ends on .* \(\d+ days\)/)).toBeVisible();

    const [tenant] = (await tenantsOf(apiGet)).filter((candidate) => candidate.name === sunriseTenantName);
    expect(tenant).toBeDefined();
    const teams = await teamsOf(apiGet, tenant!.id);
    expect(teams.length).toBeGreaterThan(0);
    const rows = page.getByTestId('team-row');
    await expect(rows).toHaveCount(teams.length);
    for (const team of teams) {
      const row = rows.filter({ hasText: team.name });
      await expect(row).toHaveCount(1);
      if (team.participant) await expect(row).toContainText(team.participant.name);
    }
    await expectNoAccessibilityViolations(page);
  });

  test('Log out returns to /login and /inbox then redirects to /login', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await page.goto('/inbox');
    await expect(page.getByTestId('inbox-tenant')).toHaveText(sunriseTenantName);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Wattle' })).toBeVisible();

    await page.goto('/inbox');
    await expect(page).toHaveURL(/\/login$/);
    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(401);
  });

  test('a 401 from any call (an expired session) sends the user to /login', async ({
    page,
    signIn,
    context,
  }) => {
    await signIn(demoUsers.practitioner);
    await page.goto('/inbox');
    const switcher = page.getByTestId('current-tenant');
    await expect(switcher).toBeVisible();

    await context.clearCookies();
    // The tenant switch's request fails with 401, unless a background refresh got there first.
    await switcher.click({ timeout: 5000 }).catch(() => undefined);
    await page
      .getByTestId('tenant-option')
      .and(page.locator(':not([aria-current])'))
      .first()
      .click({ timeout: 5000 })
      .catch(() => undefined);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Wattle' })).toBeVisible();
  });

  test('/ redirects to /inbox for a signed-in user', async ({ page, signIn }) => {
    await signIn(demoUsers.bluegumOwner);
    await page.goto('/');
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByTestId('inbox-tenant')).toHaveText('Bluegum Disability Services');
  });

  test('the skip link moves focus to the main content', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await page.goto('/inbox');
    await expect(page.getByTestId('inbox-tenant')).toBeVisible();
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skipLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });
});
