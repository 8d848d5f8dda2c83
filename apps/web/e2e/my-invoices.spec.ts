import { demoUsers, expect, expectNoAccessibilityViolations, preferSunrise, test } from './fixtures';
import { oliviaContext, rejectInvoiceViaApi, sidewaysOverflow } from './invoice-workflow-api';
import { agencyParticipant, approvedTime, invoicesApi } from './invoices-api';

/**
 * My invoices (issue 15 part 4) against the real server: Olivia sends back an invoice Adam
 * submitted; Adam finds it first on his page with her reason, with his other invoices and their
 * status, and "Fix and resubmit" opens it in the wizard.
 */
test('Adam sees the invoice sent back to him with the reason, and opens it to fix and resubmit', async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn(demoUsers.admin);
  await preferSunrise(page.context(), page.request);
  const olivia = await oliviaContext(browser);
  const name = `Mine Person ${Date.now()}`;
  const person = await agencyParticipant(olivia.request, name);
  const days = await approvedTime(page.request, olivia.request, person.id, 2);
  const adam = invoicesApi(page.request);
  const sentBack = await adam.build(person.id, days[0]!);
  const pending = await adam.build(person.id, days[1]!);
  await adam.step(sentBack.id, 'submit');
  await adam.step(pending.id, 'submit');
  await rejectInvoiceViaApi(olivia.request, sentBack.id, 'Wrong support item for a Saturday');
  await olivia.close();

  await page.goto('/my/invoices');
  await expect(page.getByRole('heading', { name: 'My Invoices', level: 1 })).toBeVisible();
  const group = page.getByTestId('sent-back');
  await expect(group.getByRole('heading', { name: /Sent back to you/ })).toBeVisible();
  const item = group.getByTestId('sent-back-invoice').filter({ hasText: sentBack.invoiceNumber });
  await expect(item).toContainText('Wrong support item for a Saturday');
  await expect(item).toContainText(name);

  // The other invoice is listed with its status.
  const other = page.getByTestId('my-invoice').filter({ hasText: pending.invoiceNumber });
  await expect(other.getByTestId('invoice-status')).toHaveText('Pending approval');

  await expectNoAccessibilityViolations(page);
  // A phone: nothing runs off the side.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(item).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await item.getByRole('link', { name: `Fix and resubmit ${sentBack.invoiceNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/new\\?invoiceId=${sentBack.id}`));
  await expect(page.getByTestId('wizard-rejection')).toContainText('Wrong support item for a Saturday');
  await expect(page.getByTestId('invoice-line')).toHaveCount(1);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
