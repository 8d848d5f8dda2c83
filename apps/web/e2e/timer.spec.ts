import type { Page } from '@playwright/test';
import { demoUsers, expect, preferSunrise, test } from './fixtures';
import { sydneyToday, timeApi } from './time-api';

/**
 * The running timer (spec work section 2 "Running timer"; issue 14 part 5) against the real server:
 * Quick Add's Start Timer, the header chip in a second tab within a second or two (the live feed),
 * the chip's dialog, and Stop & Save making a draft entry that opens for a description.
 */

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** Sophie's drafts that cover the coming minutes would make the timer's entry overlap: out of the way. */
async function clearNow(api: Awaited<ReturnType<typeof timeApi>>, request: Page['request']) {
  await api.stopTimerWithoutSaving();
  const today = sydneyToday();
  for (const entry of await api.myEntries(today, today)) {
    if (entry.status === 'draft' || entry.status === 'rejected') {
      await request.delete(`/api/time-entries/${entry.id}?version=${entry.version}`, {
        headers: {
          'X-Tenant-Id': api.tenantId,
          'X-CSRF-Token': decodeURIComponent(
            (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')!.value,
          ),
        },
      });
    }
  }
}

test.describe('running timer', () => {
  test('starts from Quick Add, shows in a second tab within a second or two, and Stop & Save opens the entry', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.supportWorker);
    await preferSunrise(page.context(), page.request);
    const api = await timeApi(page.request);
    await clearNow(api, page.request);

    await page.goto('/inbox');
    const second = await page.context().newPage();
    await second.goto('/timesheet');
    await expect(second.getByRole('heading', { level: 1, name: 'Timesheet' })).toBeVisible();
    // The second tab listens on the live feed before the timer starts.
    await expect(second.locator('html')).toHaveAttribute('data-live-stream', 'open');
    await expect(page.getByTestId('timer-chip')).toHaveCount(0);
    await expect(second.getByTestId('timer-chip')).toHaveCount(0);

    await page.getByTestId('quick-add').click();
    await page.getByRole('menuitem', { name: 'Start Timer' }).click();
    await expect(toast(page, 'Timer started')).toBeVisible();
    await expect(page.getByTestId('timer-chip')).toBeVisible();
    await expect(page.getByTestId('timer-chip')).toHaveText(/^\d\d:\d\d$/);
    // The other tab: within a second or two, by the live feed (its polling fallback is 5 s).
    await expect(second.getByTestId('timer-chip')).toBeVisible({ timeout: 2500 });
    const timer = await api.timer();
    expect(timer.running).toBe(true);
    expect(timer.timeCodeId, 'started with a time code').toBeTruthy();

    // The chip counts every second.
    const first = await page.getByTestId('timer-chip').textContent();
    await expect(page.getByTestId('timer-chip')).not.toHaveText(first ?? '', { timeout: 2500 });

    // The chip opens its dialog from the keyboard; Escape closes it and focus returns to the chip.
    await page.getByTestId('timer-chip').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Timer' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Timer' })).toBeHidden();
    await expect(page.getByTestId('timer-chip')).toBeFocused();

    // While it runs, Quick Add offers to show it (how a phone, without the chip, reaches it).
    await page.getByTestId('quick-add').click();
    await expect(page.getByRole('menuitem', { name: 'Show Timer' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The chip's dialog in the second tab: elapsed time, Go to Timesheet, Stop & Save.
    await second.getByTestId('timer-chip').click();
    const dialog = second.getByRole('dialog', { name: 'Timer' });
    await expect(dialog.getByTestId('timer-elapsed')).toHaveText(/Elapsed time \d\d:\d\d/);
    await expect(dialog.getByRole('link', { name: 'Go to Timesheet' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Stop & Save' }).click();

    await expect(toast(second, 'Entry Added')).toContainText('Time entry for');
    const edit = second.getByRole('dialog', { name: 'Edit Time Entry' });
    await expect(edit).toBeVisible();
    await expect(second.getByTestId('timer-chip')).toHaveCount(0);
    // The first tab's chip goes too.
    await expect(page.getByTestId('timer-chip')).toHaveCount(0, { timeout: 2500 });

    await edit.getByLabel('Description').fill('Helped with the weekly shop');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();

    const today = sydneyToday();
    const entries = await api.myEntries(today, today);
    const saved = entries.find((entry) => entry.description === 'Helped with the weekly shop');
    expect(saved).toMatchObject({ status: 'draft', timeCodeId: timer.timeCodeId });
    expect(saved!.duration).toBeGreaterThanOrEqual(1);
    expect((await api.timer()).running).toBe(false);
    // The timesheet behind the dialog shows the new entry.
    await expect(second.getByTestId('time-entry').filter({ hasText: saved!.startTime })).toBeVisible();
    await second.close();
  });

  test('a timer over 12 hours asks before it is saved', async ({ page, signIn }) => {
    await signIn(demoUsers.supportWorker);
    await preferSunrise(page.context(), page.request);
    const api = await timeApi(page.request);
    await clearNow(api, page.request);
    await page.clock.install();
    await page.goto('/inbox');
    await page.getByTestId('quick-add').click();
    await page.getByRole('menuitem', { name: 'Start Timer' }).click();
    await expect(page.getByTestId('timer-chip')).toBeVisible();

    // Thirteen hours on, as far as this browser knows (the server's timer has run seconds).
    await page.clock.fastForward('13:00:00');
    await expect(page.getByTestId('timer-chip')).toHaveText(/^13:0\d:\d\d$/);
    await page.getByTestId('timer-chip').click();
    await page.getByRole('dialog', { name: 'Timer' }).getByRole('button', { name: 'Stop & Save' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Save a long timer?' });
    await expect(confirm).toContainText('more than 12');
    // Cancel keeps it running.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect((await api.timer()).running).toBe(true);

    await page.getByRole('dialog', { name: 'Timer' }).getByRole('button', { name: 'Stop & Save' }).click();
    await page
      .getByRole('alertdialog', { name: 'Save a long timer?' })
      .getByRole('button', { name: 'Save Entry' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Edit Time Entry' })).toBeVisible();
    expect((await api.timer()).running).toBe(false);
  });
});
