import { randomUUID } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import type { SearchResult } from '@wattle/domain/search/schemas';
import { dayMonthYear } from '@wattle/domain/shared/dates';
import { sunriseWithNewCard } from './cards-api';
import { demoUsers, expect, test } from './fixtures';

const searchRoute = '**/api/search?*';

/** A word no other card holds, so a search for it finds only the card made by this test. */
function uniqueWord(prefix: string): string {
  return `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8)}`;
}

async function openSearch(page: Page, from = '/inbox') {
  await page.goto(from);
  await page.getByRole('button', { name: /^Search\b/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Search work items' });
  await expect(dialog).toBeVisible();
  return {
    dialog,
    field: dialog.getByRole('combobox', { name: 'Search across this organisation' }),
    status: dialog.getByTestId('search-status'),
  };
}

function searchBox(page: Page) {
  return {
    field: page.getByRole('combobox', { name: 'Search work items' }),
    dropdown: page.getByTestId('work-item-search-dropdown'),
    status: page.getByTestId('work-item-search-status'),
    results: page.getByTestId('work-item-search-result'),
  };
}

/** A search result as the server sends it. */
function result(index: number, overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    id: randomUUID(),
    workItemId: `SUN-${String(90000 + index).padStart(5, '0')}`,
    teamId: randomUUID(),
    title: `Visit ${index}`,
    description: '',
    assigneeName: null,
    dueDate: null,
    createdDate: '2026-11-01',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Answers GET /api/search with `results(q)` (after `delayMs(q)`), recording each query. */
function answerSearch(
  page: Page,
  results: (query: string) => SearchResult[],
  delayMs: (query: string) => number = () => 0,
) {
  const queries: { q: string | null; limit: string | null; tenant: string | undefined }[] = [];
  void page.route(searchRoute, async (route: Route) => {
    const url = new URL(route.request().url());
    const q = url.searchParams.get('q');
    const limit = url.searchParams.get('limit');
    queries.push({ q, limit, tenant: route.request().headers()['x-tenant-id'] });
    const data = results(q ?? '');
    const delay = delayMs(q ?? '');
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        success: true,
        data,
        meta: { total: data.length, limit: Number(limit), offset: 0 },
      }),
    });
  });
  return queries;
}

