import type { APIRequestContext, Page } from '@playwright/test';
import { cardsApi } from './cards-api';
import { bluegumTenantName, demoUsers, expect, openAs, preferSunrise, tenantsOf, test } from './fixtures';

/**
 * What a new user hit (issue 18 item 6), each checked as they would meet it, at a desk (1366 px)
 * and on a phone (375 px), with a screenshot of each under .tmp/newuser/shots.
 */

const widths = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** Screenshots of the page as it is now, at both widths, ending at the desk width. */
async function shootBoth(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const viewport of [...widths].reverse()) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await ready();
    await page.screenshot({ path: `.tmp/newuser/shots/${name}-${viewport.width}.png`, fullPage: true });
  }
}

/** Creates a behaviour support plan on a team as the signed-in person of `request` and shares it with family. */
async function sharedPlanOn(request: APIRequestContext, tenantId: string, teamId: string) {
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'wattle_csrf')?.value;
  const headers = { 'X-CSRF-Token': decodeURIComponent(csrf!), 'X-Tenant-Id': tenantId };
  const created = await request.post('/api/behaviour-support-plans', {
    data: { teamId, kind: 'interim' },
    headers,
  });
  expect(created.ok(), await created.text()).toBe(true);
  const plan = ((await created.json()) as { data: { id: string; cardId: string; title: string } }).data;
  const shared = await request.post(`/api/behaviour-support-plans/${plan.id}/share`, {
    data: { sharedWithFamily: true },
    headers,
  });
  expect(shared.ok(), await shared.text()).toBe(true);
  return plan;
}

