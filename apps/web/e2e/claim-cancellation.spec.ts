import type { APIRequestContext, Page } from '@playwright/test';
import type { ClaimBatch, Invoice } from '@wattle/domain/invoices/schemas';
import type { TimeCode } from '@wattle/domain/time/time-codes';
import {
  demoUsers,
  expect,
  expectNoAccessibilityViolations,
  preferSunrise,
  sunriseIdOf,
  test,
} from './fixtures';
import { oliviaContext } from './invoice-workflow-api';
import { agencyParticipant, approvedTime, ensureTaxInvoiceSettings, invoicesApi } from './invoices-api';
import { addDays } from './time-api';

/**
 * Claiming a short-notice cancellation (issue 15 part 6) against the real server: an approved
 * invoice of an agency-managed participant holds a support and a cancellation; Export claim (on the
 * detail, and the list's bulk action) asks the cancellation's portal reason first. Cancel claims
 * nothing; Export claim makes the batch, whose bulk payment request carries the reason's code.
 */

async function headersOf(request: APIRequestContext) {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  expect(csrf, 'signed in, with a CSRF cookie').toBeTruthy();
  return { 'X-CSRF-Token': decodeURIComponent(csrf!), 'X-Tenant-Id': await sunriseIdOf(request) };
}

async function post<T>(request: APIRequestContext, path: string, data: unknown, expected = 200): Promise<T> {
  const response = await request.post(path, { headers: await headersOf(request), data });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(expected);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Weekdays of late 2030 (after NSW's Labour Day, before Christmas), apart from the days the other
 * invoice tests take; a random start, and a day Adam already works (409) is skipped for the next.
 */
const lateWeekdays = (() => {
  const days: string[] = [];
  for (let day = '2030-10-14'; day <= '2030-12-13'; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(day);
  }
  return days;
})();
let nextDay = Math.floor(Math.random() * lateWeekdays.length);

/**
 * An approved short-notice cancellation for the participant (told the day before): `worker` records
 * and submits it, `approver` approves. Its invoice line is claimed with claim type CANC.
 */
async function approvedCancellation(
  worker: APIRequestContext,
  approver: APIRequestContext,
  participantId: string,
): Promise<string> {
  const codes = await (await worker.get('/api/time-codes', { headers: await headersOf(worker) })).json();
  const selfCare = (codes as { data: TimeCode[] }).data.find((code) => code.code === '01_011_0107_1_1');
  expect(selfCare, 'the seeded self-care time code').toBeTruthy();
  for (;;) {
    const date = lateWeekdays[nextDay % lateWeekdays.length]!;
    nextDay += 1;
    const response = await worker.post('/api/time-entries', {
      headers: await headersOf(worker),
      data: {
        date,
        startTime: '13:00',
        endTime: '15:00',
        timeCodeId: selfCare!.id,
        participantId,
        description: `Cancelled on the day before ${date}`,
        cancellation: { noticeGivenOn: addDays(date, -1) },
      },
    });
    if (response.status() === 409) continue; // Adam already works that afternoon, for another test.
    expect(response.status(), `POST /api/time-entries: ${await response.text()}`).toBe(201);
    const entry = ((await response.json()) as { data: { id: string; isCancellation: boolean } }).data;
    expect(entry.isCancellation).toBe(true);
    await post(worker, `/api/time-entries/${entry.id}/submit`, {});
    await post(approver, `/api/time-entries/${entry.id}/approve`, {});
    return date;
  }
}

/** An approved invoice with a support (line 1) and a short-notice cancellation (line 2). */
async function approvedInvoiceWithCancellation(adam: APIRequestContext, olivia: APIRequestContext) {
  await ensureTaxInvoiceSettings(olivia);
  const person = await agencyParticipant(olivia, `Cancellation Person ${Date.now()}`);
  const [supportDay] = await approvedTime(adam, olivia, person.id, 1);
  const cancelledDay = await approvedCancellation(adam, olivia, person.id);
  const built = await invoicesApi(adam).build(person.id, supportDay!, cancelledDay);
  expect(built.lineItems.map((line) => line.claimType)).toEqual(['', 'CANC']);
  await invoicesApi(adam).step(built.id, 'submit');
  const invoice = await invoicesApi(olivia).step(built.id, 'approve');
  return { person, invoice, cancelledDay };
}

/** The rows of a batch's bulk payment request, each as its columns by name. */
async function bulkPaymentRows(request: APIRequestContext, batch: ClaimBatch) {
  const response = await request.get(`/api/claims/${batch.id}/bulk-payment-request.csv`, {
    headers: await headersOf(request),
  });
  expect(response.ok(), await response.text()).toBe(true);
  const [header, ...rows] = (await response.text()).trim().split('\r\n');
  const columns = header!.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((cell, i) => [columns[i]!, cell])));
}

/** The batch the page says it made, read through the API. */
async function createdBatch(page: Page, request: APIRequestContext): Promise<ClaimBatch> {
  const created = page.getByTestId('claim-created');
  await expect(created).toContainText(/Claim CLM-\d{5} is ready/);
  const batchNumber = (await created.textContent())!.match(/CLM-\d{5}/)![0];
  const batch = (await invoicesApi(request).claims()).find((b) => b.batchNumber === batchNumber);
  expect(batch, `claim batch ${batchNumber}`).toBeTruthy();
  return batch!;
}

function unclaimed(invoice: Invoice) {
  return invoice.lineItems.map((line) => line.claimStatus);
}

