import {
  demoUsers,
  expect,
  expectNoAccessibilityViolations,
  openAs,
  preferSunrise,
  readsInTheBrowser,
  test,
} from './fixtures';
import { oliviaContext, toast } from './invoice-workflow-api';
import { agencyParticipant, approvedTime, invoicesApi } from './invoices-api';

/**
 * Invoice approvals (issue 15 part 4) against the real server: Adam's submitted invoices wait for
 * Olivia, who approves one, rejects one with a reason (required) and approves two in bulk; an invoice
 * submitted while her page is open appears there live. The empty state is its own test.
 */
test.describe('invoice approvals', () => {
  test('Olivia approves one, rejects one with a reason and approves two in bulk; a new submission appears live', async ({
    page,
    browser,
    signIn,
  }) => {
    test.setTimeout(120_000);
    await signIn(demoUsers.admin);
    await preferSunrise(page.context(), page.request);
    const olivia = await oliviaContext(browser);
    const name = `Approvals Person ${Date.now()}`;
    const person = await agencyParticipant(olivia.request, name);
    const days = await approvedTime(page.request, olivia.request, person.id, 5);
    const adam = invoicesApi(page.request);
    const [one, two, three, four, five] = await Promise.all(days.map((day) => adam.build(person.id, day)));
    for (const invoice of [one, two, three, four]) await adam.step(invoice!.id, 'submit');
    await olivia.close();

    const { context, page: oliviaPage } = await openAs(browser, demoUsers.owner, '/approvals/invoices');
    await expect(oliviaPage.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
    const rows = oliviaPage.getByTestId('approval-row').filter({ hasText: name });
    await expect(rows).toHaveCount(4);
    const first = rows.filter({ hasText: one!.invoiceNumber });
    await expect(first).toContainText('NDIA (agency-managed)');
    await expect(first).toContainText('Adam Admin');
    await expect(first.getByRole('link', { name: one!.invoiceNumber })).toHaveAttribute(
      'href',
      `/invoices/${one!.id}`,
    );

    await expectNoAccessibilityViolations(oliviaPage);

    // One approved.
    await oliviaPage.getByRole('button', { name: `Approve ${one!.invoiceNumber}`, exact: true }).click();
    await expect(toast(oliviaPage, '1 invoice approved')).toBeVisible();
    await expect(rows).toHaveCount(3);
    expect((await adam.get(one!.id)).status).toBe('approved');

    // One rejected: the reason is required.
    await oliviaPage.getByRole('button', { name: `Reject ${two!.invoiceNumber}`, exact: true }).click();
    const dialog = oliviaPage.getByRole('dialog', { name: 'Reject Invoice' });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dialog.getByText('A reason is required')).toBeVisible();
    await dialog.getByLabel('Reason').fill('The second shift was a cancellation');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(toast(oliviaPage, '1 invoice rejected')).toBeVisible();
    await expect(rows).toHaveCount(2);
    const rejected = await adam.get(two!.id);
    expect(rejected.status).toBe('draft');
    expect(rejected.rejectionReason).toBe('The second shift was a cancellation');

    // Two approved together.
    await oliviaPage.getByRole('checkbox', { name: `Select ${three!.invoiceNumber}` }).check();
    await oliviaPage.getByRole('checkbox', { name: `Select ${four!.invoiceNumber}` }).check();
    await oliviaPage.getByRole('button', { name: 'Approve selected' }).click();
    await expect(toast(oliviaPage, '2 invoices approved')).toBeVisible();
    await expect(rows).toHaveCount(0);
    expect((await adam.get(three!.id)).status).toBe('approved');
    expect((await adam.get(four!.id)).status).toBe('approved');

    // Submitted elsewhere while the page is open: it arrives without a reload.
    await adam.step(five!.id, 'submit');
    await expect(rows).toHaveCount(1);
    await context.close();
  });

  test('with nothing waiting, the page says so', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await preferSunrise(page.context(), page.request);
    // Whatever the demo data holds, this list answers empty.
    // The page's reads answered below must be the browser's own, not the first paint's.
    await readsInTheBrowser(page);
    await page.route('**/api/invoices?*scope=awaiting-me*', (route) =>
      route.fulfill({ json: { success: true, data: [], meta: { total: 0, limit: 200, offset: 0 } } }),
    );
    await page.goto('/approvals/invoices');
    await expect(page.getByText('Nothing is waiting for your approval')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve selected' })).toHaveCount(0);
  });

  test("a team lead while the team leads' approval limit is unset is told why, not shown an error", async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.teamLead);
    await preferSunrise(page.context(), page.request);
    // The server's answer to a team lead while no limit is set (other tests may set one meanwhile).
    // The page's reads answered below must be the browser's own, not the first paint's.
    await readsInTheBrowser(page);
    await page.route('**/api/invoices?*scope=awaiting-me*', (route) =>
      route.fulfill({
        status: 403,
        json: {
          success: false,
          error: { code: 'FORBIDDEN', message: 'You do not have permission to do that' },
        },
      }),
    );
    await page.goto('/approvals/invoices');
    await expect(page.getByText(/^You do not approve invoices in this organisation yet\./)).toBeVisible();
    await expect(page.getByText('Could not load the approvals')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  });
});
