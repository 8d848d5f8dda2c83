import { demoUsers, expect, expectNoAccessibilityViolations, test } from './fixtures';

/**
 * Issue 17, settings user, notifications and documentation: each person's own details and how they
 * are notified, and where the handbook and API document are. Each test puts back what it changed.
 */

test.describe('user settings', () => {
  test('Theo changes his time zone and name; an empty name is refused; the e-mail is shown read-only', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.therapist);
    await page.goto('/settings/user');
    await expect(page.getByRole('heading', { name: 'User Settings', level: 1 })).toBeVisible();
    const email = page.getByRole('textbox', { name: 'E-mail address' });
    await expect(email).toHaveValue(demoUsers.therapist);
    await expect(email).toHaveAttribute('readonly', '');
    const name = page.getByRole('textbox', { name: 'Name' });
    const savedName = await name.inputValue();
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue('');
    // Australia's zones come first, after the organisation's.
    const firstOptions = await zone
      .locator('option')
      .evaluateAll((options) => options.slice(0, 3).map((o) => (o as HTMLOptionElement).value));
    expect(firstOptions).toEqual(['', 'Australia/Sydney', 'Australia/Melbourne']);

    await name.fill('   ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Enter your name')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');

    await name.fill(`${savedName} Jr`);
    await zone.selectOption('Australia/Perth');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your details are saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(`${savedName} Jr`);
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Australia/Perth');
    await expectNoAccessibilityViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // Back as it was, by keyboard.
    await page.getByRole('textbox', { name: 'Name' }).fill(savedName);
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption('');
    await page.getByRole('textbox', { name: 'Name' }).press('Enter');
    await expect(page.getByText('Your details are saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(savedName);
  });
});

test.describe('notification settings', () => {
  test('Olivia turns off e-mail for comments and takes the daily digest; approvals stay in the app', async ({
    page,
    signIn,
    apiGet,
  }) => {
    await signIn(demoUsers.owner);
    await page.goto('/settings/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    const commentsEmail = page.getByRole('checkbox', { name: 'Comments by e-mail' });
    await expect(commentsEmail).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Approvals in the app (always on)' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

    // By keyboard: focus the box and press Space.
    await commentsEmail.focus();
    await page.keyboard.press('Space');
    await expect(commentsEmail).not.toBeChecked();
    await page.getByRole('switch', { name: 'Daily digest' }).click();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Comments by e-mail' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Comments in the app' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Daily digest' })).toBeChecked();
    const tenants = await apiGet<{ id: string; name: string }[]>('/api/tenants');
    const sunrise = tenants.find((t) => t.name === 'Sunrise Support Network')!;
    const saved = await apiGet<{ kinds: { comments: { email: boolean } }; dailyDigest: boolean }>(
      '/api/settings/notifications',
      sunrise.id,
    );
    expect(saved.kinds.comments.email).toBe(false);
    expect(saved.dailyDigest).toBe(true);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('checkbox', { name: 'Comments by e-mail' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // Back to the defaults.
    await page.getByRole('checkbox', { name: 'Comments by e-mail' }).click();
    await page.getByRole('switch', { name: 'Daily digest' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
  });
});

test.describe('documentation settings', () => {
  test('links to the handbook and the documentation; not among a practitioner’s settings', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.admin);
    await page.goto('/settings/documentation');
    await expect(page.getByRole('heading', { name: 'Documentation', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /OpenAPI document/ })).toHaveAttribute(
      'href',
      '/api/openapi.json',
    );
    await expectNoAccessibilityViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAccessibilityViolations(page);
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Handbook How to run/ })
      .click();
    await expect(page).toHaveURL(/\/handbook$/);
    await expect(page.getByRole('heading', { name: 'Handbook', level: 1 })).toBeVisible();
    await page.goBack();
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Documentation and API reference/ })
      .click();
    await expect(page).toHaveURL(/\/documentation$/);

    await signIn(demoUsers.practitioner);
    await page.goto('/settings');
    await expect(
      page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Documentation' }),
    ).toHaveCount(0);
  });
});
