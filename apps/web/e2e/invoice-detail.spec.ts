import type { Browser, Page } from '@playwright/test';
import { demoUsers, expect, expectNoAccessibilityViolations, openAs, preferSunrise, test } from './fixtures';
import { agencyParticipant, approvedTime, invoicesApi } from './invoices-api';

/**
 * An invoice's detail (issue 15 parts 3 and 6) against the real server: Adam submits a draft, Olivia
 * (not the submitter) approves it, Adam sends it, downloads its PDF and records payments until it is
 * paid, the dialog checking what is typed; Olivia sends one back with a reason; voiding an invoice
 * (reason required) releases its time to be invoiced again.
 */

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

async function oliviaContext(browser: Browser) {
  const context = await browser.newContext();
  const login = await context.request.post('/api/auth/demo/login', { data: { email: demoUsers.owner } });
  expect(login.ok(), 'sign in as Olivia').toBe(true);
  return context;
}

test.describe('invoice detail', () => {
  // Each test first records, approves and invoices time through the API.
  test.describe.configure({ timeout: 90_000 });

  test('Adam submits, Olivia approves, Adam sends, downloads the PDF and records payments until it is paid', async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn(demoUsers.admin);
    await preferSunrise(page.context(), page.request);
    const olivia = await oliviaContext(browser);
    const person = await agencyParticipant(olivia.request, `Detail Person ${Date.now()}`);
    const days = await approvedTime(page.request, olivia.request, person.id, 2);
    const invoice = await invoicesApi(page.request).build(person.id, days[0]!, days[1]!);

    await page.goto(`/invoices/${invoice.id}`);
    await expect(page.getByRole('heading', { name: invoice.invoiceNumber, level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(invoice.invoiceNumber);
    await expect(page.getByTestId('invoice-status')).toHaveText('Draft');
    await expect(page.getByTestId('invoice-line')).toHaveCount(2);
    await expect(page.getByRole('link', { name: person.name })).toHaveAttribute(
      'href',
      `/participants/${person.id}`,
    );
    await expect(page.getByTestId('total-total')).toHaveText('$273.80');
    await expect(page.getByTestId('total-balance')).toHaveText('$273.80');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(toast(page, `${invoice.invoiceNumber} submitted for approval`)).toBeVisible();
    await expect(page.getByTestId('invoice-status')).toHaveText('Pending approval');
    // Adam submitted it, and Sunrise has other admins: the server leaves the approval to them, so
    // Approve and Reject are not offered to him.
    await expect(page.getByText('You submitted this invoice: another approver decides on it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);

    const approver = await openAs(browser, demoUsers.owner, `/invoices/${invoice.id}`);
    await approver.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(approver.page.getByTestId('invoice-status')).toHaveText('Approved');
    await expect(approver.page.getByTestId('invoice-history')).toContainText('Approved');
    await approver.context.close();

    // The live feed (or a reload) brings the approval to Adam's page.
    await page.reload();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('invoice-status')).toHaveText('Sent');
    await expect(page.getByText('Due', { exact: true })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

    // A part payment, after the dialog refuses what is wrong; then the rest.
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByLabel('Amount ($)').fill('abc');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog.getByText('Enter an amount in dollars, e.g. 120.50')).toBeVisible();
    await expect(dialog.getByText('A reference is required')).toBeVisible();
    await dialog.getByLabel('Amount ($)').fill('300');
    await dialog.getByLabel('Reference').fill('EFT 1001');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog.getByText('The payment is more than the amount owing')).toBeVisible();
    await dialog.getByLabel('Amount ($)').fill('100');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('invoice-status')).toHaveText('Part paid');
    await expect(page.getByTestId('total-balance')).toHaveText('$173.80');
    await expect(page.getByTestId('invoice-payments')).toContainText('EFT 1001');

    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog.getByLabel('Amount ($)')).toHaveValue('173.80');
    await dialog.getByLabel('Reference').fill('EFT 1002');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
    await expect(page.getByTestId('total-balance')).toHaveText('$0.00');
    await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Void' })).toHaveCount(0);
    await olivia.close();
  });

  test('Olivia sends an invoice back with a reason; voiding one needs a reason and releases its time', async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn(demoUsers.admin);
    await preferSunrise(page.context(), page.request);
    const olivia = await oliviaContext(browser);
    const person = await agencyParticipant(olivia.request, `Void Person ${Date.now()}`);
    const [day] = await approvedTime(page.request, olivia.request, person.id, 1);
    const adam = invoicesApi(page.request);
    const invoice = await adam.build(person.id, day!);
    await adam.step(invoice.id, 'submit');

    const approver = await openAs(browser, demoUsers.owner, `/invoices/${invoice.id}`);
    await approver.page.getByRole('button', { name: 'Reject', exact: true }).click();
    const reject = approver.page.getByRole('dialog', { name: `Reject ${invoice.invoiceNumber}` });
    await reject.getByRole('button', { name: 'Reject invoice' }).click();
    await expect(reject.getByText('A reason is required')).toBeVisible();
    await reject.getByLabel('Reason').fill('Line 1 is the wrong support item');
    await reject.getByRole('button', { name: 'Reject invoice' }).click();
    await expect(approver.page.getByTestId('invoice-status')).toHaveText('Draft');
    await approver.context.close();

    await page.goto(`/invoices/${invoice.id}`);
    await expect(page.getByTestId('rejection-reason')).toHaveText(
      'Sent back: Line 1 is the wrong support item',
    );
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute(
      'href',
      `/invoices/new?invoiceId=${invoice.id}`,
    );

    // While the invoice holds the time, no second invoice can take it.
    expect((await adam.buildResponse(person.id, day!)).status()).toBe(422);

    await page.getByRole('button', { name: 'Void' }).click();
    const voiding = page.getByRole('dialog', { name: `Void ${invoice.invoiceNumber}` });
    await voiding.getByRole('button', { name: 'Void invoice' }).click();
    await expect(voiding.getByText('A reason is required')).toBeVisible();
    await voiding.getByLabel('Reason').fill('Raised twice');
    await voiding.getByRole('button', { name: 'Void invoice' }).click();
    await expect(page.getByTestId('invoice-status')).toHaveText('Void');
    await expect(page.getByTestId('void-reason')).toHaveText('Voided: Raised twice');
    await expect(page.getByRole('button', { name: 'Submit', exact: true })).toHaveCount(0);

    // Released: the same time makes a new invoice.
    const again = await adam.buildResponse(person.id, day!);
    expect(again.status(), await again.text()).toBe(201);
    await olivia.close();
  });

  test('a change made elsewhere meanwhile is a 409: told, read again, the reason typed kept; the board and detail pass axe, and a phone shows the list', async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn(demoUsers.admin);
    await preferSunrise(page.context(), page.request);
    const olivia = await oliviaContext(browser);
    const person = await agencyParticipant(olivia.request, `Conflict Person ${Date.now()}`);
    const [day] = await approvedTime(page.request, olivia.request, person.id, 1);
    const adam = invoicesApi(page.request);
    const invoice = await adam.build(person.id, day!);

    await page.goto(`/invoices/${invoice.id}`);
    await expect(page.getByTestId('invoice-status')).toHaveText('Draft');
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Void' }).click();
    const voiding = page.getByRole('dialog', { name: `Void ${invoice.invoiceNumber}` });
    await voiding.getByLabel('Reason').fill('Wrong participant');
    // Someone saves the draft's notes in the meantime. The page keeps the invoice as it read it until
    // it tries to void (else the live feed could bring the change first and there were no conflict).
    const stale = JSON.stringify({ success: true, data: await adam.get(invoice.id) });
    let isVoidSent = false;
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/invoices/${invoice.id}/void`)) isVoidSent = true;
    });
    await page.route(`**/api/invoices/${invoice.id}`, (route) =>
      isVoidSent || route.request().method() !== 'GET'
        ? route.continue()
        : route.fulfill({ status: 200, contentType: 'application/json', body: stale }),
    );
    expect(
      (await adam.patch(invoice.id, { version: invoice.version, notes: 'Checked by Olivia' })).status(),
    ).toBe(200);
    await voiding.getByRole('button', { name: 'Void invoice' }).click();
    await expect(toast(page, 'Someone else changed this invoice')).toBeVisible();
    await expect(voiding.getByLabel('Reason')).toHaveValue('Wrong participant');
    await expect(page.getByText('Checked by Olivia')).toBeVisible();
    await voiding.getByRole('button', { name: 'Void invoice' }).click();
    await expect(voiding).toHaveCount(0);
    await expect(page.getByTestId('invoice-status')).toHaveText('Void');

    await page.goto(`/invoices?participant=${person.id}&status=${encodeURIComponent('["void"]')}`);
    await expect(page.locator('[data-testid="invoice-column"][data-status="void"]')).toContainText(
      invoice.invoiceNumber,
    );
    await expectNoAccessibilityViolations(page);

    // A 375 px phone: the list keeps to the screen's width.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/invoices?view=list&participant=${person.id}`);
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The board scrolls its columns sideways inside itself; so does the detail's lines table.
    await page.goto(`/invoices?participant=${person.id}`);
    await expect(page.getByTestId('invoice-board')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto(`/invoices/${invoice.id}`);
    await expect(page.getByTestId('invoice-line')).toHaveCount(1);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await olivia.close();
  });

  test('Sophie, a support worker, is not shown invoices', async ({ page, signIn }) => {
    await signIn(demoUsers.supportWorker);
    await preferSunrise(page.context(), page.request);
    await page.goto('/invoices');
    await expect(page.getByText('does not show invoices')).toBeVisible();
    await expect(page.getByRole('link', { name: 'New invoice' })).toHaveCount(0);
  });
});
