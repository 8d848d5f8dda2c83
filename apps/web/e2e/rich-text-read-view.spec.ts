import type { Page } from '@playwright/test';
import { cardsApi } from './cards-api';
import { demoUsers, expect, expectNoAccessibilityViolations, preferSunrise, test } from './fixtures';

/**
 * The template form's rich text fields open as a light read view (issue 19): a plan loads none of
 * the editor's code until a field is focused, and what is typed while that code arrives is kept,
 * with the caret where it was, when the editor takes over.
 */

const editorChunk = /\/assets\/rich-text-editor-[^/]*\.js$/;

function editorRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (editorChunk.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

test.describe('rich text read view', () => {
  test('a plan opens without the editor; typing before it arrives is kept when it takes over', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000);
    await signIn(demoUsers.practitioner);
    await preferSunrise(page, page.request);
    const api = await cardsApi(page.request);
    const card = await api.create({
      teamId: await api.teamId("Jordan's Care Team"),
      title: 'Comprehensive Behaviour Support Plan: read view',
      templateId: 'comprehensive-bsp',
    });
    await api.update(card.id, {
      version: card.version,
      fieldValues: { 'participant-address': '<p>14 <strong>Banksia</strong> Street</p>' },
    });

    const requested = editorRequests(page);
    // The editor's code is held back until the test lets it through.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(editorChunk, async (route) => {
      await released;
      await route.continue();
    });

    await page.goto(`/card/${card.id}`);
    const form = page.getByTestId('template-form');
    const address = form.getByRole('textbox', { name: 'Participant Address' });
    // The saved rich text shows, formatting and all, from the read view.
    await expect(address).toHaveText('14 Banksia Street');
    await expect(address.locator('strong')).toHaveText('Banksia');
    await page.waitForLoadState('networkidle');
    expect(requested, 'no editor code before a field is used').toEqual([]);
    await expectNoAccessibilityViolations(page);

    const name = form.getByRole('textbox', { name: 'Participant Name' });
    await name.click();
    await page.keyboard.type('Jordan');
    await expect.poll(() => requested.length).toBe(1);
    await expect(form.getByRole('toolbar', { name: 'Formatting, Participant Name' })).toHaveCount(0);

    release();
    await expect(form.getByRole('toolbar', { name: 'Formatting, Participant Name' })).toBeVisible();
    await page.keyboard.type(' Lee');
    await expect(name).toHaveText('Jordan Lee');
    await expect(form.getByRole('button', { name: 'Bold' }).first()).toBeVisible();

    // Saved as rich text 2 s after the last keystroke.
    await expect
      .poll(async () => (await api.card(card.id)).fieldValues['participant-name'], { timeout: 15_000 })
      .toBe('<p>Jordan Lee</p>');
  });
});
