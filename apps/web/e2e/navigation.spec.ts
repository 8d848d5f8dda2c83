import type { Page } from '@playwright/test';
import { demoUsers, expect, teamsOf, tenantsOf, test } from './fixtures';

async function expectNotFound(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Wattle');
}

test.describe('navigation', () => {
  test('redirects: / to /inbox, a team to its work board, finance tax invoices to /invoices', async ({
    page,
    signIn,
    apiGet,
  }) => {
    await signIn(demoUsers.owner);
    const [tenant] = await tenantsOf(apiGet);
    const [team] = await teamsOf(apiGet, tenant!.id);

    await page.goto('/');
    await expect(page).toHaveURL(/\/inbox$/);

    await page.goto(`/my-teams/${team!.slug}`);
    await expect(page).toHaveURL(new RegExp(`/my-teams/${team!.slug}/work-board$`));
    await expect(page.getByRole('heading', { name: team!.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Work Board' })).toHaveAttribute('aria-current', 'page');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toContainText('My Teams');
    await expect(crumbs).toContainText(team!.name);
    await expect(crumbs).toContainText('Work Board');

    await page.getByRole('link', { name: 'Calendar' }).click();
    await expect(page).toHaveURL(new RegExp(`/my-teams/${team!.slug}/calendar$`));

    // By id too, as the My Work link of the spec names it.
    await page.goto(`/my-teams/${team!.id}/list`);
    await expect(page.getByRole('heading', { name: team!.name, level: 1 })).toBeVisible();

    await page.goto(`/my-teams/${team!.slug}/bsp`);
    await expect(page.getByRole('heading', { name: 'Behaviour Support Plans', level: 1 })).toBeVisible();
    await page.goto(`/my-teams/${team!.slug}/bsp/new`);
    await expect(page.getByRole('heading', { name: 'New Behaviour Support Plan', level: 1 })).toBeVisible();

    await page.goto('/finance-tax-invoices');
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  });

  test('unknown paths, unknown teams and unknown team views show the not-found page', async ({
    page,
    signIn,
    apiGet,
  }) => {
    await signIn(demoUsers.owner);
    const [tenant] = await tenantsOf(apiGet);
    const [team] = await teamsOf(apiGet, tenant!.id);
    for (const path of [
      '/no-such-page',
      '/my-teams/no-such-team/work-board',
      `/my-teams/${team!.slug}/gantt`,
    ]) {
      await page.goto(path);
      await expectNotFound(page);
    }
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/inbox$/);
  });

  test('/templates-rules is not found for anyone but a system admin', async ({ page, signIn }) => {
    for (const user of [demoUsers.owner, demoUsers.globalAdmin, demoUsers.admin]) {
      await signIn(user);
      await page.goto('/templates-rules');
      await expectNotFound(page);
    }
    await signIn(demoUsers.systemAdmin);
    await page.goto('/templates-rules');
    await expect(page.getByRole('heading', { name: 'Templates & Rules', level: 1 })).toBeVisible();
  });

  test('an unverified user is sent from participant pages to /verification-required', async ({
    page,
    signIn,
    apiGet,
  }) => {
    const me = await signIn(demoUsers.newcomer);
    // Verifying cannot be undone: a retry on the same database must fail loudly, not skip silently.
    expect(me.isVerified, 'nina.new must still be unverified; this test needs a fresh database').toBe(false);
    // nina has no tenant on a fresh database: give her one, as onboarding would.
    if ((await tenantsOf(apiGet)).length === 0) {
      const csrf =
        (await page.context().cookies()).find((cookie) => cookie.name === 'wattle_csrf')?.value ?? '';
      const created = await page.request.post('/api/onboarding', {
        data: { organisationName: `Guarded Grove ${Date.now()}`, consent: true },
        headers: { 'X-CSRF-Token': csrf },
      });
      expect(created.ok(), await created.text()).toBe(true);
    }

    for (const path of ['/participants', '/audit-packs', '/behavior-analytics']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/verification-required\?redirect=/);
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
      await expect(page.getByRole('heading', { name: 'Verification required' })).toBeVisible();
    }
    // Pages without participant data stay open.
    await page.goto('/timesheet');
    await expect(page.getByRole('heading', { name: 'Timesheet', level: 1 })).toBeVisible();
  });

  test('settings have no sidebar and list the settings each role may open', async ({ page, signIn }) => {
    await signIn(demoUsers.practitioner);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.locator('aside[data-slot="sidebar"]')).toHaveCount(0);
    const settingsNav = page.getByRole('navigation', { name: 'Settings' });
    await expect(settingsNav.getByRole('link', { name: 'User Settings' })).toBeVisible();
    await expect(settingsNav.getByRole('link', { name: 'Appearance' })).toBeVisible();
    // Their own staff profile (registrations, screening checks) is one of their pages.
    await expect(settingsNav.getByRole('link', { name: 'Practitioner Settings' })).toBeVisible();
    // And the time codes they bill against (read-only for them: rates.spec.ts).
    await expect(settingsNav.getByRole('link', { name: 'Rates' })).toBeVisible();
    await expect(settingsNav.getByRole('link', { name: 'Tenant Settings' })).toHaveCount(0);
    await expect(settingsNav.getByRole('link', { name: 'System Settings' })).toHaveCount(0);

    // A family guardian's menu has their own pages only (not Practitioner Settings: they are not
    // staff), and the organisation's pages, typed, are not found.
    await signIn(demoUsers.familyGuardian);
    await page.goto('/settings');
    await expect(settingsNav.getByRole('link', { name: 'User Settings' })).toBeVisible();
    await expect(settingsNav.getByRole('link', { name: 'Practitioner Settings' })).toHaveCount(0);
    for (const path of ['/settings/tenant', '/settings/templates', '/settings/team-config']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
    }

    await signIn(demoUsers.owner);
    await page.goto('/settings');
    await expect(settingsNav.getByRole('link', { name: 'Tenant Settings' })).toBeVisible();
    await expect(settingsNav.getByRole('link', { name: 'System Settings' })).toHaveCount(0);

    await signIn(demoUsers.systemAdmin);
    await page.goto('/settings');
    await expect(settingsNav.getByRole('link', { name: 'System Settings' })).toBeVisible();
    await settingsNav.getByRole('link', { name: 'System Settings' }).click();
    await expect(page).toHaveURL(/\/settings\/system$/);
    await expect(page.getByRole('heading', { name: 'System Settings', level: 1 })).toBeVisible();
    await expect(page.getByText('Platform health')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('System Settings');
  });

  test('each settings page opens, none of them "Coming Soon" any more', async ({ page, signIn }) => {
    await signIn(demoUsers.systemAdmin);
    // Every settings page is a real page now: Templates (templates-settings.spec.ts), Practitioner
    // Settings (staff-profile.spec.ts), Team Configuration and Team Management (team-config.spec.ts),
    // Rates (rates.spec.ts), Tax Invoice Settings (tax-invoice-settings.spec.ts) and the rest.
    const pages = [
      ['user', 'User Settings'],
      ['user/rates', 'Rates'],
      ['tax-invoice', 'Tax Invoice Settings'],
      ['practitioner', 'Practitioner Settings'],
      ['team-config', 'Team Configuration'],
      ['teams', 'Team Management'],
      ['notifications', 'Notifications'],
      ['tenant', 'Tenant Settings'],
      ['system', 'System Settings'],
      ['security', 'Security'],
      ['integrations', 'Integrations'],
      ['documentation', 'Documentation'],
      ['global', 'Global Settings'],
    ] as const;
    for (const [path, title] of pages) {
      await page.goto(`/settings/${path}`);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      // The one wording and component for what is still to come (features/placeholders/coming-soon.tsx).
      await expect(page.getByTestId('coming-soon')).toHaveCount(0);
      await expect(page.getByText(/later release|will be here|placeholder/i)).toHaveCount(0);
    }
    await page.goto('/settings/appearance');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Appearance');
  });

  test('the header opens the Quick Add menu with the spec’s items, Start Timer and Time Entry... among them', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    await page.goto('/inbox');
    await page.getByTestId('quick-add').click();
    const menu = page.getByRole('menu');
    for (const item of [
      'New Task',
      'New Incident',
      'New Invoice',
      'New BSP',
      'Start Timer',
      'Time Entry...',
    ]) {
      await expect(menu.getByRole('menuitem', { name: item })).toBeEnabled();
    }
  });

  test('Quick Add offers each person only what they may do: a support worker no invoice or plan, a guardian nothing', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.supportWorker);
    await page.goto('/inbox');
    await page.getByTestId('quick-add').click();
    const menu = page.getByRole('menu');
    for (const item of ['New Task', 'New Incident', 'Start Timer', 'Time Entry...']) {
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    }
    for (const item of ['New Invoice', 'New BSP', 'Add Participant']) {
      await expect(menu.getByRole('menuitem', { name: item })).toHaveCount(0);
    }
    await page.keyboard.press('Escape');

    // A family guardian creates nothing and records no time: no Quick Add at all, on a desk or a phone.
    await signIn(demoUsers.familyGuardian);
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    await expect(page.getByTestId('quick-add')).toHaveCount(0);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expect(page.getByTestId('mobile-quick-add')).toHaveCount(0);
  });
});