test.describe('search finds real cards', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn(demoUsers.teamLead);
  });

  test('the global dialog finds a card by several words, from its title and a field value', async ({
    page,
  }) => {
    const word = uniqueWord('numbat');
    const { card } = await sunriseWithNewCard(page, {
      title: 'Quokka hydrotherapy',
      templateId: 'incident-report',
      fieldValues: { 'incident-description': `<p>Calm after the ${word} session.</p>` },
    });
    const { dialog, field, status } = await openSearch(page);
    await field.fill(`HYDROTHERAPY ${word} quokka`);
    await expect(status).toHaveText('1 result(s)');
    const option = dialog.getByRole('option');
    await expect(option).toHaveCount(1);
    await expect(option).toContainText('Quokka hydrotherapy');
    await expect(option).toContainText(card.workItemId);

    await field.fill(`quokka ${word} platypus`);
    await expect(status).toHaveText('No matches found');
    await expect(dialog.getByRole('option')).toHaveCount(0);

    await field.fill(`${word} quokka`);
    await expect(status).toHaveText('1 result(s)');
    await dialog.getByRole('option').click();
    await expect(page).toHaveURL(new RegExp(`/card/${card.id}$`));
    await expect(dialog).toBeHidden();
  });

  test('the work-item box shows title, description, assignee and dates, and opens with the keyboard', async ({
    page,
  }) => {
    const word = uniqueWord('bilby');
    const me = (await (await page.request.get('/api/me')).json()).data as { id: string; name: string };
    const { api, card } = await sunriseWithNewCard(page, {
      title: `Quokka hydrotherapy ${word}`,
      description: 'Warm pool session at the aquatic centre',
      assigneeId: me.id,
      dueDate: '2031-05-06',
    });
    await page.goto('/inbox');
    const box = searchBox(page);
    await expect(box.field).toHaveAttribute('placeholder', 'Search work items...');
    await box.field.click();
    await expect(box.status).toHaveText('Start typing to search for work items...');

    await box.field.pressSequentially(`aquatic ${word}`, { delay: 20 });
    await expect(box.status).toHaveText('Found 1 work item(s)');
    const found = box.results;
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(`Quokka hydrotherapy ${word}`);
    await expect(found).toContainText('Warm pool session at the aquatic centre');
    await expect(found).toContainText(me.name);
    await expect(found).toContainText('Due 6 May 2031');
    // The created day as the server answers it (the tenant's time zone), written as the page writes dates.
    const answer = await page.request.get(`/api/search?q=${word}`, {
      headers: { 'X-Tenant-Id': api.tenantId },
    });
    const createdDate = ((await answer.json()).data as SearchResult[])[0]!.createdDate;
    await expect(found).toContainText(`Created ${dayMonthYear(createdDate)}`);

    // Ctrl/Cmd+K toggles the dropdown while the box has focus, and the global dialog stays shut.
    await box.field.press('ControlOrMeta+k');
    await expect(box.dropdown).toBeHidden();
    await box.field.press('ControlOrMeta+k');
    await expect(box.dropdown).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Search work items' })).toBeHidden();
    await box.field.press('Escape');
    await expect(box.dropdown).toBeHidden();

    await box.field.press('ArrowDown');
    await expect(box.dropdown).toBeVisible();
    await expect(found).toHaveAttribute('aria-selected', 'true');
    await box.field.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/card/${card.id}$`));
  });

  test('the work-item box says so when nothing matches, and takes at most 200 characters', async ({
    page,
  }) => {
    await page.goto('/inbox');
    const box = searchBox(page);
    await box.field.fill(uniqueWord('nothing'));
    await expect(box.status).toHaveText('No work items found');
    await expect(box.results).toHaveCount(0);

    await box.field.fill('');
    await box.field.focus();
    await page.keyboard.insertText('a'.repeat(2000));
    await expect(box.field).toHaveValue('a'.repeat(200));
    await expect(box.status).toHaveText(/No work items found|Found \d+ work item\(s\)/);
  });
});

test.describe('global search dialog', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn(demoUsers.owner);
  });

  test('shows the placeholder and the start message, and waits 300 ms after typing', async ({ page }) => {
    const queries = answerSearch(page, () => []);
    const { field, status } = await openSearch(page);
    await expect(field).toHaveAttribute('placeholder', 'Search across this organisation…');
    await expect(field).toHaveAttribute('maxlength', '200');
    await expect(field).toBeFocused();
    await expect(status).toHaveText('Start typing to search work items across your organisation…');

    await field.pressSequentially('wound care', { delay: 40 });
    await expect(status).toHaveText('Updating…');
    await expect(status).toHaveText('No matches found');
    // One request for the whole phrase, not one per key.
    expect(queries.map((query) => query.q)).toEqual(['wound care']);
    expect(queries[0]?.limit).toBe('20');
    expect(queries[0]?.tenant).toBeTruthy();

    await field.fill('');
    await expect(status).toHaveText('Start typing to search work items across your organisation…');
  });

  test('counts the results, keeps the last answer while a newer query loads, and opens with the keyboard', async ({
    page,
  }) => {
    const plan = [
      result(1, { title: 'Behaviour support plan review' }),
      result(2, { title: 'Plan meeting notes', assigneeName: 'Priya Practitioner' }),
    ];
    answerSearch(
      page,
      (query) => (query === 'plan' ? plan : [result(3, { title: 'Weekly roster' })]),
      // The newer answer is slow, so the older one is seen standing while it loads.
      (query) => (query === 'plan' ? 1500 : 0),
    );
    const { dialog, field, status } = await openSearch(page);
    await field.fill('roster');
    await expect(status).toHaveText('1 result(s)');
    await field.fill('plan');
    await expect(status).toHaveText('Updating…');
    await expect(dialog.getByRole('option')).toHaveText([/Weekly roster/]);
    await expect(status).toHaveText('2 result(s)');
    const options = dialog.getByRole('option');
    await expect(options).toHaveCount(2);
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(options.nth(1)).toContainText('Priya Practitioner');

    await field.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await field.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/card/${plan[1]!.id}$`));
    await expect(dialog).toBeHidden();
  });

  test('never shows more than 20 results', async ({ page }) => {
    answerSearch(page, () => Array.from({ length: 25 }, (_, index) => result(index)));
    const { dialog, field, status } = await openSearch(page);
    await field.fill('visit');
    await expect(status).toHaveText('20 result(s)');
    await expect(dialog.getByRole('option')).toHaveCount(20);
  });

  test('a failing search shows an empty result in both boxes', async ({ page }) => {
    await page.route(searchRoute, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          error: { code: 'UNAVAILABLE', message: 'Database unavailable' },
        }),
      }),
    );
    const { dialog, field, status } = await openSearch(page);
    await field.fill('falls');
    await expect(status).toHaveText('No matches found');
    await expect(dialog.getByRole('option')).toHaveCount(0);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const box = searchBox(page);
    await box.field.fill('falls');
    await expect(box.status).toHaveText('No work items found');
  });

  test('the work-item box shows at most 8 results in a dropdown of at most 400 px that scrolls', async ({
    page,
  }) => {
    const queries = answerSearch(page, () =>
      Array.from({ length: 8 }, (_, index) =>
        result(index, {
          description: 'A long description of the visit. '.repeat(6),
          assigneeName: 'Lee Lead',
        }),
      ),
    );
    await page.goto('/inbox');
    const box = searchBox(page);
    await box.field.fill('visit');
    await expect(box.status).toHaveText('Found 8 work item(s)');
    expect(queries.at(-1)?.limit).toBe('8');
    const height = await box.dropdown.evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(400);
    const list = box.dropdown.getByRole('listbox');
    expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  });

  test("the work-item box shows the created day in the tenant's time zone, not the UTC day", async ({
    page,
  }) => {
    // 20:00 UTC on 1 November is 2 November in Sydney: the server answers createdDate for that day.
    answerSearch(page, () => [
      result(1, { createdAt: '2026-11-01T20:00:00.000Z', createdDate: '2026-11-02', dueDate: '2026-09-06' }),
    ]);
    await page.goto('/inbox');
    const box = searchBox(page);
    await box.field.fill('visit');
    await expect(box.status).toHaveText('Found 1 work item(s)');
    await expect(box.results).toContainText('Created 02/11/2026');
    await expect(box.results).toContainText('Due 6 Sept 2026');
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
    const field = dialog.getByRole('combobox', { name: 'Search across this organisation' });
    await expect(field).toBeFocused();
    await expect(dialog.getByTestId('search-status')).toHaveText(
      'Start typing to search work items across your organisation…',
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
