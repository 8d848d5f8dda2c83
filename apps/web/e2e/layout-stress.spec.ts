import type { Page } from '@playwright/test';
import { scrollUntilDrawn } from './board-moves';
import { sunriseWithNewCard } from './cards-api';
import { demoUsers, expect, test } from './fixtures';

/**
 * Issue 18: the extra-large text size and a 200-character title with no spaces keep the header and
 * the board intact: nothing wider than the window, the header's controls on screen, the long title
 * wrapped inside its card, on a desktop and on a phone.
 */

const longTitle = `Unbroken${'x'.repeat(192)}`;

/** How far the page runs past the window's right edge, and the elements that do (for the message). */
async function horizontalOverflow(page: Page): Promise<{ by: number; offenders: string[] }> {
  return page.evaluate(() => {
    const offenders: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 1 && offenders.length < 6) {
        const testId = element.getAttribute('data-testid');
        offenders.push(
          `${element.tagName.toLowerCase()}${testId ? `[${testId}]` : ''}.${String(element.className).slice(0, 80)} right=${Math.round(box.right)}`,
        );
      }
    }
    return { by: document.documentElement.scrollWidth - window.innerWidth, offenders };
  });
}

async function expectNoOverflow(page: Page): Promise<void> {
  const { by, offenders } = await horizontalOverflow(page);
  expect(by, `runs ${by} px past the window: ${offenders.join(' | ')}`).toBeLessThanOrEqual(0);
}

/** Olivia's text size, kept on the server (so every later test signed in as her would get it). */
async function setFontSize(page: Page, fontSize: 'extra-large' | 'normal'): Promise<void> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'wattle_csrf')?.value ?? '';
  const saved = await page.request.patch('/api/me/preferences', {
    data: { fontSize },
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf) },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

// Back to normal text afterwards, whatever happened: later tests sign in as Olivia too.
test.afterEach(async ({ page }) => {
  await setFontSize(page, 'normal');
});

for (const viewport of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`extra-large text and a 200-character unbroken title keep the ${viewport.name} header and board intact`, async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(demoUsers.owner);
    const { api, card } = await sunriseWithNewCard(page, { title: longTitle });
    const teams = (await (
      await page.request.get('/api/teams', { headers: { 'X-Tenant-Id': api.tenantId } })
    ).json()) as { data: { id: string; slug: string }[] };
    const slug = teams.data.find((team) => team.id === card.teamId)!.slug;
    expect(longTitle).toHaveLength(200);
    await setFontSize(page, 'extra-large');

    await page.goto(`/my-teams/${slug}/work-board`);
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize))
      .toBe('20px');
    const tile = page.locator(`[data-testid="board-card"][data-card-id="${card.id}"]`);
    // A new card is the last of its column, which scrolls by itself and draws only the cards in sight.
    await scrollUntilDrawn(page.getByTestId('board-column').first(), tile);
    await expectNoOverflow(page);

    // The card's title wraps inside its card, which stays inside its column.
    const column = tile.locator('xpath=ancestor::*[@data-testid="board-column"][1]');
    const [tileBox, columnBox] = await Promise.all([tile.boundingBox(), column.boundingBox()]);
    expect(tileBox && columnBox).toBeTruthy();
    expect(tileBox!.x + tileBox!.width).toBeLessThanOrEqual(columnBox!.x + columnBox!.width + 1);

    // The header's controls stay on screen.
    const header = page.locator('header').first();
    const headerBox = await header.boundingBox();
    expect(headerBox!.width).toBeLessThanOrEqual(viewport.width + 1);
    for (const control of await header.getByRole('button').all()) {
      if (!(await control.isVisible())) continue;
      const box = await control.boundingBox();
      expect(
        box!.x + box!.width,
        (await control.getAttribute('aria-label')) ?? 'a header button',
      ).toBeLessThanOrEqual(viewport.width + 1);
    }
    await page.screenshot({ path: test.info().outputPath(`layout-${viewport.name}.png`), fullPage: false });

    // The list view and the card page with the long title.
    await page.goto(`/my-teams/${slug}/list`);
    // The team may hold many cards (the list draws only the rows in sight): filter to this one.
    await page
      .getByRole('searchbox', { name: 'Filter' })
      .or(page.getByRole('textbox', { name: 'Filter' }))
      .fill(card.workItemId);
    await expect(page.getByText(longTitle.slice(0, 30)).first()).toBeVisible();
    await expectNoOverflow(page);

    await page.goto(`/card/${card.id}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoOverflow(page);
    await page.screenshot({ path: test.info().outputPath(`card-${viewport.name}.png`), fullPage: false });
  });
}
