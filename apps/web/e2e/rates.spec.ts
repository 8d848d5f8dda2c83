import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoUsers, expect, expectNoAccessibilityViolations, test } from './fixtures';

/**
 * /settings/user/rates (issue 14 parts 1, 2 and 7): an admin adds a time code from the catalogue's
 * support items, within the price limit, and imports the NDIS Support Catalogue (the shipped sample,
 * then a file that is not a catalogue); a support worker reads the codes and changes nothing. The
 * admin works in Bluegum, so the prices other specs see in Sunrise stay the sample's.
 */

const sampleCatalogue = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../server/src/seed/catalogue/SAMPLE-ndis-support-catalogue-2025-26.csv',
);

test.describe('rates', () => {
  test('an admin adds a time code within the price limit and imports the sample catalogue', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.bluegumOwner);
    await page.goto('/settings/user/rates');
    await expect(page.getByRole('heading', { name: 'Rates', level: 1 })).toBeVisible();
    const codes = page.getByTestId('time-code-row');
    await expect(codes).toHaveCount(8);
    await expect(codes.filter({ hasText: '01_020_0120_1_1' })).toContainText('Inactive');

    await page.getByRole('button', { name: 'Add time code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add time code' });
    await dialog.getByRole('searchbox', { name: 'Support item' }).fill('exercise physiology');
    await dialog.getByRole('button', { name: /12_027_0126_3_3/ }).click();
    await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('Exercise Physiology');
    await expect(dialog.getByText('Price limit: $166.99 in NSW')).toBeVisible();
    const rate = dialog.getByRole('textbox', { name: 'Hourly rate ($)' });
    await rate.fill('170');
    await dialog.getByRole('button', { name: 'Add time code' }).click();
    await expect(
      dialog.getByText(
        'The hourly rate $170.00 is above the NSW price limit of $166.99 for 12_027_0126_3_3.',
      ),
    ).toBeVisible();
    await rate.fill('160.50');
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Add time code' }).click();
    await expect(page.getByText('Time code added')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(codes).toHaveCount(9);
    await expect(codes.filter({ hasText: '12_027_0126_3_3' })).toContainText('$160.50');

    // Editing: deactivated, the code stays listed as inactive.
    await page.getByRole('button', { name: 'Edit 12_027_0126_3_3 Exercise Physiology' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit 12_027_0126_3_3' });
    await edit.getByRole('switch', { name: /Active/ }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Time code saved')).toBeVisible();
    await expect(codes.filter({ hasText: '12_027_0126_3_3' })).toContainText('Inactive');

    const years = page.getByTestId('catalogue-years');
    await expect(years).toContainText('2025-26');
    await page.getByLabel('Catalogue file (XLSX or CSV)').setInputFiles(sampleCatalogue);
    await page.getByRole('button', { name: 'Import catalogue' }).click();
    const imported = page.getByTestId('catalogue-imported');
    await expect(imported).toContainText('Imported the 2025-26 catalogue');
    await expect(imported).toContainText('48 support items');
    await expect(imported).toContainText('It replaced the earlier import of 2025-26.');
    await expect(years.getByRole('row')).toHaveCount(2);
    await expect(years).toContainText('SAMPLE-ndis-support-catalogue-2025-26.csv');

    await page.getByLabel('Catalogue file (XLSX or CSV)').setInputFiles({
      name: 'timesheet.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Worker,Date,Hours\r\nSophie Support,2025-07-01,7.5\r\n'),
    });
    await page.getByRole('button', { name: 'Import catalogue' }).click();
    const refused = page.getByTestId('catalogue-import-error');
    await expect(refused).toContainText('Nothing was imported');
    await expect(refused).toContainText(
      'This file has no "Support Item Number" column; is it the NDIA Support Catalogue?',
    );
    await expect(years.getByRole('row')).toHaveCount(2);
  });

  test('a support worker sees the time codes read-only', async ({ page, signIn }) => {
    await signIn(demoUsers.supportWorker);
    await page.goto('/settings/user/rates');
    await expect(page.getByRole('heading', { name: 'Rates', level: 1 })).toBeVisible();
    const codes = page.getByTestId('time-code-row');
    await expect(codes.first()).toBeVisible();
    await expect(codes.filter({ hasText: '01_011_0107_1_1' })).toContainText(
      'Personal care and daily living',
    );
    await expect(codes.filter({ hasText: '01_011_0107_1_1' })).toContainText('$68.45');
    await expect(codes.filter({ hasText: '01_020_0120_1_1' })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('Owners and admins change them.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add time code' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByText('NDIS Support Catalogue')).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
  });
});
