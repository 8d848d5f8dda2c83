import type { Page } from '@playwright/test';
import { dayMonthYear } from '@wattle/domain/shared/dates';
import { demoUsers, expect, expectNoAccessibilityViolations, preferSunrise, test } from './fixtures';
import { participantsApi } from './participants-api';
import { addDays, mondayOf, sydneyToday, timeApi } from './time-api';

/**
 * The Add Manual Time Entry dialog (spec work section 2; issue 14 part 4) against the real server:
 * defaults, quick buttons, the live duration, the 'Invalid Time Range' toast with nothing saved,
 * Save & New keeping what the spec says, the 'Entry Added' toasts and a server refusal (an overlap)
 * shown in the dialog with the typing kept.
 */

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

async function openDialog(page: Page) {
  await page.getByTestId('quick-add').click();
  await page.getByRole('menuitem', { name: 'Time Entry...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Manual Time Entry' });
  await expect(dialog.getByLabel('Start time')).toBeVisible();
  return dialog;
}

test.describe('Add Manual Time Entry dialog', () => {
  test('quick buttons, live duration, the invalid range toast, Save & New and Save Entry', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.supportWorker);
    await preferSunrise(page, page.request);
    const api = await timeApi(page.request);
    const today = sydneyToday();
    // A Tuesday long before the demo weeks, so nothing seeded overlaps.
    const day = addDays(mondayOf(today), -12 * 7 + 1);
    const participant = (await (await participantsApi(page.request)).list({ sort: 'name', order: 'asc' }))
      .data[0];
    expect(participant, 'Sophie reads a participant').toBeTruthy();

    await page.goto('/inbox');
    const dialog = await openDialog(page);

    // The spec's defaults: today, 09:00-10:00, the tenant's default code (the first active one here).
    await expect(dialog.getByLabel('Date')).toHaveValue(dayMonthYear(today));
    await expect(dialog.getByLabel('Start time')).toHaveValue('09:00');
    await expect(dialog.getByLabel('End time')).toHaveValue('10:00');
    await expect(dialog.getByTestId('entry-duration')).toHaveText('Duration: 1h 0m');
    const codes = await api.codes();
    const firstActive = codes.find((code) => code.isActive)!;
    await expect(dialog.getByLabel('Time code')).toHaveValue(firstActive.id);
    // Inactive codes are listed, disabled.
    const inactive = codes.find((code) => !code.isActive);
    if (inactive) {
      await expect(dialog.getByLabel('Time code').locator(`option[value="${inactive.id}"]`)).toBeDisabled();
    }
    await expect(dialog.getByLabel('Description')).toHaveAttribute('placeholder', 'What did you work on?');
    await expect(dialog.getByRole('switch', { name: 'This includes travel time' })).not.toBeChecked();
    await expectNoAccessibilityViolations(page);

    // Quick buttons: the end that long after the start.
    await dialog.getByRole('button', { name: 'End 30m after the start' }).click();
    await expect(dialog.getByLabel('End time')).toHaveValue('09:30');
    await expect(dialog.getByTestId('entry-duration')).toHaveText('Duration: 0h 30m');
    await dialog.getByRole('button', { name: 'End 2h after the start' }).click();
    await expect(dialog.getByTestId('entry-duration')).toHaveText('Duration: 2h 0m');
    await dialog.getByRole('button', { name: 'End 1h after the start' }).click();
    await expect(dialog.getByLabel('End time')).toHaveValue('10:00');

    // Start Now and End Now read the clock: this minute, or the next if it turned meanwhile.
    const sydneyTime = () =>
      page.evaluate(() =>
        new Intl.DateTimeFormat('en-AU', {
          timeZone: 'Australia/Sydney',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(new Date()),
      );
    const before = await sydneyTime();
    await dialog.getByRole('button', { name: 'Start Now' }).click();
    await dialog.getByRole('button', { name: 'End Now' }).click();
    const after = await sydneyTime();
    const start = await dialog.getByLabel('Start time').inputValue();
    const end = await dialog.getByLabel('End time').inputValue();
    expect([before, after]).toContain(start);
    expect([before, after]).toContain(end);
    await expect(dialog.getByLabel('Date')).toHaveValue(dayMonthYear(today));
    if (start === end) {
      await expect(dialog.getByTestId('entry-duration')).toHaveText('Duration: 0h 0m');
      await expect(dialog.getByRole('button', { name: 'Save Entry' })).toBeDisabled();
    }

    // End before start: the spec's toast, both saves disabled, and Enter saves nothing.
    await dialog.getByLabel('Date').fill(dayMonthYear(day));
    // The calendar's code is fetched when it first opens (Alt+Down); the typed day has the focus.
    await dialog.getByLabel('Date').press('Alt+ArrowDown');
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.locator('[data-selected="true"] button')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('grid')).toHaveCount(0);
    await expect(dialog.getByLabel('Date')).toBeFocused();
    await expect(dialog.getByLabel('Date')).toHaveValue(dayMonthYear(day));
    await dialog.getByLabel('Start time').fill('11:00');
    await dialog.getByLabel('End time').fill('10:00');
    await dialog.getByLabel('End time').press('Tab');
    const invalid = toast(page, 'Invalid Time Range');
    await expect(invalid).toBeVisible();
    await expect(invalid).toContainText('End time must be after start time.');
    await expect(dialog.getByTestId('entry-duration')).toHaveText('Duration: 0h 0m');
    await expect(dialog.getByRole('button', { name: 'Save Entry' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Save & New' })).toBeDisabled();
    await dialog.getByLabel('End time').press('Enter');
    await expect(dialog).toBeVisible();
    expect(await api.myEntries(day, day)).toHaveLength(0);

    // A real entry with everything Save & New keeps.
    await dialog.getByLabel('Start time').fill('09:00');
    await dialog.getByLabel('End time').fill('10:30');
    await expect(dialog.getByTestId('entry-duration')).toHaveText('Duration: 1h 30m');
    await dialog.getByRole('button', { name: /Participant.*Change/ }).click();
    await page.getByRole('button', { name: participant!.name }).click();
    await dialog.getByLabel('Description').fill('Morning routine and breakfast');
    await dialog.getByLabel('Location (optional)').fill('Parramatta');
    await dialog.getByRole('switch', { name: 'This includes travel time' }).click();
    await dialog.getByRole('button', { name: 'Save & New' }).click();

    await expect(toast(page, 'Time entry for 1.5 hours saved.')).toContainText('Entry Added');
    await expect(dialog.getByTestId('saved-entry-summary')).toContainText('09:00–10:30');
    // Kept: date, code, participant, card, location and travel; the start is the old end.
    await expect(dialog.getByLabel('Date')).toHaveValue(dayMonthYear(day));
    await expect(dialog.getByLabel('Start time')).toHaveValue('10:30');
    await expect(dialog.getByLabel('Start time')).toBeFocused();
    await expect(dialog.getByLabel('Description')).toHaveValue('');
    await expect(dialog.getByLabel('Location (optional)')).toHaveValue('Parramatta');
    await expect(dialog.getByRole('switch', { name: 'This includes travel time' })).toBeChecked();
    await expect(dialog.getByText(participant!.name, { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('Time code')).toHaveValue(firstActive.id);

    const [saved] = await api.myEntries(day, day);
    expect(saved).toMatchObject({
      date: day,
      startTime: '09:00',
      endTime: '10:30',
      duration: 90,
      status: 'draft',
      participantId: participant!.id,
      description: 'Morning routine and breakfast',
      location: 'Parramatta',
      isTravel: true,
      timeCodeId: firstActive.id,
    });

    // Overlapping the first: the server's message in the dialog, the typing kept, nothing saved.
    await dialog.getByLabel('Start time').fill('10:00');
    await dialog.getByLabel('End time').fill('11:00');
    await dialog.getByLabel('Description').fill('Shopping');
    await dialog.getByRole('button', { name: 'Save Entry' }).click();
    await expect(dialog.getByTestId('entry-error')).toContainText('This overlaps your entry on');
    await expect(dialog.getByLabel('Description')).toHaveValue('Shopping');
    expect(await api.myEntries(day, day)).toHaveLength(1);

    // Save Entry: the spec's toast, and the dialog closes with focus back on Quick Add.
    await dialog.getByLabel('Start time').fill('10:30');
    await dialog.getByLabel('End time').press('Enter');
    await expect(toast(page, 'Time entry for 0.5 hours saved successfully.')).toContainText('Entry Added');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('quick-add')).toBeFocused();
    expect((await api.myEntries(day, day)).map((entry) => `${entry.startTime}-${entry.endTime}`)).toEqual([
      '09:00-10:30',
      '10:30-11:00',
    ]);
  });

  test('a shift past midnight is saved with Ends next day', async ({ page, signIn }) => {
    await signIn(demoUsers.supportWorker);
    await preferSunrise(page, page.request);
    const api = await timeApi(page.request);
    const day = addDays(mondayOf(sydneyToday()), -12 * 7 + 2);
    await page.goto('/inbox');
    const dialog = await openDialog(page);
    await dialog.getByLabel('Date').fill(dayMonthYear(day));
    await dialog.getByLabel('Start time').fill('22:00');
    await dialog.getByLabel('End time').fill('06:00');
    await expect(dialog.getByTestId('entry-duration')).toHaveText('Duration: 0h 0m');
    await dialog.getByRole('checkbox', { name: 'Ends next day' }).click();
    await expect(dialog.getByTestId('entry-duration')).toHaveText('Duration: 8h 0m');
    await dialog.getByRole('button', { name: 'Save Entry' }).click();
    await expect(toast(page, 'Time entry for 8 hours saved successfully.')).toContainText('Entry Added');
    const [saved] = await api.myEntries(day, day);
    expect(saved).toMatchObject({
      startTime: '22:00',
      endTime: '06:00',
      endDate: addDays(day, 1),
      duration: 480,
    });
  });
});
