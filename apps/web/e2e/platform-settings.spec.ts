import type { APIRequestContext, Page } from '@playwright/test';
import {
  demoUsers,
  expect,
  expectNoAccessibilityViolations,
  openAs,
  sunriseTenantName,
  test,
} from './fixtures';

/**
 * System, Global and Integrations settings (issue 17 items 3 and 6): Sam sees every organisation's
 * usage and the platform's health; Ava turns Sunrise's invoice processing off and Olivia finds it
 * gone, with how to turn it back on, then on again; Olivia tests the integrations' connections.
 * Each page keyboard-usable and axe-clean at 1280 and 375 px.
 */

interface FeatureRow {
  id: string;
  name: string;
  version: number;
  features: Record<string, boolean>;
}

/** Sets Sunrise's flag through the API as the global admin `request` is signed in as. */
async function setSunriseFeature(request: APIRequestContext, feature: string, isOn: boolean) {
  const list = (await (await request.get('/api/global/tenants')).json()) as { data: FeatureRow[] };
  const sunrise = list.data.find((row) => row.name === sunriseTenantName)!;
  if (sunrise.features[feature] === isOn) return;
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'wattle_csrf')?.value;
  const response = await request.patch(`/api/global/tenants/${sunrise.id}/features`, {
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf!) },
    data: { version: sunrise.version, features: { [feature]: isOn } },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function atBothWidths(page: Page, check: () => Promise<void>) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await check();
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await check();
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('platform settings', () => {
  test('Sam sees every organisation’s usage and the platform’s health', async ({ page, signIn }) => {
    await signIn(demoUsers.systemAdmin);
    await page.goto('/settings');
    const nav = page.getByRole('navigation', { name: 'Settings' });
    await expect(nav.getByRole('link', { name: 'System Settings' })).toBeVisible();
    // Feature flags are global admins' alone.
    await expect(nav.getByRole('link', { name: 'Global Settings' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'System Settings' }).click();
    await expect(page.getByRole('heading', { name: 'System Settings', level: 1 })).toBeVisible();

    const health = page.getByTestId('platform-health');
    await expect(health).toContainText('Reachable');
    await expect(health).toContainText('All applied');
    await expect(health).toContainText(/Up (under a minute|\d)/);
    const sunrise = page.getByTestId('tenant-usage-row').filter({ hasText: sunriseTenantName });
    await expect(sunrise).toContainText('People');
    await expect(sunrise).toContainText(/\d+ of \d+/);
    await expect(page.getByTestId('tenant-usage-row').filter({ hasText: 'Wattle Platform' })).toContainText(
      'internal',
    );

    // The refresh button by keyboard.
    await page.getByRole('button', { name: 'Check again' }).focus();
    await page.keyboard.press('Enter');
    await expect(health).toContainText('Reachable');

    await atBothWidths(page, async () => {
      await expect(sunrise).toBeVisible();
    });
    await page.screenshot({ path: '.tmp/h3/system-settings-1280.png', fullPage: true });
  });

  test('Ava turns invoice processing off for Sunrise: Olivia finds it gone and how to get it back', async ({
    page,
    signIn,
    browser,
  }) => {
    await signIn(demoUsers.globalAdmin);
    try {
      await page.goto('/settings/global');
      await expect(page.getByRole('heading', { name: 'Global Settings', level: 1 })).toBeVisible();
      const card = page.getByTestId('tenant-features').filter({ hasText: sunriseTenantName });
      const invoicing = card.getByRole('switch', { name: 'Invoice processing' });
      await expect(invoicing).toBeChecked();
      await atBothWidths(page, async () => {
        await expect(invoicing).toBeVisible();
      });
      await page.screenshot({ path: '.tmp/h3/global-settings-1280.png' });

      // By keyboard: focus the switch and press Space.
      await invoicing.focus();
      await page.keyboard.press('Space');
      await expect(page.getByText(`Invoice processing turned off for ${sunriseTenantName}`)).toBeVisible();
      await expect(invoicing).not.toBeChecked();

      const olivia = await openAs(browser, demoUsers.owner, '/invoices');
      try {
        await expect(
          olivia.page.getByRole('heading', { name: 'Invoice processing is turned off', level: 1 }),
        ).toBeVisible();
        await expect(olivia.page.getByTestId('feature-off')).toContainText(
          /npm run admin -- set-feature sunrise-[a-z0-9-]+ invoiceProcessing on/,
        );
        await expect(olivia.page.getByRole('link', { name: 'Financial Management' })).toHaveCount(0);
        await expect(olivia.page.getByRole('link', { name: 'Time Tracking' })).toBeVisible();
        await expectNoAccessibilityViolations(olivia.page);
        await olivia.page.screenshot({ path: '.tmp/h3/feature-off-1280.png' });

        await invoicing.click();
        await expect(page.getByText(`Invoice processing turned on for ${sunriseTenantName}`)).toBeVisible();
        await olivia.page.reload();
        await expect(olivia.page.getByTestId('feature-off')).toHaveCount(0);
        await expect(olivia.page.getByRole('link', { name: 'Financial Management' })).toBeVisible();
      } finally {
        await olivia.context.close();
      }
    } finally {
      await setSunriseFeature(page.request, 'invoiceProcessing', true);
    }
  });

  test('with team and timesheet management off, Olivia is offered neither', async ({
    page,
    signIn,
    browser,
  }) => {
    await signIn(demoUsers.globalAdmin);
    const olivia = await openAs(browser, demoUsers.owner, '/teams');
    try {
      await expect(olivia.page.getByRole('button', { name: 'Create Care Team' })).toBeVisible();
      await setSunriseFeature(page.request, 'teamManagement', false);
      await setSunriseFeature(page.request, 'timesheetManagement', false);
      await olivia.page.reload();
      await expect(olivia.page.getByRole('heading', { name: /teams/i, level: 1 })).toBeVisible();
      await expect(olivia.page.getByRole('button', { name: 'Create Care Team' })).toHaveCount(0);
      await expect(olivia.page.getByRole('link', { name: 'Time Tracking' })).toHaveCount(0);
      await olivia.page.getByRole('button', { name: 'Quick Add' }).first().click();
      await expect(olivia.page.getByRole('menuitem', { name: 'New Task' })).toBeVisible();
      await expect(olivia.page.getByRole('menuitem', { name: 'Start Timer' })).toHaveCount(0);
      await olivia.page.keyboard.press('Escape');

      await olivia.page.goto('/settings');
      const nav = olivia.page.getByRole('navigation', { name: 'Settings' });
      await expect(nav.getByRole('link', { name: 'Tenant Settings' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Team Management' })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Rates' })).toHaveCount(0);
      await olivia.page.goto('/teams-config');
      await expect(
        olivia.page.getByRole('heading', { name: 'Team management is turned off', level: 1 }),
      ).toBeVisible();
    } finally {
      await setSunriseFeature(page.request, 'teamManagement', true);
      await setSunriseFeature(page.request, 'timesheetManagement', true);
      await olivia.context.close();
    }
  });

  test('Olivia tests the integrations; a team lead is not offered them', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await page.goto('/settings');
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Integrations' })
      .click();
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    await expect(page.getByText('Demo sign-in (not for real use)')).toBeVisible();
    await expect(page.getByText('A directory on the server')).toBeVisible();

    const storage = page.getByRole('button', { name: 'Test connection: file storage' });
    await storage.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('test-result-storage')).toContainText(
      'Connected. Wrote and removed a test file',
    );
    await page.getByRole('button', { name: 'Test connection: sign-in' }).click();
    await expect(page.getByTestId('test-result-sign-in')).toContainText('Demo sign-in is on');
    await page.getByRole('button', { name: 'Test connection: e-mail' }).click();
    await expect(page.getByTestId('test-result-smtp')).toContainText(/Connected|Failed/);

    await atBothWidths(page, async () => {
      await expect(page.getByTestId('test-result-storage')).toBeVisible();
    });
    await page.screenshot({ path: '.tmp/h3/integrations-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: '.tmp/h3/integrations-375.png', fullPage: true });

    await signIn(demoUsers.teamLead);
    await page.goto('/settings');
    await expect(
      page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Integrations' }),
    ).toHaveCount(0);
    await page.goto('/settings/integrations');
    await expect(page.getByText('Only owners and admins see Integrations')).toBeVisible();
  });
});
