import type { Page } from '@playwright/test';
import { cardsApi } from './cards-api';
import { demoUsers, expect, preferSunrise, test } from './fixtures';

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
});