test.describe('claiming a short-notice cancellation', () => {
  // Each test first records, approves and invoices time through the API.
  test.describe.configure({ timeout: 120_000 });

  test("the detail's Export claim asks the cancellation's reason; Cancel claims nothing, Export claim puts the code in the bulk file", async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn(demoUsers.admin);
    await preferSunrise(page.context(), page.request);
    const olivia = await oliviaContext(browser);
    const { invoice, cancelledDay } = await approvedInvoiceWithCancellation(page.request, olivia.request);
    const batchesBefore = (await invoicesApi(page.request).claims()).length;

    await page.goto(`/invoices/${invoice.id}`);
    await page.getByRole('button', { name: 'Export claim' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancellation reasons' });
    await expect(dialog).toBeVisible();
    const [y, m, d] = cancelledDay.split('-');
    await expect(dialog.getByTestId('cancellation-line')).toHaveCount(1);
    await expect(dialog.getByTestId('cancellation-line')).toContainText(
      `${invoice.invoiceNumber} line 2 · ${d}/${m}/${y} · 01_011_0107_1_1`,
    );
    const reason = dialog.getByLabel(`Reason for ${invoice.invoiceNumber} line 2`);
    await expect(reason.locator('option')).toHaveText([
      'Choose a reason…',
      'No show due to health reasons',
      'No show due to family issues',
      'No show due to unavailability of transport',
      'Other',
    ]);
    await expectNoAccessibilityViolations(page);

    // Every reason is required: nothing is sent without one.
    await dialog.getByRole('button', { name: 'Export claim' }).click();
    await expect(dialog.getByText('Choose a cancellation reason')).toBeVisible();
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');

    // Cancel closes it and claims nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('claim-created')).toHaveCount(0);
    expect((await invoicesApi(page.request).claims()).length).toBe(batchesBefore);
    expect(unclaimed(await invoicesApi(page.request).get(invoice.id))).toEqual(['unclaimed', 'unclaimed']);

    // Escape closes it too.
    await page.getByRole('button', { name: 'Export claim' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Export claim' }).click();
    await reason.selectOption({ label: 'No show due to family issues' });
    await expect(dialog.getByText('Choose a cancellation reason')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Export claim' }).click();
    await expect(dialog).toHaveCount(0);
    const batch = await createdBatch(page, page.request);
    expect(batch.lineCount).toBe(2);
    await expect(page.getByTestId('invoice-status')).toHaveText('Sent');

    const rows = await bulkPaymentRows(page.request, batch);
    expect(rows.map((row) => [row.ClaimReference, row.ClaimType, row.CancellationReason])).toEqual([
      [`${invoice.invoiceNumber}-1`, '', ''],
      [`${invoice.invoiceNumber}-2`, 'CANC', 'NSDF'],
    ]);
    await olivia.close();
  });

  test('a claim the server refuses after the reasons are chosen shows its problem under the actions, as any refused claim', async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn(demoUsers.admin);
    await preferSunrise(page.context(), page.request);
    const olivia = await oliviaContext(browser);
    const { invoice } = await approvedInvoiceWithCancellation(page.request, olivia.request);

    await page.goto(`/invoices/${invoice.id}`);
    await page.getByRole('button', { name: 'Export claim' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancellation reasons' });
    const reason = dialog.getByLabel(`Reason for ${invoice.invoiceNumber} line 2`);
    await reason.selectOption({ label: 'Other' });
    // Meanwhile Olivia claims the invoice herself: nothing is left for Adam's claim.
    const line2 = invoice.lineItems[1]!;
    await post(
      olivia.request,
      '/api/claims',
      { invoiceIds: [invoice.id], cancellationReasons: { [line2.id]: 'NSDH' } },
      201,
    );
    await dialog.getByRole('button', { name: 'Export claim' }).click();
    await expect(dialog).toHaveCount(0);
    const problems = page.getByTestId('claim-problems');
    await expect(problems).toContainText('The claim was not created');
    await expect(problems).toContainText(
      'There are no unclaimed or rejected lines to claim on these invoices',
    );
    await expect(page.getByTestId('claim-created')).toHaveCount(0);
    await olivia.close();
  });

  test("the list's bulk Export claim reads the selected invoices and asks the reason, by keyboard", async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn(demoUsers.admin);
    await preferSunrise(page.context(), page.request);
    const olivia = await oliviaContext(browser);
    const { person, invoice } = await approvedInvoiceWithCancellation(page.request, olivia.request);

    await page.goto(`/invoices?view=list&participant=${person.id}`);
    await page.getByRole('checkbox', { name: `Select ${invoice.invoiceNumber}` }).click();
    await page
      .getByRole('toolbar', { name: 'Actions on selected invoices' })
      .getByRole('button', { name: 'Export claim' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cancellation reasons' });
    await expect(dialog).toBeVisible();
    const reason = dialog.getByLabel(`Reason for ${invoice.invoiceNumber} line 2`);

    // The keyboard alone: to the reason, choose it, on to Export claim.
    await reason.focus();
    await expect(reason).toBeFocused();
    await reason.press('ArrowDown');
    await reason.press('ArrowDown');
    await reason.press('ArrowDown');
    await expect(reason).toHaveValue('NSDT');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Export claim' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);

    const batch = await createdBatch(page, page.request);
    const rows = await bulkPaymentRows(page.request, batch);
    expect(rows.map((row) => [row.ClaimReference, row.ClaimType, row.CancellationReason])).toEqual([
      [`${invoice.invoiceNumber}-1`, '', ''],
      [`${invoice.invoiceNumber}-2`, 'CANC', 'NSDT'],
    ]);
    expect(unclaimed(await invoicesApi(page.request).get(invoice.id))).toEqual(['claimed', 'claimed']);
    await olivia.close();
  });
});
