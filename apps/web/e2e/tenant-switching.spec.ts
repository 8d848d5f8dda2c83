import type { Page } from '@playwright/test';
import {
  bluegumTenantName,
  demoUsers,
  expect,
  sunriseTenantName,
  teamsOf,
  tenantsOf,
  test,
} from './fixtures';

/** The app's own primary colour (styles.css) and Sunrise's white-label colour (demo seed). */
const defaultPrimary = '#1d4ed8';
const sunrisePrimary = '#ea580c';

function primaryColour(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());
}

/**
 * Records, inside the page, how long the switch splash is on screen (a MutationObserver, so the
 * measurement does not depend on how often the test polls).
 */
async function watchSplash(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = { shownAt: 0, hiddenAt: 0 };
    (window as unknown as { splash: typeof state }).splash = state;
    const observer = new MutationObserver(() => {
      const isShown = document.querySelector('[data-testid="tenant-switch-splash"]') !== null;
      if (isShown && !state.shownAt) state.shownAt = performance.now();
      if (!isShown && state.shownAt && !state.hiddenAt) {
        state.hiddenAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

async function splashDuration(page: Page): Promise<number> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { splash: { hiddenAt: number } }).splash.hiddenAt))
    .toBeGreaterThan(0);
  return page.evaluate(() => {
    const { shownAt, hiddenAt } = (window as unknown as { splash: { shownAt: number; hiddenAt: number } })
      .splash;
    return hiddenAt - shownAt;
  });
}

async function switchTo(page: Page, tenantName: string): Promise<number> {
  await watchSplash(page);
  await page.getByTestId('current-tenant').click();
  await page.getByRole('menuitem', { name: new RegExp(tenantName) }).click();
  await expect(page.getByRole('status').filter({ hasText: `Switching to ${tenantName}` })).toBeVisible();
  const duration = await splashDuration(page);
  await expect(page.getByTestId('current-tenant')).toContainText(tenantName);
  return duration;
}

test.describe('tenant switching', () => {
  test('the switcher lists each organisation with its badges, counts and domain', async ({
    page,
    signIn,
    apiGet,
  }) => {
    await signIn(demoUsers.practitioner);
    const tenants = await tenantsOf(apiGet);
    await page.goto('/inbox');
    await page.getByTestId('current-tenant').click();
    const options = page.getByTestId('tenant-option');
    await expect(options).toHaveCount(tenants.length);
    for (const tenant of tenants) {
      const option = options.filter({ hasText: tenant.name });
      await expect(option).toContainText(tenant.name.slice(0, 2).toUpperCase());
      await expect(option).toContainText('Member');
      await expect(option).toContainText(`${tenant.teamCount} ${tenant.teamCount === 1 ? 'team' : 'teams'}`);
      if (tenant.settings.whiteLabel && tenant.settings.customDomain) {
        await expect(option).toContainText(tenant.settings.customDomain);
      }
    }
    await expect(options.filter({ hasText: 'Current' })).toHaveCount(1);
    const join = page.getByRole('menuitem', { name: /Join Organisation/ });
    await expect(join).toBeVisible();
    await expect(join).toHaveAttribute('aria-disabled', 'true');
    // The one wording for what is still to come (features/placeholders/coming-soon.tsx).
    await expect(join.getByTestId('coming-soon')).toHaveText('Coming Soon');
  });

  test('a switch shows the splash for at least 1.5 s, recolours the app and shows only the new tenant’s teams', async ({
    page,
    signIn,
    apiGet,
  }) => {
    await signIn(demoUsers.practitioner);
    const tenants = await tenantsOf(apiGet);
    const sunrise = tenants.find((tenant) => tenant.name === sunriseTenantName)!;
    const bluegum = tenants.find((tenant) => tenant.name === bluegumTenantName)!;
    expect(sunrise, 'priya is a member of Sunrise').toBeDefined();
    expect(bluegum, 'priya is a member of Bluegum').toBeDefined();
    const sunriseTeams = (await teamsOf(apiGet, sunrise.id)).map((team) => team.name);
    const bluegumTeams = (await teamsOf(apiGet, bluegum.id)).map((team) => team.name);
    expect(sunriseTeams.length).toBeGreaterThan(0);
    expect(bluegumTeams.length).toBeGreaterThan(0);

    // Start in Bluegum, wherever the default rule put priya.
    await page.goto('/teams');
    const current = await page.getByTestId('current-tenant').textContent();
    if (!current?.includes(bluegumTenantName)) await switchTo(page, bluegumTenantName);
    await page.goto('/teams');
    await expect(page.getByTestId('team-card')).toHaveCount(bluegumTeams.length);

    const sidebarTeams = page.getByTestId('sidebar-team');
    for (const [target, teams, previousTeams, colour] of [
      [sunriseTenantName, sunriseTeams, bluegumTeams, sunrisePrimary],
      [bluegumTenantName, bluegumTeams, sunriseTeams, defaultPrimary],
    ] as const) {
      const duration = await switchTo(page, target);
      expect(duration, 'the splash stays at least 1.5 s').toBeGreaterThanOrEqual(1500);
      await expect(page).toHaveURL(/\/inbox$/);
      await expect.poll(() => primaryColour(page)).toBe(colour);

      await expect(sidebarTeams).toHaveCount(teams.length);
      for (const name of teams) await expect(sidebarTeams.filter({ hasText: name })).toHaveCount(1);
      // Nothing of the previous tenant anywhere on the page.
      for (const name of previousTeams.filter((other) => !teams.includes(other))) {
        await expect(page.locator('body')).not.toContainText(name);
      }

      await page.goto('/teams');
      await expect(page.getByTestId('team-card')).toHaveCount(teams.length);
      await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
    }

    // The choice is remembered for this user on this browser, colour included.
    await page.reload();
    await expect(page.getByTestId('current-tenant')).toContainText(bluegumTenantName);
    expect(await primaryColour(page)).toBe(defaultPrimary);
    await switchTo(page, sunriseTenantName);
    await page.reload();
    await expect(page.getByTestId('current-tenant')).toContainText(sunriseTenantName);
    await expect.poll(() => primaryColour(page)).toBe(sunrisePrimary);
  });

  test('white-label text on the primary colour stays readable', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await page.goto('/inbox');
    await expect.poll(() => primaryColour(page)).toBe(sunrisePrimary);
    const quickAdd = page.getByTestId('quick-add');
    // Dark text on Sunrise's orange: 5:1, where white would be 3.6:1.
    await expect(quickAdd).toHaveCSS('color', 'rgb(15, 23, 42)');
  });
});
