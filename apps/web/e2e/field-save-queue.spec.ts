import type { Page } from '@playwright/test';
import { sunriseWithNewCard } from './cards-api';
import { demoUsers, expect, openAs, test } from './fixtures';

/**
 * The field-save queue (spec work section 4; DESIGN.md 7: nothing simulated): Undo, real failures
 * (a version conflict between two people, a lost connection) and a reload in the middle of a save.
 */

/** Priya on the page of a new card of Jordan's Care Team, in Sunrise. */
async function openNewCard(page: Page, signIn: (email: string) => Promise<unknown>, title: string) {
  await signIn(demoUsers.practitioner);
  const opened = await sunriseWithNewCard(page, { title });
  await page.goto(`/card/${opened.card.id}`);
  return opened;
}

function saveStatus(page: Page) {
  return page.getByTestId('card-detail').getByTestId('save-status');
}

function details(page: Page) {
  return page.getByRole('complementary', { name: 'Details' });
}

async function storedQueueKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('wattle.saveQueue.')));
}

test.describe('field-save queue', () => {
  test("a Details change toasts 'Changed Priority.' and Undo reverts it, recorded as an undo", async ({
    page,
    signIn,
  }) => {
    const { api, card } = await openNewCard(page, signIn, 'Medication review');

    await details(page).getByLabel('Priority').selectOption({ label: 'High' });
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Changed Priority.' });
    await expect(toast).toBeVisible();
    await expect(saveStatus(page)).toHaveText('Saved');
    expect((await api.card(card.id)).priority).toBe('high');

    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(details(page).getByLabel('Priority')).toHaveValue('medium');
    await expect.poll(async () => (await api.card(card.id)).priority).toBe('medium');
    const newest = details(page).getByTestId('audit-entry').first();
    await expect(newest).toContainText('Undo');
    await expect(newest).toContainText('Priority: High');
    await expect(newest).toContainText('Medium');
    await expect(details(page).getByTestId('audit-entry').nth(1)).toContainText('Priority: Medium');
  });

  test('the same field saved by two people: the later one sees the conflict and keeps theirs with Keep mine', async ({
    page,
    signIn,
    browser,
  }) => {
    const { api, card } = await openNewCard(page, signIn, 'Sensory plan');
    const lee = await openAs(browser, demoUsers.teamLead, `/card/${card.id}`);
    try {
      // Priya starts typing a new title.
      await page.getByRole('button', { name: 'Edit title' }).click();
      await page.getByLabel('Title', { exact: true }).fill('Sensory plan (Priya)');

      // Meanwhile Lee saves his.
      await lee.page.getByRole('button', { name: 'Edit title' }).click();
      await lee.page.getByLabel('Title', { exact: true }).fill('Sensory plan (Lee)');
      await lee.page.getByLabel('Title', { exact: true }).press('Enter');
      await expect(saveStatus(lee.page)).toHaveText('Saved');

      // Priya's save started from the version before Lee's: a real 409.
      await page.getByLabel('Title', { exact: true }).press('Enter');
      await expect(saveStatus(page)).toContainText('Failed (Retry)');
      const conflict = page.getByTestId('card-conflict');
      await expect(conflict).toContainText('Title was changed by someone else');
      await expect(conflict).toContainText('Lee Lead changed it to “Sensory plan (Lee)”');
      await expect(conflict).toContainText('Yours: “Sensory plan (Priya)”');
      expect((await api.card(card.id)).title).toBe('Sensory plan (Lee)');

      await conflict.getByRole('button', { name: 'Keep mine' }).click();
      await expect(conflict).toHaveCount(0);
      await expect(saveStatus(page)).toHaveText('Saved');
      await expect.poll(async () => (await api.card(card.id)).title).toBe('Sensory plan (Priya)');
      // Lee's page follows the live change.
      await expect(lee.page.getByRole('heading', { level: 1, name: 'Sensory plan (Priya)' })).toBeVisible();
    } finally {
      await lee.context.close();
    }
  });

  test('Use theirs drops the conflicting change and shows the other value', async ({
    page,
    signIn,
    browser,
  }) => {
    const { api, card } = await openNewCard(page, signIn, 'Transport booking');
    const lee = await openAs(browser, demoUsers.teamLead, `/card/${card.id}`);
    try {
      // Lee's text is in before Priya types, so his save (on leaving the field) follows her typing at
      // once, well inside her 2 s auto-save: hers must be the later one, even on a busy machine.
      await lee.page.getByLabel('Description').fill('Lee: bus on Wednesday');
      await page.getByLabel('Description').fill('Priya: taxi on Tuesday');
      await lee.page.getByLabel('Description').blur();
      await expect(saveStatus(lee.page)).toHaveText('Saved');
      await page.getByLabel('Description').blur();
      const conflict = page.getByTestId('card-conflict');
      await expect(conflict).toContainText('Lee Lead changed it to “Lee: bus on Wednesday”');
      await conflict.getByRole('button', { name: 'Use theirs' }).click();
      await expect(conflict).toHaveCount(0);
      await expect(page.getByLabel('Description')).toHaveValue('Lee: bus on Wednesday');
      expect((await api.card(card.id)).description).toBe('Lee: bus on Wednesday');
      expect(await storedQueueKeys(page)).toEqual([]);
    } finally {
      await lee.context.close();
    }
  });

  test('two people editing different fields of one card both keep their changes', async ({
    page,
    signIn,
    browser,
  }) => {
    const { api, card } = await openNewCard(page, signIn, 'Shared card');
    const lee = await openAs(browser, demoUsers.teamLead, `/card/${card.id}`);
    try {
      // Priya begins the description at version 1; Lee changes the title meanwhile.
      await page.getByLabel('Description').fill('Written by Priya');
      await lee.page.getByRole('button', { name: 'Edit title' }).click();
      await lee.page.getByLabel('Title', { exact: true }).fill('Shared card, renamed by Lee');
      await lee.page.getByLabel('Title', { exact: true }).press('Enter');
      await expect(saveStatus(lee.page)).toHaveText('Saved');
      // State is the team's column (decision 0037): In Progress starts work.
      await details(lee.page).getByLabel('State').selectOption({ label: 'In Progress' });
      await expect(saveStatus(lee.page)).toHaveText('Saved');

      await page.getByLabel('Description').blur();
      await expect(saveStatus(page)).toHaveText('Saved');
      await expect(page.getByTestId('card-conflict')).toHaveCount(0);

      const saved = await api.card(card.id);
      expect([saved.title, saved.workflowStateId, saved.status, saved.description]).toEqual([
        'Shared card, renamed by Lee',
        'in-progress',
        'in-progress',
        'Written by Priya',
      ]);
      await expect(lee.page.getByLabel('Description')).toHaveValue('Written by Priya');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Shared card, renamed by Lee' }),
      ).toBeVisible();
    } finally {
      await lee.context.close();
    }
  });

  test("a change made offline shows 'Saved on this device only', is kept in the browser, and is saved after a reload", async ({
    page,
    context,
    signIn,
  }) => {
    const { api, card } = await openNewCard(page, signIn, 'Offline edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Offline edit' })).toBeVisible();

    await context.setOffline(true);
    await details(page).getByLabel('Priority').selectOption({ label: 'Low' });
    // Offline: kept in this browser until the connection is back, and it says so.
    await expect(saveStatus(page)).toHaveText('Saved on this device only');
    await expect(details(page).getByLabel('Priority')).toHaveValue('low');
    expect(await storedQueueKeys(page)).toEqual([`wattle.saveQueue.${api.tenantId}.${card.id}`]);
    expect((await api.card(card.id)).priority).toBe('medium');

    await context.setOffline(false);
    await page.reload();
    await expect.poll(async () => (await api.card(card.id)).priority).toBe('low');
    await expect(details(page).getByLabel('Priority')).toHaveValue('low');
    await expect.poll(() => storedQueueKeys(page)).toEqual([]);
  });

  test('a change whose save never got an answer is sent again when the card is opened after a reload', async ({
    page,
    context,
    signIn,
  }) => {
    const { api, card } = await openNewCard(page, signIn, 'Reload mid-save');
    await expect(page.getByRole('heading', { level: 1, name: 'Reload mid-save' })).toBeVisible();

    // The server cannot be reached by this tab's saves (a stopped connection), so they stay queued.
    await page.route('**/api/cards/*', (route) =>
      route.request().method() === 'PATCH' ? route.abort('connectionfailed') : route.fallback(),
    );
    await details(page).getByLabel('State').selectOption({ label: 'In Progress' });
    // Two quick retries (400 and 800 ms), then it waits on this device and keeps trying.
    await expect(saveStatus(page)).toHaveText('Saved on this device only');
    await page.close();

    // A new tab of the same browser: the queue is read back from storage and sent.
    const again = await context.newPage();
    await again.goto(`/card/${card.id}`);
    await expect.poll(async () => (await api.card(card.id)).workflowStateId).toBe('in-progress');
    await expect(details(again).getByLabel('State')).toHaveValue('in-progress');
    await expect(saveStatus(again)).toHaveText('Saved');
    await expect.poll(() => storedQueueKeys(again)).toEqual([]);
  });
});
