import {
  bluegumTenantName,
  demoUsers,
  expect,
  sunriseTenantName,
  teamsOf,
  tenantsOf,
  test,
} from './fixtures';

test.describe('tenant switching', () => {
  test('a user in two tenants sees only the selected tenant’s teams', async ({ page, signIn, apiGet }) => {
    await signIn(demoUsers.practitioner);
    const tenants = await tenantsOf(apiGet);
    const sunrise = tenants.find((tenant) => tenant.name === sunriseTenantName);
    const bluegum = tenants.find((tenant) => tenant.name === bluegumTenantName);
    expect(sunrise, 'priya is a member of Sunrise').toBeDefined();
    expect(bluegum, 'priya is a member of Bluegum').toBeDefined();

    const sunriseTeams = (await teamsOf(apiGet, sunrise!.id)).map((team) => team.name);
    const bluegumTeams = (await teamsOf(apiGet, bluegum!.id)).map((team) => team.name);
    expect(sunriseTeams.length).toBeGreaterThan(0);
    expect(bluegumTeams.length).toBeGreaterThan(0);

    await page.goto('/inbox');
    const switcher = page.getByRole('combobox', { name: 'Organisation' });
    await expect(switcher).toBeVisible();
    const rows = page.getByTestId('team-row');

    for (const [tenant, teams, otherTeams] of [
      [sunrise!, sunriseTeams, bluegumTeams],
      [bluegum!, bluegumTeams, sunriseTeams],
      [sunrise!, sunriseTeams, bluegumTeams],
    ] as const) {
      await switcher.selectOption(tenant.id);
      await expect(page.getByTestId('inbox-tenant')).toHaveText(tenant.name);
      await expect(page.getByRole('heading', { name: `Teams in ${tenant.name}` })).toBeVisible();
      await expect(rows).toHaveCount(teams.length);
      for (const name of teams) await expect(rows.filter({ hasText: name })).toHaveCount(1);
      for (const name of otherTeams.filter((other) => !teams.includes(other))) {
        await expect(rows.filter({ hasText: name })).toHaveCount(0);
      }
    }

    // The selection is remembered for this user on this browser.
    await switcher.selectOption(bluegum!.id);
    await expect(page.getByTestId('inbox-tenant')).toHaveText(bluegumTenantName);
    await page.reload();
    await expect(page.getByTestId('inbox-tenant')).toHaveText(bluegumTenantName);
    await expect(switcher).toHaveValue(bluegum!.id);
  });
});
