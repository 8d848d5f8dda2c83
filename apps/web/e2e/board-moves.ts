import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What the board's browser tests share: a column scrolls by itself and draws only the cards in
 * sight (issue 19 item 3), and dnd-kit starts a mouse drag only after the pointer has moved a little.
 */

/** Scrolls a column's own scroll box to the bottom (the window never scrolls for it). */
export async function scrollColumnToBottom(column: Locator) {
  await column.getByTestId('board-column-scroll').evaluate((box) => {
    box.scrollTop = box.scrollHeight;
  });
}

/** Scrolls `column` to its end until `target` is drawn: a new card is the last of its column. */
export async function scrollUntilDrawn(column: Locator, target: Locator) {
  await expect(async () => {
    await scrollColumnToBottom(column);
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Drags `handle` onto the middle of `target` with the mouse, past dnd-kit's activation distance. */
export async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('board not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** The board column whose heading holds `name`. */
export function column(page: Page, name: string): Locator {
  return page.getByTestId('board-column').filter({ has: page.getByRole('heading', { name, exact: false }) });
}

/** The answer to the next PATCH of a card: a drag or keyboard move saves through it. */
export function patchOf(page: Page, cardId: string) {
  return page.waitForResponse(
    (response) => response.url().endsWith(`/api/cards/${cardId}`) && response.request().method() === 'PATCH',
  );
}
