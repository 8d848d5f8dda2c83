import type { Browser, Page } from '@playwright/test';
import { demoUsers, expect, preferSunrise, test } from './fixtures';
import {
  agencyParticipant,
  approvedTime,
  ensureTaxInvoiceSettings,
  invoicesApi,
  resultsFile,
} from './invoices-api';

/**
 * The invoices board and list (issue 15 parts 3 and 6) against the real server: a fresh participant's
 * invoices on the board with each column's count and total, the list sorted and filtered (kept in the
 * address), bulk Submit and Send, and an NDIA claim exported in bulk whose results file rejects a line
 * with the portal's text, which is then corrected and claimed again.
 */

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** Olivia, signed in through a context of her own, for what the API does as her. */
async function oliviaContext(browser: Browser) {
  const context = await browser.newContext();
  const login = await context.request.post('/api/auth/demo/login', { data: { email: demoUsers.owner } });
  expect(login.ok(), 'sign in as Olivia').toBe(true);
  return context;
}

const column = (page: Page, status: string) =>
  page.locator(`[data-testid="invoice-column"][data-status="${status}"]`);

test.describe('invoices board and list', () => {
  // Each test first records, approves and invoices time through the API.
  test.describe.configure({ timeout: 90_000 });

  test('the board shows a column per status with its count and total; the list sorts and filters, kept in the address', async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn(demoUsers.admin);
    await preferSunrise(page.context(), page.request);
    const olivia = await oliviaContext(browser);
    const person = await agencyParticipant(olivia.request, `Board Person ${Date.now()}`);
    const days = await approvedTime(page.request, olivia.request, person.id, 3);
    const adam = invoicesApi(page.request);
    const one = await adam.build(person.id, days[0]!);
    const two = await adam.build(person.id, days[1]!, days[2]!);
    await adam.step(two.id, 'submit');
    // Two hours of weekday self-care at the seeded code's $68.45 an hour, a day each.
    expect(one.totalCents).toBe(13_690);
    expect(two.totalCents).toBe(27_380);

    await page.goto(`/invoices?participant=${person.id}&participantName=${encodeURIComponent(person.name)}`);
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    await expect(column(page, 'draft').getByTestId('invoice-column-total')).toHaveText('1 · $136.90');
    await expect(column(page, 'pending-approval').getByTestId('invoice-column-total')).toHaveText(
      '1 · $273.80',
    );
    await expect(column(page, 'paid').getByTestId('invoice-column-total')).toHaveText('0 · $0.00');
    await expect(column(page, 'void')).toHaveCount(0);
    const card = column(page, 'draft').getByTestId('invoice-card');
    await expect(card).toContainText(one.invoiceNumber);
    await expect(card).toContainText(person.name);
    await expect(card).toContainText('NDIA (agency-managed)');

    // The list, sorted by total (ascending, then descending), and the choice in the address.
    await page.getByRole('link', { name: 'List', exact: true }).click();
    await expect(page).toHaveURL(/view=list/);
    const rows = page.getByTestId('invoice-row');
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Total' }).click();
    await expect(page).toHaveURL(/sort=total/);
    await expect(rows.first()).toContainText(one.invoiceNumber);
    await page.getByRole('button', { name: 'Total' }).click();
    await expect(page).toHaveURL(/order=desc/);
    await expect(rows.first()).toContainText(two.invoiceNumber);

    // Filter by status: only drafts.
    await page.getByTestId('invoice-status-filter').click();
    await page.getByRole('checkbox', { name: 'Draft' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('["draft"]');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(one.invoiceNumber);

    // Export for Xero: a period, then the CSV.
    await page.getByRole('button', { name: 'Export for Xero' }).click();
    const xero = page.getByRole('dialog', { name: 'Export for Xero' });
    await xero.getByLabel('From').fill('01/01/2030');
    await xero.getByLabel('To').fill('31/12/2030');
    const xeroDownload = page.waitForEvent('download');
    await xero.getByRole('link', { name: 'Download CSV' }).click();
    expect((await xeroDownload).suggestedFilename()).toMatch(/\.csv$/);
    await page.keyboard.press('Escape');

    // Reloading keeps the view, sort and filters.
    await page.reload();
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'List', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await olivia.close();
  });

  test('bulk Submit and Send act on the selected invoices, each offered only when all allow it', async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn(demoUsers.admin);
    await preferSunrise(page.context(), page.request);
    const olivia = await oliviaContext(browser);
    const person = await agencyParticipant(olivia.request, `Bulk Person ${Date.now()}`);
    const days = await approvedTime(page.request, olivia.request, person.id, 2);
    const adam = invoicesApi(page.request);
    const one = await adam.build(person.id, days[0]!);
    const two = await adam.build(person.id, days[1]!);

    await page.goto(`/invoices?view=list&participant=${person.id}`);
    const toolbar = page.getByRole('toolbar', { name: 'Actions on selected invoices' });
    await expect(page.getByTestId('invoice-row')).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select all invoices on this page' }).click();
    await expect(toolbar.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await toolbar.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, '2 invoices submitted')).toBeVisible();
    await expect(page.getByTestId('invoice-row').filter({ hasText: 'Pending approval' })).toHaveCount(2);

    const oliviaApi = invoicesApi(olivia.request);
    await oliviaApi.step(one.id, 'approve');
    await oliviaApi.step(two.id, 'approve');
    await page.reload();
    await page.getByRole('checkbox', { name: `Select ${one.invoiceNumber}` }).click();
    await page.getByRole('checkbox', { name: `Select ${two.invoiceNumber}` }).click();
    await expect(toolbar.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await toolbar.getByRole('button', { name: 'Send' }).click();
    await expect(toast(page, '2 invoices sent')).toBeVisible();
    await expect(page.getByTestId('invoice-row').filter({ hasText: 'Sent' })).toHaveCount(2);
    await olivia.close();
  });

  test("a bulk claim's results file rejects a line with the portal's text; the line is corrected and claimed again", async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn(demoUsers.admin);
    await preferSunrise(page.context(), page.request);
    const olivia = await oliviaContext(browser);
    await ensureTaxInvoiceSettings(olivia.request);
    const person = await agencyParticipant(olivia.request, `Claim Person ${Date.now()}`);
    const days = await approvedTime(page.request, olivia.request, person.id, 2);
    const adam = invoicesApi(page.request);
    const invoice = await adam.build(person.id, days[0]!, days[1]!);
    await adam.step(invoice.id, 'submit');
    await invoicesApi(olivia.request).step(invoice.id, 'approve');

    await page.goto(`/invoices?view=list&participant=${person.id}`);
    await page.getByRole('checkbox', { name: `Select ${invoice.invoiceNumber}` }).click();
    await page
      .getByRole('toolbar', { name: 'Actions on selected invoices' })
      .getByRole('button', { name: 'Export claim' })
      .click();
    const created = page.getByTestId('claim-created');
    await expect(created).toContainText(/Claim CLM-\d{5} is ready/);
    const batchNumber = (await created.textContent())!.match(/CLM-\d{5}/)![0];
    const download = page.waitForEvent('download');
    await created.getByRole('link', { name: 'Download bulk payment request (CSV)' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);

    // The portal pays line 1 and rejects line 2.
    const claimed = await adam.get(invoice.id);
    const [first, second] = claimed.lineItems;
    const portalText = 'The unit price is above the price limit for this support item';
    await page.getByRole('link', { name: 'Claims', exact: true }).click();
    const batch = page.getByTestId('claim-batch').filter({ hasText: batchNumber });
    // A file that is not a results file: the server's words, nothing imported.
    await batch.getByLabel(`Results file (${batchNumber})`).setInputFiles({
      name: 'notes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Hello,World\r\n1,2\r\n'),
    });
    await batch.getByRole('button', { name: 'Import results' }).click();
    await expect(batch.getByTestId('claim-results-error')).toContainText('The results file was not imported');
    await expect(batch.getByTestId('claim-results-error')).toContainText('ClaimReference');
    await batch.getByLabel(`Results file (${batchNumber})`).setInputFiles({
      name: 'results.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        resultsFile([
          { reference: first!.claimReference!, paidCents: first!.totalCents },
          { reference: second!.claimReference!, error: portalText },
        ]),
      ),
    });
    await batch.getByRole('button', { name: 'Import results' }).click();
    await expect(batch.getByTestId('claim-results')).toContainText('1 paid, 1 rejected');

    // The detail shows the rejection in the portal's words; the line is corrected and claimed again.
    await page.goto(`/invoices/${invoice.id}`);
    await expect(page.getByTestId('invoice-status')).toHaveText('Part paid');
    const rejected = page.getByTestId('invoice-line').nth(second!.lineNumber - 1);
    await expect(rejected.getByTestId('line-claim-error')).toHaveText(portalText);
    await rejected.getByRole('button', { name: `Correct line ${second!.lineNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Correct line ${second!.lineNumber}` });
    await dialog.getByLabel('Quantity').fill('1.5');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rejected).toContainText('1.5');
    await page.getByRole('button', { name: 'Claim again' }).click();
    await expect(page.getByTestId('claim-created')).toContainText(/Claim CLM-\d{5} is ready/);
    await expect(page.getByTestId('claim-created')).not.toContainText(batchNumber);
    await olivia.close();
  });
});
