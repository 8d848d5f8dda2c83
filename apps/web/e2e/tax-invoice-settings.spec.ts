import { demoUsers, expect, expectNoAccessibilityViolations, test } from './fixtures';

/**
 * /settings/tax-invoice (issue 17 settings/tax-invoice): Olivia fills in the provider details, a
 * wrong ABN is refused with its message, the saved values come back after a reload; an auditor
 * reads them without changing anything; a support worker is told who can see them. Olivia changes
 * only details no other spec relies on (the ABN, numbering, GST and approvals stay as they were).
 */

test.describe('tax invoice settings', () => {
  test('Olivia fills in the provider and bank details; a wrong ABN is refused; a reload shows them', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    await page.goto('/settings/tax-invoice');
    await expect(page.getByRole('heading', { name: 'Tax Invoice Settings', level: 1 })).toBeVisible();
    const abn = page.getByRole('textbox', { name: 'ABN', exact: true });
    await expect(abn).not.toHaveValue('');
    // The logo for invoices is the organisation's own, changed in Tenant Settings.
    const logo = page.getByTestId('invoice-logo');
    await expect(logo).toContainText('Logo for invoices');
    await expect(logo.getByRole('link', { name: /in Tenant Settings$/ })).toHaveAttribute(
      'href',
      '/settings/tenant',
    );
    const savedAbn = await abn.inputValue();

    const stamp = Date.now().toString().slice(-6);
    const address = `${stamp} Wattle Street, Parramatta NSW 2150`;
    await page.getByRole('textbox', { name: 'Address' }).fill(address);
    await page.getByRole('textbox', { name: 'Phone' }).fill('02 9555 0199');
    await page.getByRole('textbox', { name: 'Account name' }).fill(`Sunrise Support Network ${stamp}`);

    // A wrong ABN: its message on the field, nothing saved.
    await abn.fill('51 824 753 557');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Enter a valid ABN: 11 digits that pass the ABN check')).toBeVisible();
    await expect(abn).toHaveAttribute('aria-invalid', 'true');
    await expect(abn).toBeFocused();

    // A BSB of five digits is named on its field too.
    await abn.fill(savedAbn);
    const bsb = page.getByRole('textbox', { name: 'BSB' });
    const savedBsb = await bsb.inputValue();
    await bsb.fill('06200');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('A BSB has 6 digits')).toBeVisible();
    await expect(page.getByText('Enter a valid ABN')).toBeHidden();
    await bsb.fill(savedBsb);

    // Team leads may approve up to an amount: the amount must be one.
    await page.getByRole('radio', { name: /Team leads too/ }).click();
    const limit = page.getByRole('textbox', { name: 'Team leads may approve up to' });
    await limit.fill('lots');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Enter the amount team leads may approve, e.g. 500.00')).toBeVisible();
    await page.getByRole('radio', { name: 'Only admins' }).click();
    await expect(limit).toBeHidden();

    await expect(page.getByText(/The next invoice will be INV-\d{5}\./)).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Tax invoice settings saved')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue(address);
    await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('02 9555 0199');
    await expect(page.getByRole('textbox', { name: 'Account name' })).toHaveValue(
      `Sunrise Support Network ${stamp}`,
    );
    await expect(page.getByRole('textbox', { name: 'ABN', exact: true })).toHaveValue(savedAbn);
    await expect(page.getByRole('radio', { name: 'Only admins' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'GST rate' })).toHaveValue('0');
    await expect(page.getByRole('textbox', { name: 'Payment terms' })).toHaveValue('30');
  });

  test('an auditor reads the settings and cannot change them', async ({ page, signIn }) => {
    await signIn(demoUsers.auditor);
    await page.goto('/settings/tax-invoice');
    await expect(page.getByTestId('read-only-note')).toContainText('You can read these settings');
    await expect(page.getByRole('textbox', { name: 'Legal name' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Legal name' })).not.toHaveValue('');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    // On a phone too, nothing serious for assistive technology.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('textbox', { name: 'Legal name' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });

  test('a support worker is told who can see the settings', async ({ page, signIn }) => {
    await signIn(demoUsers.supportWorker);
    await page.goto('/settings/tax-invoice');
    await expect(page.getByText('Only owners, admins and auditors see these settings')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Legal name' })).toHaveCount(0);
  });
});
