import { costRateMessages } from '@wattle/domain/staff/cost-rates';
import { demoUsers, expect, expectNoAccessibilityViolations, sunriseIdOf, test } from './fixtures';

/**
 * People's hourly cost rates on /settings/user/rates (issue 17, settings user/rates): an owner sets a
 * support worker's rate inline and it is there after a reload; a value out of range or not a sum of
 * money is refused with its reason and stays in the field; a team lead neither sees nor reads them.
 */

test.describe("people's hourly cost rates", () => {
  test("an owner sets Sophie's rate; a bad value shows why and is not lost", async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/settings/user/rates');
    const section = page.getByTestId('cost-rates');
    await expect(page.getByRole('heading', { name: "People's hourly cost rates" })).toBeVisible();
    await expect(
      page.getByText('what the organisation pays the worker an hour, not what it bills'),
    ).toBeVisible();
    const sophie = section.getByTestId('cost-rate-row').filter({ hasText: 'Sophie Support' });
    await expect(sophie).toContainText(demoUsers.supportWorker);
    await expect(sophie).toContainText('Member');
    const rate = sophie.getByRole('textbox', { name: 'Hourly cost rate for Sophie Support, in dollars' });

    // Saved by its button, then by leaving the field.
    await rate.fill('70');
    await sophie.getByRole('button', { name: 'Save the hourly cost rate for Sophie Support' }).click();
    await expect(sophie.getByRole('status')).toHaveText('Saved');
    await expect(rate).toHaveValue('70.00');
    await rate.fill('68.45');
    await expect(sophie.getByRole('status')).toHaveText('');
    // Tab reaches the row's Save button first; leaving that too saves.
    await rate.press('Tab');
    await expect(sophie.getByRole('button', { name: /Save the hourly cost rate/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(sophie.getByRole('status')).toHaveText('Saved');

    await page.reload();
    await expect(rate).toHaveValue('68.45');

    // Refused before it is sent: out of range, then not a sum of money. What was typed stays.
    await rate.fill('1200');
    await rate.press('Enter');
    await expect(sophie.getByRole('alert')).toHaveText(costRateMessages.range);
    await expect(rate).toHaveValue('1200');
    await expect(rate).toHaveAttribute('aria-invalid', 'true');
    await rate.fill('sixty');
    await rate.press('Tab');
    await page.keyboard.press('Tab');
    await expect(sophie.getByRole('alert')).toHaveText(costRateMessages.format);
    await expect(rate).toHaveValue('sixty');
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: '.tmp/h7/cost-rates-1280.png', fullPage: true });

    await page.reload();
    await expect(rate).toHaveValue('68.45');

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(rate).toBeVisible();
    await expect(sophie).toContainText('Member');
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: '.tmp/h7/cost-rates-375.png', fullPage: true });
  });

  test('a team lead neither sees nor reads the rates', async ({ page, signIn }) => {
    await signIn(demoUsers.teamLead);
    await page.goto('/settings/user/rates');
    await expect(page.getByRole('heading', { name: 'Rates', level: 1 })).toBeVisible();
    await expect(page.getByTestId('time-code-row').first()).toBeVisible();
    await expect(page.getByText("People's hourly cost rates")).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /Hourly cost rate for/ })).toHaveCount(0);
    const res = await page.request.get('/api/staff/cost-rates', {
      headers: { 'X-Tenant-Id': await sunriseIdOf(page.request) },
    });
    expect(res.status()).toBe(403);
  });
});
