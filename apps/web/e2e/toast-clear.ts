import { expect, type Locator } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The element's box once it has stopped moving (a toast slides in), or null while it is not drawn. */
async function settledBox(locator: Locator): Promise<Box | null> {
  let previous = await locator.boundingBox();
  for (let tries = 0; tries < 20; tries += 1) {
    await locator.page().waitForTimeout(100);
    const box = await locator.boundingBox();
    if (box && previous && JSON.stringify(box) === JSON.stringify(previous)) return box;
    previous = box;
  }
  return previous;
}

/**
 * A shown toast sits clear of a bar at the foot of the screen (ui/toast-clearance.ts): their boxes,
 * once the toast has slid in, do not meet, and the toast is above the bar, on screen.
 */
export async function expectToastClearOf(toast: Locator, bar: Locator): Promise<void> {
  await expect(toast).toBeVisible();
  await expect(bar).toBeVisible();
  const toastBox = await settledBox(toast);
  const barBox = await settledBox(bar);
  expect(toastBox, 'the toast is drawn').not.toBeNull();
  expect(barBox, 'the bar is drawn').not.toBeNull();
  expect(
    overlaps(toastBox!, barBox!),
    `toast ${JSON.stringify(toastBox)} clear of bar ${JSON.stringify(barBox)}`,
  ).toBe(false);
  expect(toastBox!.y).toBeGreaterThanOrEqual(0);
}
