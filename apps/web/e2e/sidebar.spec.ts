import type { Page } from '@playwright/test';
import { demoUsers, expect, test } from './fixtures';

const sidebar = (page: Page) => page.locator('aside[data-slot="sidebar"]');
const handle = (page: Page) => page.getByRole('separator', { name: 'Resize sidebar' });

async function sidebarWidth(page: Page): Promise<number> {
  const box = await sidebar(page).boundingBox();
  return Math.round(box?.width ?? 0);
}

async function sidebarCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'sidebar_state')?.value;
}

async function dragHandleBy(page: Page, dx: number): Promise<void> {
  const box = await handle(page).boundingBox();
  if (!box) throw new Error('The resize handle is not on screen.');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
}

test.describe('sidebar', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('is 256 px on a desktop and drags between 160 and 420 px, remembered after a reload', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    await page.goto('/inbox');
    await expect(sidebar(page)).toBeVisible();
    expect(await sidebarWidth(page)).toBe(256);
    await expect(handle(page)).toHaveAttribute('aria-valuenow', '256');
    await expect(handle(page)).toHaveAttribute('aria-valuemin', '160');
    await expect(handle(page)).toHaveAttribute('aria-valuemax', '420');

    await dragHandleBy(page, 60);
    await expect.poll(() => sidebarWidth(page)).toBe(316);
    await dragHandleBy(page, 600);
    await expect.poll(() => sidebarWidth(page)).toBe(420);
    await expect(handle(page)).toHaveAttribute('aria-valuenow', '420');
    await dragHandleBy(page, -900);
    await expect.poll(() => sidebarWidth(page)).toBe(160);

    await page.reload();
    await expect.poll(() => sidebarWidth(page)).toBe(160);
  });

  test('the resize handle works from the keyboard', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await page.goto('/inbox');
    await handle(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect(handle(page)).toHaveAttribute('aria-valuenow', '272');
    await page.keyboard.press('End');
    await expect(handle(page)).toHaveAttribute('aria-valuenow', '420');
    await page.keyboard.press('Home');
    await expect(handle(page)).toHaveAttribute('aria-valuenow', '160');
    await expect.poll(() => sidebarWidth(page)).toBe(160);
  });

  test('is 224 px on a tablet', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await signIn(demoUsers.owner);
    await page.goto('/inbox');
    await expect.poll(() => sidebarWidth(page)).toBe(224);
  });

  test('collapses to icons with the toggle and Ctrl+B, remembered in the sidebar_state cookie', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    await page.goto('/inbox');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(() => sidebarWidth(page)).toBe(52); // 3.25rem
    expect(await sidebarCookie(page)).toBe('false');
    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'sidebar_state')!;
    expect(cookie.path).toBe('/');
    const days = (cookie.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // Collapsed to icons the links keep their names (for screen readers and tooltips).
    const inbox = sidebar(page).getByRole('link', { name: 'Inbox' });
    await expect(inbox).toBeVisible();
    await inbox.hover();
    await expect(page.getByRole('tooltip', { name: 'Inbox' })).toBeVisible();

    await page.reload();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');

    await page.locator('body').press('Control+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
    expect(await sidebarCookie(page)).toBe('true');
    await page.keyboard.press('ControlOrMeta+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await page.keyboard.press('ControlOrMeta+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
  });

  test('sections remember being collapsed across a reload', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await page.goto('/inbox');
    const teamsToggle = page.getByRole('button', { name: 'Teams', exact: true });
    const adminToggle = page.getByRole('button', { name: 'Administration', exact: true });
    await expect(teamsToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('sidebar-team').first()).toBeVisible();

    await teamsToggle.click();
    await adminToggle.click();
    await expect(teamsToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('sidebar-team')).toHaveCount(0);
    await expect(sidebar(page).getByRole('link', { name: 'Time Tracking' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Teams', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByRole('button', { name: 'Administration', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByRole('button', { name: 'Favourites', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await page.getByRole('button', { name: 'Teams', exact: true }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Teams', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Administration', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('lists Inbox, Summary, My Work, the teams, Participants and Administration', async ({
    page,
    signIn,
    apiGet,
  }) => {
    await signIn(demoUsers.owner);
    await page.goto('/inbox');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /^Inbox/ })).toHaveAttribute('href', '/inbox');
    await expect(nav.getByRole('link', { name: 'Summary' })).toHaveAttribute('href', '/dashboard');
    await expect(nav.getByRole('link', { name: 'My Work' })).toHaveAttribute('href', '/my-work');
    await nav.getByRole('link', { name: 'Summary' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Summary' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/inbox');
    await expect(nav.getByRole('link', { name: 'Financial Management' })).toHaveAttribute(
      'href',
      '/invoices',
    );
    await expect(nav.getByRole('link', { name: 'Time Tracking' })).toHaveAttribute('href', '/timesheet');
    await expect(nav.getByRole('link', { name: 'File Storage' })).toHaveAttribute('href', '/admin/files');
    await expect(nav.getByRole('link', { name: 'Templates & Rules' })).toHaveCount(0);
    await expect(nav.getByText('Coming Soon')).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Participants' })).toHaveAttribute('href', '/participants');

    const tenants = await apiGet<{ id: string; name: string }[]>('/api/tenants');
    const teams = await apiGet<{ slug: string; name: string; status: string }[]>(
      '/api/teams',
      tenants[0]!.id,
    );
    for (const team of teams.filter((candidate) => candidate.status === 'active')) {
      await expect(nav.getByRole('link', { name: team.name })).toHaveAttribute(
        'href',
        `/my-teams/${team.slug}/work-board`,
      );
    }
  });

  test('leaves Financial Management out for a support worker, who reads no invoices', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.supportWorker);
    await page.goto('/inbox');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Time Tracking comes from the worker's role on their team: once it shows, the teams are counted.
    await expect(nav.getByRole('link', { name: 'Time Tracking' })).toHaveAttribute('href', '/timesheet');
    await expect(nav.getByRole('link', { name: 'File Storage' })).toHaveAttribute('href', '/admin/files');
    await expect(nav.getByRole('link', { name: 'Financial Management' })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Administration', exact: true })).toBeVisible();
  });

  test('gives an auditor Financial Management and no Time Tracking, as they record no time', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.auditor);
    await page.goto('/inbox');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Financial Management' })).toHaveAttribute(
      'href',
      '/invoices',
    );
    await expect(nav.getByRole('link', { name: 'File Storage' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Time Tracking' })).toHaveCount(0);
  });

  test("keeps the owner's Financial Management, which opens the invoices", async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await page.goto('/inbox');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Financial Management' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(page.getByRole('navigation', { name: 'Invoice views' })).toBeVisible();
    await expect(page.getByText('does not show invoices')).toHaveCount(0);
  });

  test('shows Templates & Rules to a system admin', async ({ page, signIn }) => {
    await signIn(demoUsers.systemAdmin);
    await page.goto('/inbox');
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Templates & Rules' });
    await expect(link).toHaveAttribute('href', '/templates-rules');
  });

  test('holds only the Inbox and the plans shared with them for a family guardian', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.familyGuardian);
    await page.goto('/inbox');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /^Inbox/ })).toBeVisible();
    // Shared plans (new-user.spec.ts shares one and follows it): every other link is one of them.
    await expect(nav.getByRole('button', { name: 'Shared plans' })).toBeVisible();
    const plans = await nav.getByTestId('sidebar-shared-plan').count();
    await expect(nav.getByRole('link')).toHaveCount(1 + plans);
    for (const section of ['Favourites', 'Teams', 'Participants', 'Administration']) {
      await expect(nav.getByRole('button', { name: section })).toHaveCount(0);
    }
  });
});
