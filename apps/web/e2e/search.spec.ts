import type { Page, Route } from '@playwright/test';
import { demoUsers, expect, test } from './fixtures';

const searchRoute = '**/api/search?*';

async function openSearch(page: Page) {
  await page.goto('/inbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await page.getByRole('button', { name: /^Search\b/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Search work items' });
  await expect(dialog).toBeVisible();
  return {
    dialog,
    field: dialog.getByRole('combobox', { name: 'Search across this tenant' }),
    status: dialog.getByTestId('search-status'),
  };
}

/** Answers GET /api/search as the cards issue will (a list envelope), recording each query. */
function answerSearch(
  page: Page,
  results: (query: string) => { id: string; title: string; workItemId?: string }[],
) {
  const queries: { q: string | null; limit: string | null; tenant: string | undefined }[] = [];
  void page.route(searchRoute, async (route: Route) => {
    const url = new URL(route.request().url());
    const q = url.searchParams.get('q');
    queries.push({
      q,
      limit: url.searchParams.get('limit'),
      tenant: route.request().headers()['x-tenant-id'],
    });
    const data = results(q ?? '');
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, data, meta: { total: data.length, limit: 20, offset: 0 } }),
    });
  });
  return queries;
}

test.describe('global search dialog', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn(demoUsers.owner);
  });

  test('shows the placeholder and the start message, and waits 300 ms after typing', async ({ page }) => {
    const queries = answerSearch(page, () => []);
    const { field, status } = await openSearch(page);
    await expect(field).toHaveAttribute('placeholder', 'Search across this tenant...');
    await expect(field).toBeFocused();
    await expect(status).toHaveText('Start typing to search work items across your tenant...');

    await field.pressSequentially('wound care', { delay: 40 });
    await expect(status).toHaveText('Updating...');
    await expect(status).toHaveText('No matches found');
    // One request for the whole phrase, not one per key.
    expect(queries.map((query) => query.q)).toEqual(['wound care']);
    expect(queries[0]?.limit).toBe('20');
    expect(queries[0]?.tenant).toBeTruthy();

    await field.fill('');
    await expect(status).toHaveText('Start typing to search work items across your tenant...');
  });

  test('counts the results and opens the chosen one at /card/{id}', async ({ page }) => {
    answerSearch(page, (query) =>
      query === 'plan'
        ? [
            { id: 'card-1', title: 'Behaviour support plan review', workItemId: 'SUN-00001' },
            { id: 'card-2', title: 'Plan meeting notes', workItemId: 'SUN-00002' },
          ]
        : [{ id: 'card-3', title: 'Weekly roster', workItemId: 'SUN-00003' }],
    );
    const { dialog, field, status } = await openSearch(page);
    await field.fill('roster');
    await expect(status).toHaveText('1 result(s)');
    await field.fill('plan');
    await expect(status).toHaveText('2 result(s)');
    const results = dialog.getByRole('option');
    await expect(results).toHaveCount(2);
    await expect(results.first()).toContainText('Behaviour support plan review');
    await expect(results.first()).toHaveAttribute('aria-selected', 'true');

    await field.press('ArrowDown');
    await expect(results.nth(1)).toHaveAttribute('aria-selected', 'true');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/card\/card-2$/);
    await expect(dialog).toBeHidden();

    const again = await openSearch(page);
    await again.field.fill('plan');
    await again.dialog.getByRole('option', { name: /Behaviour support plan review/ }).click();
    await expect(page).toHaveURL(/\/card\/card-1$/);
  });

  test('never shows more than 20 results', async ({ page }) => {
    answerSearch(page, () =>
      Array.from({ length: 25 }, (_, index) => ({ id: `card-${index}`, title: `Visit ${index}` })),
    );
    const { dialog, field, status } = await openSearch(page);
    await field.fill('visit');
    await expect(status).toHaveText('20 result(s)');
    await expect(dialog.getByRole('option')).toHaveCount(20);
  });

  test('says plainly that results arrive with work cards while the server has no search', async ({
    page,
  }) => {
    await page.route(searchRoute, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          error: { code: 'NOT_FOUND', message: 'No route GET /api/search' },
        }),
      }),
    );
    const { dialog, field, status } = await openSearch(page);
    await field.fill('incident');
    await expect(dialog.getByRole('note', { name: 'Search is not available yet' })).toContainText(
      'Search results arrive with work cards.',
    );
    await expect(status).toBeEmpty();
    await expect(dialog.getByRole('option')).toHaveCount(0);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  });

  test('a failing search says so and can be retried', async ({ page }) => {
    let calls = 0;
    await page.route(searchRoute, (route) => {
      calls += 1;
      return calls <= 4
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              success: false,
              error: { code: 'UNAVAILABLE', message: 'Database unavailable' },
            }),
          })
        : route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ success: true, data: [], meta: { total: 0, limit: 20, offset: 0 } }),
          });
    });
    const { dialog, field, status } = await openSearch(page);
    await field.fill('falls');
    await expect(dialog.getByRole('alert')).toContainText('Database unavailable', { timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(status).toHaveText('No matches found');
  });
});

/** Holds back the script of the search dialog's contents (loaded on first opening) until released. */
async function holdSearchPanelScript(page: Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/search-panel-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('global search dialog, loaded on first use', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn(demoUsers.owner);
  });

  test('opens at once with Loading... while its contents load, then its field takes focus', async ({
    page,
  }) => {
    const release = await holdSearchPanelScript(page);
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search work items' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText('Loading...');
    await expect(dialog).toBeFocused();

    release();
    const field = dialog.getByRole('combobox', { name: 'Search across this tenant' });
    await expect(field).toBeFocused();
    await expect(dialog.getByTestId('search-status')).toHaveText(
      'Start typing to search work items across your tenant...',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('says so when its contents cannot be loaded, and the page stays usable', async ({ page }) => {
    await page.route('**/assets/search-panel-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await page.getByRole('button', { name: /^Search\b/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Search work items' });
    await expect(dialog.getByRole('alert')).toContainText('This could not be loaded');
    await expect(dialog.getByRole('button', { name: 'Reload Page' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  });
});
