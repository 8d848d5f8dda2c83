import { invoiceMessages } from '@wattle/domain/invoices/schemas';
import { dayMonthYear } from '@wattle/domain/shared/dates';
import { demoUsers, expect, expectNoAccessibilityViolations, preferSunrise, test } from './fixtures';
import {
  oliviaContext,
  patchInvoiceNotes,
  pickParticipant,
  setCoreBudget,
  toast,
} from './invoice-workflow-api';
import { agencyParticipant, approvedTime, invoicesApi } from './invoices-api';
import { addDays, mondayOf, sydneyToday } from './time-api';
import { expectToastClearOf } from './toast-clear';

/**
 * The invoice wizard (issue 15 part 2) against the real server: Adam builds an invoice for a
 * participant from approved time, sees the line over the plan's budget flagged on the line, edits a
 * line (the edit survives a reload until saved), saves and submits it for approval; and Quick Add's
 * New Invoice builds a draft in its modal.
 */
test.describe('invoice wizard', () => {
  test('Adam builds an invoice from approved time: over budget flagged on the line, a line edited, submitted', async ({
    page,
    browser,
    signIn,
  }) => {
    // Data through the API, then three steps, a reload and a catalogue search: a long walk.
    test.setTimeout(120_000);
    await signIn(demoUsers.admin);
    await preferSunrise(page.context(), page.request);
    const olivia = await oliviaContext(browser);
    const name = `Wizard Person ${Date.now()}`;
    const person = await agencyParticipant(olivia.request, name);
    // Two 2-hour entries come to about $280: more than a $100 core budget.
    await setCoreBudget(olivia.request, person.id, 10_000);
    const days = await approvedTime(page.request, olivia.request, person.id, 2);

    await page.goto('/invoices/new');
    await expect(page.getByRole('heading', { name: 'New Invoice', level: 1 })).toBeVisible();
    // The period starts as last fortnight, Monday to Sunday, in Sunrise's time zone.
    const thisMonday = mondayOf(sydneyToday());
    await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(
      dayMonthYear(addDays(thisMonday, -14)),
    );
    await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(
      dayMonthYear(addDays(thisMonday, -1)),
    );

    // Nothing chosen: the form says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Build invoice' }).click();
    await expect(page.getByText('Choose a participant')).toBeVisible();

    await pickParticipant(page, page, name);
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(dayMonthYear(days[0]!));
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(dayMonthYear(days[1]!));
    await page.getByRole('button', { name: 'Build invoice' }).click();

    await expect(page).toHaveURL(/\/invoices\/new\?invoiceId=/);
    await expect(page.getByRole('heading', { name: 'Edit Draft Invoice', level: 1 })).toBeVisible();
    const invoiceId = new URL(page.url()).searchParams.get('invoiceId')!;
    await expect(page.getByRole('heading', { name: /Review the lines/ })).toBeVisible();
    const lines = page.getByTestId('invoice-line');
    await expect(lines).toHaveCount(2);
    // The budget warning is named on the lines themselves, in amber, and does not stop submission.
    await expect(lines.first().locator('[data-severity="warning"]')).toContainText('budget');

    // Edit the second line's hours and description; a reload keeps the unsaved edits.
    const second = page.getByRole('group', { name: 'Line 2' });
    await second.getByLabel('Hours').fill('1.5');
    await second.getByLabel('Description').fill('Shorter shift');
    await expect(page.getByTestId('wizard-running-total')).toContainText('Unsaved changes');
    await page.reload();
    await expect(page.getByTestId('invoice-draft-restored')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Line 2' }).getByLabel('Hours')).toHaveValue('1.5');

    // A quantity that is not a number is named on its field and nothing is sent.
    await page.getByRole('group', { name: 'Line 1' }).getByLabel('Hours').fill('two');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('group', { name: 'Line 1' })).toContainText('Enter a quantity');
    await page.getByRole('group', { name: 'Line 1' }).getByLabel('Hours').fill('2');

    // Add line from the catalogue, then remove it again.
    await page.getByRole('button', { name: 'Add line' }).click();
    const adding = page.getByRole('dialog', { name: 'Add line' });
    await adding.getByRole('searchbox', { name: 'Support item' }).fill('01_011_0107');
    await adding.getByTestId('support-item-results').getByRole('button').first().click();
    await expect(lines).toHaveCount(3);
    await page.getByRole('button', { name: 'Remove line 3' }).click();
    await expect(lines).toHaveCount(2);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Invoice saved')).toBeVisible();
    // The toast rises above the sticky Save bar rather than sitting over it for its 5 s.
    await expectToastClearOf(toast(page, 'Invoice saved'), page.getByTestId('wizard-save-bar'));
    const adam = invoicesApi(page.request);
    const saved = await adam.get(invoiceId);
    expect(saved.lineItems.map((line) => line.quantity)).toEqual([2, 1.5]);
    expect(saved.lineItems[1]!.description).toBe('Shorter shift');
    await expectNoAccessibilityViolations(page);

    // Olivia saves the invoice while Adam is editing it: his save is refused (409), his edit stays,
    // and he saves it over hers.
    await page.getByRole('group', { name: 'Line 1' }).getByLabel('Description').fill('Morning routine');
    await patchInvoiceNotes(olivia.request, invoiceId, saved.version, 'Checked by Olivia');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByTestId('invoice-conflict');
    await expect(conflict).toContainText('Someone else changed this invoice');
    await expect(page.getByRole('group', { name: 'Line 1' }).getByLabel('Description')).toHaveValue(
      'Morning routine',
    );
    await conflict.getByRole('button', { name: 'Keep mine and save again' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(conflict).toHaveCount(0);
    await expect(page.getByTestId('wizard-running-total')).not.toContainText('Unsaved changes');
    expect((await adam.get(invoiceId)).lineItems[0]!.description).toBe('Morning routine');

    // The summary: payer and totals, then Submit for approval.
    await page.getByRole('button', { name: 'Next: summary' }).click();
    await expect(page.getByTestId('wizard-payer')).toContainText('NDIA (agency-managed)');
    await expect(page.getByTestId('wizard-totals')).toContainText(
      `$${(saved.totalCents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`,
    );
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${invoiceId}$`));
    expect((await adam.get(invoiceId)).status).toBe('pending-approval');
    await olivia.close();
  });

  test('Quick Add → New Invoice builds a draft in its modal', async ({ page, browser, signIn }) => {
    test.setTimeout(60_000);
    await signIn(demoUsers.admin);
    await preferSunrise(page.context(), page.request);
    const olivia = await oliviaContext(browser);
    const name = `Modal Person ${Date.now()}`;
    const person = await agencyParticipant(olivia.request, name);
    const days = await approvedTime(page.request, olivia.request, person.id, 1);

    await page.goto('/inbox');
    await page.getByTestId('quick-add').click();
    await page.getByRole('menuitem', { name: 'New Invoice' }).click();
    const modal = page.getByRole('dialog', { name: 'New Invoice' });
    await pickParticipant(page, modal, name);
    // Last fortnight (the default) holds none of their time: the server's words, and no draft.
    await modal.getByRole('button', { name: 'Build invoice' }).click();
    await expect(modal.getByTestId('wizard-build-error')).toHaveText(invoiceMessages.noEntries);
    await modal.getByRole('textbox', { name: 'From', exact: true }).fill(dayMonthYear(days[0]!));
    await modal.getByRole('textbox', { name: 'To', exact: true }).fill(dayMonthYear(days[0]!));
    await modal.getByRole('button', { name: 'Build invoice' }).click();
    await expect(modal.getByRole('heading', { name: /Review the lines/ })).toBeVisible();
    await expect(modal.getByTestId('invoice-line')).toHaveCount(1);
    await expect(modal.getByRole('group', { name: 'Line 1' })).toContainText(
      'Assistance With Self-Care Activities',
    );
    await olivia.close();
  });
});
