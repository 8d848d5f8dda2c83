import { demoUsers, expect, expectNoAccessibilityViolations, test } from './fixtures';

/** /handbook and /documentation (issue 17 item 4): the repo's Markdown, searchable, and the API reference. */

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`handbook and documentation at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the handbook shows its chapters and search keeps the sections holding every word', async ({
      page,
      signIn,
    }) => {
      await signIn(demoUsers.supportWorker);
      await page.goto('/handbook');
      await expect(page.getByRole('heading', { name: 'Handbook', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle('Handbook · Wattle');
      for (const chapter of [
        'Running a care team',
        'Roles and what each may do',
        'Compliance templates and their deadlines',
        'Time and invoicing',
      ]) {
        await expect(page.getByRole('heading', { name: chapter, level: 2 })).toBeVisible();
      }
      // Rendered Markdown: a table of the Commission's deadlines.
      await expect(page.getByRole('cell', { name: 'Monthly restrictive practice report' })).toBeVisible();
      await expectNoAccessibilityViolations(page);

      const search = page.getByRole('searchbox', { name: 'Search the handbook' });
      await search.focus();
      await page.keyboard.type('reportable incidents');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'Reportable incidents', level: 3 })).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Time and invoicing', level: 2 })).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'hold all of those words' })).toBeVisible();

      await search.fill('zebra reportable');
      await expect(page.getByText('No sections hold all of those words.')).toBeVisible();
      await expect(main.getByRole('heading', { level: 3 })).toHaveCount(0);
      await search.fill('');
      await expect(main.getByRole('heading', { name: 'Time and invoicing', level: 2 })).toBeVisible();
    });

    test('the documentation shows the guides and the API reference, grouped and filterable', async ({
      page,
      signIn,
    }) => {
      await signIn(demoUsers.owner);
      await page.goto('/documentation');
      await expect(page.getByRole('heading', { name: 'Documentation', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Using the API', level: 2 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'API reference', level: 2 })).toBeVisible();
      const filter = page.getByRole('searchbox', { name: 'Filter operations' });
      // The server builds its OpenAPI document (about 1 MB) on the first request after a start.
      await expect(filter).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('heading', { name: /^settings/i, level: 3 })).toBeVisible();

      await filter.fill('put notifications');
      const operation = page.locator('details', { hasText: '/api/settings/notifications' });
      await expect(operation).toHaveCount(1);
      await expect(page.getByText(/^1 operation in 1 group\.$/)).toBeVisible();
      // Open it by keyboard: the details' summary takes Enter.
      await operation.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(operation.getByRole('heading', { name: 'Request body' })).toBeVisible();
      await expect(operation.getByText('dailyDigest').first()).toBeVisible();
      await expect(operation.getByText('kinds', { exact: true }).first()).toBeVisible();
      await expect(operation.getByRole('heading', { name: 'Responses' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });
  });
}
