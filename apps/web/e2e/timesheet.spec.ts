import type { APIRequestContext, Page } from '@playwright/test';
import { dayMonthYear } from '@wattle/domain/shared/dates';
import { demoUsers, expect, expectNoAccessibilityViolations, openAs, preferSunrise, test } from './fixtures';
import { addDays, mondayOf, sydneyToday, timeApi } from './time-api';

/**
 * The timesheet (issue 14 part 6) against the real server: Sophie adds a Saturday entry (the
 * Saturday support item and its price are chosen) and submits her week; Lee, her team lead, rejects
 * one entry with a reason and approves the rest; Sophie sees the reason. Also the week's navigation,
 * totals, deleting a draft, the CSV link, the keyboard and a 375 px phone.
 */

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

function day(page: Page, date: string) {
  return page.locator(`[data-testid="timesheet-day"][data-date="${date}"]`);
}

const csrfHeaders = async (request: APIRequestContext, tenantId: string) => ({
  'X-Tenant-Id': tenantId,
  'X-CSRF-Token': decodeURIComponent(
    (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')!.value,
  ),
});

/** Sophie's drafts of the week are hers to clear, so this test's entries never meet a seeded one. */
async function clearDrafts(request: APIRequestContext, from: string, to: string) {
  const api = await timeApi(request);
  for (const entry of await api.myEntries(from, to)) {
    if (entry.status === 'draft' || entry.status === 'rejected') {
      const response = await request.delete(`/api/time-entries/${entry.id}?version=${entry.version}`, {
        headers: await csrfHeaders(request, api.tenantId),
      });
      expect(response.status(), await response.text()).toBe(204);
    }
  }
}

test.describe('timesheet', () => {
  test('Sophie adds a Saturday entry and submits her week; Lee rejects one with a reason and approves the rest; Sophie sees the reason', async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn(demoUsers.supportWorker);
    await preferSunrise(page.context(), page.request);
    const api = await timeApi(page.request);
    const monday = mondayOf(sydneyToday());
    const friday = addDays(monday, 4);
    const saturday = addDays(monday, 5);
    const sunday = addDays(monday, 6);
    await clearDrafts(page.request, monday, sunday);
    // Early mornings, clear of the seeded days.
    const friday0 = await api.create({
      date: friday,
      startTime: '05:00',
      endTime: '06:00',
      timeCodeId: (await api.codes()).find((code) => code.isActive)!.id,
    });
    const friday1 = await api.create({
      date: friday,
      startTime: '06:00',
      endTime: '06:30',
      timeCodeId: friday0.timeCodeId,
    });
    const sundayDraft = await api.create({
      date: sunday,
      startTime: '05:00',
      endTime: '05:30',
      timeCodeId: friday0.timeCodeId,
    });

    await page.goto('/timesheet');
    await expect(page.getByRole('heading', { level: 1, name: 'Timesheet' })).toBeVisible();
    await expect(page).toHaveTitle('Timesheet · Wattle');
    // Monday first, seven days.
    const days = page.getByTestId('timesheet-day');
    await expect(days).toHaveCount(7);
    await expect(days.first()).toHaveAttribute('data-date', monday);
    // A support worker approves nothing: no Approvals tab.
    await expect(page.getByRole('link', { name: 'Approvals', exact: true })).toHaveCount(0);

    // Deleting a draft asks first.
    await day(page, sunday)
      .getByRole('button', { name: /^Delete entry/ })
      .click();
    const deleting = page.getByRole('alertdialog', { name: 'Delete this entry?' });
    await deleting.getByRole('button', { name: 'Delete Entry' }).click();
    await expect(toast(page, 'Entry deleted')).toBeVisible();
    await expect(day(page, sunday).getByTestId('time-entry')).toHaveCount(0);
    expect((await api.myEntries(sunday, sunday)).some((entry) => entry.id === sundayDraft.id)).toBe(false);

    // Sophie adds a Saturday entry from the Saturday column, by keyboard.
    const addSaturday = day(page, saturday).getByRole('button', { name: /^Add time on Saturday/ });
    await addSaturday.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Manual Time Entry' });
    await expect(dialog.getByLabel('Date')).toHaveValue(dayMonthYear(saturday));
    // Escape closes it and focus returns to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(addSaturday).toBeFocused();
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Start time').fill('06:00');
    await dialog.getByLabel('End time').fill('08:00');
    await dialog.getByLabel('Description').fill('Saturday morning support');
    await dialog.getByRole('button', { name: 'Save Entry' }).click();
    await expect(toast(page, 'Time entry for 2 hours saved successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const [saturdayEntry] = (await api.myEntries(saturday, saturday)).filter(
      (entry) => entry.description === 'Saturday morning support',
    );
    // The pricing rules chose the Saturday item of the code's family, at its Saturday price.
    expect(saturdayEntry!.band).toBe('saturday');
    expect(saturdayEntry!.supportItemName).toMatch(/Saturday/);
    const card = day(page, saturday).getByTestId('time-entry').filter({ hasText: '06:00–08:00' });
    const price = `$${(saturdayEntry!.unitPriceCents / 100).toFixed(2)}/h`;
    await expect(card.getByTestId('entry-item')).toContainText(saturdayEntry!.supportItemNumber);
    await expect(card.getByTestId('entry-item')).toContainText(`Saturday · ${price}`);
    await expect(card.getByTestId('entry-amount')).toHaveText(
      `$${(saturdayEntry!.amountCents / 100).toFixed(2)}`,
    );
    await expect(card.getByTestId('entry-status')).toHaveText('Draft');
    await expect(day(page, saturday).getByTestId('day-totals')).toContainText('2 h');
    await expectNoAccessibilityViolations(page);

    // Submit Week: drafts and rejected entries go for approval and lock.
    await page.getByRole('button', { name: 'Submit Week' }).click();
    const submitting = page.getByRole('alertdialog', { name: 'Submit this week?' });
    await submitting.getByRole('button', { name: 'Submit Week' }).click();
    await expect(toast(page, 'Week submitted')).toBeVisible();
    await expect(card.getByTestId('entry-status')).toHaveText('Submitted');
    await expect(card.getByRole('img', { name: 'Locked' })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Edit entry/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit Week' })).toBeDisabled();
    const submitted = await api.myEntries(monday, sunday);
    expect(submitted.filter((entry) => entry.status === 'draft')).toHaveLength(0);

    // Lee, Sophie's team lead, in a browser of his own.
    const lee = await openAs(browser, demoUsers.teamLead, '/timesheet?tab=approvals');
    await expect(lee.page.getByRole('link', { name: 'Approvals', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const rejectSaturday = lee.page.getByRole('button', { name: /^Reject Sat .* 06:00–08:00/ });
    const approveFriday = lee.page.getByRole('button', { name: /^Approve Fri .* 05:00–06:00/ });
    const approveFridayLater = lee.page.getByRole('button', { name: /^Approve Fri .* 06:00–06:30/ });
    // Sophie's week: her Saturday and Friday entries, together.
    const weekGroup = lee.page
      .getByRole('region', { name: /^Sophie Support, week of/ })
      .filter({ has: approveFridayLater });
    await expect(weekGroup).toBeVisible();
    // His own submitted time is for someone else to approve.
    await expect(lee.page.getByRole('region', { name: /^Lee Lead, week of/ })).toHaveCount(0);
    await expect(weekGroup.getByRole('button', { name: /^Reject Sat .* 06:00–08:00/ })).toBeVisible();
    await expectNoAccessibilityViolations(lee.page);
    await rejectSaturday.click();
    const reject = lee.page.getByRole('dialog', { name: 'Reject Entry' });
    // A reason is required.
    await reject.getByRole('button', { name: 'Reject Entry' }).click();
    await expect(reject.getByText('Please give a reason for rejecting this entry')).toBeVisible();
    await reject.getByLabel('Reason').fill('Wrong participant: this was with Mia');
    await reject.getByRole('button', { name: 'Reject Entry' }).click();
    await expect(toast(lee.page, 'Entry rejected')).toBeVisible();
    await expect(reject).toBeHidden();
    await expect(rejectSaturday).toHaveCount(0);
    // One entry's own Approve, then the rest of the week at once.
    await approveFriday.click();
    await expect(toast(lee.page, 'Entry approved')).toBeVisible();
    await expect(approveFriday).toHaveCount(0);
    await weekGroup.getByRole('button', { name: /^Approve all/ }).click();
    await expect(toast(lee.page, 'Entries approved')).toBeVisible();
    await expect(approveFridayLater).toHaveCount(0);
    await lee.context.close();

    const decided = await api.myEntries(monday, sunday);
    expect(decided.find((entry) => entry.id === saturdayEntry!.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Wrong participant: this was with Mia',
    });
    expect(decided.find((entry) => entry.id === friday0.id)?.status).toBe('approved');
    expect(decided.find((entry) => entry.id === friday1.id)?.status).toBe('approved');

    // Sophie sees the reason (the live feed refreshes her open week), and may edit the entry again.
    await expect(card.getByTestId('entry-status')).toHaveText('Rejected');
    await expect(card.getByTestId('rejection-reason')).toHaveText(
      'Rejected: Wrong participant: this was with Mia',
    );
    await expect(card.getByRole('button', { name: /^Edit entry/ })).toBeVisible();
    const fridayCard = day(page, friday).getByTestId('time-entry').filter({ hasText: '05:00–06:00' });
    await expect(fridayCard.getByTestId('entry-status')).toHaveText('Approved');
    await expect(page.getByRole('button', { name: 'Submit Week' })).toBeEnabled();
    // And in her inbox.
    await page.goto('/inbox');
    await expect(page.getByText(/Wrong participant: this was with Mia/).first()).toBeVisible();
  });

  test('moves between weeks, copies last week as drafts, exports the shown week as CSV, and fits a 375 px phone', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.supportWorker);
    await preferSunrise(page.context(), page.request);
    const monday = mondayOf(sydneyToday());
    await page.goto('/timesheet');
    await expect(page.getByTestId('timesheet-day').first()).toHaveAttribute('data-date', monday);
    await expect(page.getByRole('button', { name: 'This week' })).toBeDisabled();

    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(page).toHaveURL(new RegExp(`week=${addDays(monday, -7)}`));
    await expect(page.getByTestId('timesheet-day').first()).toHaveAttribute('data-date', addDays(monday, -7));
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    const href = new URL((await exportLink.getAttribute('href'))!, page.url());
    expect(href.pathname).toBe('/api/time-entries/export.csv');
    expect(href.searchParams.get('from')).toBe(addDays(monday, -7));
    expect(href.searchParams.get('to')).toBe(addDays(monday, -1));
    const csv = await page.request.get(href.toString());
    expect(csv.ok(), await csv.text()).toBe(true);
    expect(csv.headers()['content-type']).toContain('text/csv');

    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByTestId('timesheet-day').first()).toHaveAttribute('data-date', addDays(monday, 7));

    // Copy Last Week: this week's entries as drafts of next week, on the same weekdays and times.
    await clearDrafts(page.request, addDays(monday, 7), addDays(monday, 13));
    const api = await timeApi(page.request);
    const thisWeek = await api.myEntries(monday, addDays(monday, 6));
    await page.getByRole('button', { name: 'Copy Last Week' }).click();
    await expect(toast(page, 'added from last week')).toBeVisible();
    const copied = await api.myEntries(addDays(monday, 7), addDays(monday, 13));
    expect(copied.length).toBeGreaterThan(0);
    expect(copied.length).toBeLessThanOrEqual(thisWeek.length);
    expect(copied.every((entry) => entry.status === 'draft')).toBe(true);
    for (const entry of copied) {
      expect(
        thisWeek.some((old) => addDays(old.date, 7) === entry.date && old.startTime === entry.startTime),
      ).toBe(true);
    }
    await expect(page.getByTestId('time-entry')).toHaveCount(copied.length);
    await page.getByRole('button', { name: 'This week' }).click();
    await expect(page.getByTestId('timesheet-day').first()).toHaveAttribute('data-date', monday);

    // A phone: the days stack, nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/timesheet');
    await expect(page.getByTestId('timesheet-day')).toHaveCount(7);
    const [first, second] = await Promise.all([
      page.getByTestId('timesheet-day').nth(0).boundingBox(),
      page.getByTestId('timesheet-day').nth(1).boundingBox(),
    ]);
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Add Entry' })).toBeVisible();
    // The week's dates are whole, clear of the next-week button.
    const heading = await page.getByRole('heading', { level: 2, name: /^Week of/ }).boundingBox();
    const next = await page.getByRole('button', { name: 'Next week' }).boundingBox();
    expect(heading!.x + heading!.width).toBeLessThanOrEqual(next!.x);
    expect(
      await page
        .getByRole('heading', { level: 2, name: /^Week of/ })
        .evaluate((element) => element.scrollWidth <= element.clientWidth),
    ).toBe(true);
    await expectNoAccessibilityViolations(page);
  });
});
