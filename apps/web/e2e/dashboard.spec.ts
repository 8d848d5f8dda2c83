import type { Dashboard } from '@wattle/domain/dashboard/schemas';
import { demoUsers, expect, preferSunrise, sunriseOf, test } from './fixtures';

/**
 * The dashboard (issue 16 item 7) over the demo data: Olivia's tiles show the counts the API gives
 * her and lead to their lists; Fiona (family guardian) sees no incidents, hours or finance; on a
 * phone the tiles stack in one column.
 */
test.describe('dashboard', () => {
  test('shows the owner every tile with the real counts, and a tile leads to its list', async ({
    page,
    signIn,
    apiGet,
  }) => {
    test.slow();
    await signIn(demoUsers.owner);
    await preferSunrise(page, page.request);
    const { tenantId } = await sunriseOf(apiGet);
    const dashboard = await apiGet<Dashboard>('/api/dashboard', tenantId);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard · Wattle');
    const tiles = page.getByTestId('dashboard-tiles');
    for (const name of [
      'Work due',
      'Commission deadlines',
      'Behaviour support plans',
      'Open incidents',
      'Hours this week',
      'Invoices awaiting your approval',
    ]) {
      await expect(tiles.getByRole('heading', { name, level: 2 })).toBeVisible();
    }

    const figures = (testId: string) => page.getByTestId(testId).getByTestId('figure');
    await expect(figures('tile-cards').nth(0)).toHaveText(String(dashboard.cards!.overdue));
    await expect(figures('tile-cards').nth(1)).toHaveText(String(dashboard.cards!.dueSoon));
    await expect(figures('tile-incidents').nth(0)).toHaveText(String(dashboard.incidents!.open));
    await expect(figures('tile-invoices').nth(0)).toHaveText(String(dashboard.invoices!.awaiting));
    await expect(figures('tile-deadlines').nth(1)).toHaveText(String(dashboard.deadlines!.dueSoon));
    // The nearest deadlines carry their countdown badge.
    if (dashboard.deadlines!.items.length > 0) {
      await expect(page.getByTestId('tile-deadlines').getByTestId('deadline-badge').first()).toBeVisible();
    }
    // The nearest cards are listed by id and title, each a link to the card.
    const nearest = dashboard.cards!.items[0];
    if (nearest) {
      await expect(
        page.getByTestId('tile-cards').getByRole('link', { name: new RegExp(nearest.title) }),
      ).toHaveAttribute('href', nearest.href);
    }

    await tiles.getByRole('link', { name: 'Open incidents' }).click();
    await expect(page).toHaveURL(/\/incidents\?status=open$/);
    await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible();

    await page.goBack();
    await tiles.getByRole('link', { name: 'Invoices awaiting your approval' }).click();
    await expect(page).toHaveURL(/\/approvals\/invoices$/);
    await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  });

  test('shows a family guardian no incidents, hours or finance', async ({ page, signIn }) => {
    await signIn(demoUsers.familyGuardian);
    await page.goto('/dashboard');
    const tiles = page.getByTestId('dashboard-tiles');
    await expect(tiles.getByRole('heading', { name: 'Behaviour support plans', level: 2 })).toBeVisible();
    await expect(tiles.getByRole('heading', { name: 'Commission deadlines', level: 2 })).toBeVisible();
    for (const testId of ['tile-incidents', 'tile-invoices', 'tile-hours', 'tile-cards']) {
      await expect(page.getByTestId(testId)).toHaveCount(0);
    }
    await expect(tiles.getByText(/incident/i)).toHaveCount(0);
  });

  test('lays the tiles out in one column on a phone', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(demoUsers.owner);
    await preferSunrise(page, page.request);
    await page.goto('/dashboard');
    const sections = page.getByTestId('dashboard-tiles').locator('section');
    await expect(sections).toHaveCount(6);
    const boxes = await sections.evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { x: box.x, y: box.y, width: box.width };
      }),
    );
    for (const [i, box] of boxes.entries()) {
      expect(box.x).toBe(boxes[0]!.x);
      expect(box.width).toBeLessThanOrEqual(375);
      if (i > 0) expect(box.y).toBeGreaterThan(boxes[i - 1]!.y);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