test.describe('what a new user hit', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('My Work lists the person’s cards of every team they work in, not only the first', async ({
    page,
    signIn,
  }) => {
    // Lee leads Jordan's Care Team and the Community Access Team.
    const lee = await signIn(demoUsers.teamLead);
    await preferSunrise(page, page.request);
    const api = await cardsApi(page.request);
    const jordan = await api.teamId("Jordan's Care Team");
    const community = await api.teamId('Community Access Team');
    const suffix = Date.now().toString(36);
    await api.create({
      teamId: jordan,
      title: `Jordan's review ${suffix}`,
      assigneeId: lee.id,
      dueDate: '2030-01-10',
    });
    await api.create({
      teamId: community,
      title: `Garden roster ${suffix}`,
      assigneeId: lee.id,
      dueDate: '2030-01-05',
    });
    await api.create({ teamId: community, title: `Someone else's ${suffix}`, assigneeId: null });

    await page.goto('/inbox');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Work' }).click();
    await expect(page).toHaveURL(/\/my-work$/);
    await expect(page.getByRole('heading', { name: 'My Work', level: 1 })).toBeVisible();
    const jordanWork = page.getByRole('list', { name: "Your cards in Jordan's Care Team" });
    const communityWork = page.getByRole('list', { name: 'Your cards in Community Access Team' });
    await expect(jordanWork.getByRole('link', { name: `Jordan's review ${suffix}` })).toBeVisible();
    await expect(communityWork.getByRole('link', { name: `Garden roster ${suffix}` })).toBeVisible();
    await expect(
      communityWork.getByTestId('my-work-card').filter({ hasText: 'Garden roster' }),
    ).toContainText('Due 05/01/2030');
    await expect(page.getByText(`Someone else's ${suffix}`)).toHaveCount(0);
    await shootBoth(page, 'my-work', async () => {
      await expect(communityWork.getByRole('link', { name: `Garden roster ${suffix}` })).toBeVisible();
    });

    // On a phone, the bottom bar's My Work is the same page.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/inbox');
    const bar = page.getByRole('navigation', { name: 'Mobile' });
    await bar.getByRole('link', { name: 'My Work' }).click();
    await expect(page).toHaveURL(/\/my-work$/);
    await expect(bar.getByRole('link', { name: 'My Work' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: `Garden roster ${suffix}` }).click();
    await expect(page).toHaveURL(/\/card\//);
  });

  test('a family guardian reaches the plans shared with them from the sidebar and search, without finance, tags or forms they cannot submit', async ({
    page,
    browser,
    signIn,
  }) => {
    test.setTimeout(90_000);
    await signIn(demoUsers.practitioner);
    await preferSunrise(page, page.request);
    const api = await cardsApi(page.request);
    const jordan = await api.teamId("Jordan's Care Team");
    const plan = await sharedPlanOn(page.request, api.tenantId, jordan);
    const word = `wombat${Date.now().toString(36)}`;
    const card = await api.card(plan.cardId);
    await api.update(plan.cardId, {
      version: card.version,
      description: `Calm routines for the ${word}`,
      tags: ['staff-only-tag'],
      estimatedAmountCents: 98_700,
    });
    // A card of the same team that is not a shared plan: the guardian never finds it.
    await api.create({ teamId: jordan, title: `Staff roster ${word}` });

    const fiona = await openAs(browser, demoUsers.familyGuardian, '/inbox');
    const guardian = fiona.page;
    try {
      await guardian.setViewportSize({ width: 1366, height: 900 });
      const nav = guardian.getByRole('navigation', { name: 'Main' });
      const sharedPlans = nav.getByTestId('sidebar-shared-plan');
      await expect(sharedPlans.filter({ hasText: plan.title }).first()).toBeVisible({ timeout: 20_000 });
      // Nothing of the staff's: no teams, participants, finance or time; no Quick Add.
      for (const name of ['Summary', 'My Work', 'Financial Management', 'Time Tracking', 'Participants']) {
        await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
      }
      await expect(guardian.getByTestId('quick-add')).toHaveCount(0);
      await shootBoth(guardian, 'guardian-inbox', async () => {
        await expect(guardian.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
      });
      // On a phone, More opens the same navigation with the shared plans.
      await guardian.setViewportSize({ width: 375, height: 812 });
      await guardian
        .getByRole('navigation', { name: 'Mobile' })
        .getByRole('button', { name: 'More' })
        .click();
      const sheet = guardian.getByRole('dialog', { name: 'Navigation' });
      await expect(
        sheet.getByTestId('sidebar-shared-plan').filter({ hasText: plan.title }).first(),
      ).toBeVisible();
      // The sheet slides in: the screenshot waits until it stands still.
      await expect.poll(async () => (await sheet.boundingBox())?.x).toBe(0);
      await guardian.screenshot({ path: '.tmp/newuser/shots/guardian-sidebar-375.png' });
      await sheet
        .getByTestId('sidebar-shared-plan')
        .filter({ hasText: plan.title })
        .first()
        .getByRole('link')
        .click();
      await expect(guardian).toHaveURL(new RegExp(`/bsp/${plan.id}$`));
      await expect(guardian.getByTestId('bsp-plan-status')).toBeVisible();
      await guardian.setViewportSize({ width: 1366, height: 900 });

      // Search finds the shared plan by a word of it, and not the team's other card.
      await guardian.keyboard.press('Control+k');
      const dialog = guardian.getByRole('dialog', { name: 'Search work items' });
      await dialog.getByRole('combobox', { name: 'Search across this organisation' }).fill(word);
      await expect(dialog.getByTestId('search-status')).toHaveText(/1 result/);
      await expect(dialog.getByRole('option')).toHaveCount(1);
      await expect(dialog.getByRole('option')).toContainText(plan.title);
      await dialog.getByRole('option').click();
      await expect(guardian).toHaveURL(new RegExp(`/card/${plan.cardId}$`));

      // The plan's card: read-only, without the team's finance and tags.
      const details = guardian.getByTestId('card-details');
      await expect(details.getByText('Card Type')).toBeVisible();
      await expect(details.getByRole('heading', { name: 'Finance' })).toHaveCount(0);
      await expect(details.getByRole('heading', { name: 'Tags' })).toHaveCount(0);
      await expect(guardian.getByText('staff-only-tag')).toHaveCount(0);
      await expect(guardian.getByText('You can read this form but not change it.')).toBeVisible();
      await shootBoth(guardian, 'guardian-shared-plan-card', async () => {
        await expect(guardian.getByText('You can read this form but not change it.')).toBeVisible();
      });
      // Ctrl+N opens no New Task form for someone who cannot create one.
      await guardian.keyboard.press('Control+n');
      await expect(guardian.getByRole('dialog')).toHaveCount(0);
    } finally {
      await fiona.context.close();
    }
  });

  test('the tenant switcher shows the unread count of the person’s other organisation, live', async ({
    page,
    browser,
    signIn,
    apiGet,
  }) => {
    test.setTimeout(90_000);
    // Priya works in Sunrise and in Bluegum; she has Sunrise open.
    const priya = await signIn(demoUsers.practitioner);
    await preferSunrise(page, page.request);
    const bluegum = (await tenantsOf(apiGet)).find((tenant) => tenant.name === bluegumTenantName)!;
    await page.goto('/inbox');
    await expect(page.locator('html')).toHaveAttribute('data-live-stream', 'open', { timeout: 20_000 });
    const before = (
      await apiGet<{ tenantId: string; unread: number }[]>('/api/notifications/unread-counts')
    ).find((count) => count.tenantId === bluegum.id)!.unread;

    // In Bluegum, Ben gives Priya a card and comments on it: a notification for her there.
    // Ben works in Bluegum only: signed in through the API, no page needed.
    const ben = { context: await browser.newContext() };
    try {
      const request = ben.context.request;
      const login = await request.post('/api/auth/demo/login', { data: { email: demoUsers.bluegumOwner } });
      expect(login.ok()).toBe(true);
      const api = await cardsApi(request, bluegum.id);
      const harper = await api.teamId("Harper's Care Team");
      const card = await api.create({ teamId: harper, title: 'Sleep diary review', assigneeId: priya.id });
      const csrf = (await ben.context.storageState()).cookies.find((c) => c.name === 'wattle_csrf')!.value;
      const comment = await request.post(`/api/cards/${card.id}/comments`, {
        data: { content: 'Priya, could you look over the sleep diary?' },
        headers: { 'X-CSRF-Token': decodeURIComponent(csrf), 'X-Tenant-Id': bluegum.id },
      });
      expect(comment.ok(), await comment.text()).toBe(true);
    } finally {
      await ben.context.close();
    }

    // Without a reload: the trigger counts the other organisation's unread, the menu says where.
    const trigger = page.getByTestId('current-tenant');
    await expect(trigger.getByTestId('tenant-switcher-unread')).toHaveText(new RegExp(`^${before + 1}\\b`));
    await trigger.click();
    const bluegumOption = page.getByTestId('tenant-option').filter({ hasText: bluegumTenantName });
    await expect(bluegumOption.getByTestId('tenant-option-unread')).toHaveText(`${before + 1} unread`);
    // The current organisation's count is the Inbox badge's, not repeated here.
    const sunriseOption = page.getByTestId('tenant-option').filter({ hasText: 'Current' });
    await expect(sunriseOption.getByTestId('tenant-option-unread')).toHaveCount(0);
    await page.screenshot({ path: '.tmp/newuser/shots/tenant-switcher-unread-1366.png' });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 375, height: 812 });
    await trigger.click();
    await expect(bluegumOption.getByTestId('tenant-option-unread')).toBeVisible();
    await page.screenshot({ path: '.tmp/newuser/shots/tenant-switcher-unread-375.png' });
  });

  test('Quick Add offers a support worker only what she may create, at a desk and on a phone', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.supportWorker);
    await page.goto('/inbox');
    for (const viewport of widths) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.getByTestId(viewport.name === 'phone' ? 'mobile-quick-add' : 'quick-add').click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'New Task' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'New Incident' })).toBeVisible();
      for (const item of ['New Invoice', 'New BSP', 'Add Participant']) {
        await expect(menu.getByRole('menuitem', { name: item })).toHaveCount(0);
      }
      await page.screenshot({ path: `.tmp/newuser/shots/quick-add-support-worker-${viewport.width}.png` });
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
  });
});
