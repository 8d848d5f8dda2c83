import { readFile } from 'node:fs/promises';
import { sunriseWithNewCard } from './cards-api';
import { demoUsers, expect, expectNoAccessibilityViolations, openAs, test } from './fixtures';

/** A calendar day `days` from today (UTC; the review's window is a week either side, so a day's drift is harmless). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test.describe('Meeting Reviews (/meeting)', () => {
  test("Lee walks through his team's cards, saves a note to a card and downloads the agenda", async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.teamLead);
    const title = `Meeting check ${Date.now()}`;
    const { api, card } = await sunriseWithNewCard(page, { title, dueDate: dayFromToday(2) });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/meeting');
    await expect(page.getByRole('heading', { name: 'Meeting Reviews', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Meeting Reviews · Wattle');
    await page.getByLabel('Team', { exact: true }).selectOption({ label: "Jordan's Care Team" });
    await expect(page.getByRole('heading', { name: /^Jordan Lee/, level: 2 })).toBeVisible();

    const article = page.getByRole('article', { name: `${card.workItemId} ${title}` });
    await expect(article).toBeVisible();
    await expect(article).toContainText('Changed');
    await expect(article.getByRole('link', { name: title })).toHaveAttribute('href', `/card/${card.id}`);

    // By keyboard: type the note, Tab to the button, Enter.
    const notes = article.getByLabel(`Meeting notes for ${card.workItemId}`);
    await notes.focus();
    await page.keyboard.type('Agreed: Lee books the review with the family.');
    await page.keyboard.press('Tab');
    await expect(article.getByRole('button', { name: 'Save note to card' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Meeting note saved')).toBeVisible();
    await expect(article).toContainText('Last meeting note');
    await expect(article).toContainText('Agreed: Lee books the review with the family.');
    await expect(notes).toHaveValue('');

    // Saved to the card as a review comment marked as a meeting review.
    const thread = await page.request.get(`/api/cards/${card.id}/comments`, {
      headers: { 'X-Tenant-Id': api.tenantId },
    });
    const comments = (
      (await thread.json()) as { data: { content: string; type: string; metadata: object }[] }
    ).data;
    expect(comments).toContainEqual(
      expect.objectContaining({
        content: 'Agreed: Lee books the review with the family.',
        type: 'review',
        metadata: expect.objectContaining({ meetingReview: true }),
      }),
    );

    // The agenda downloads as a PDF named after the team.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download agenda (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^meeting-agenda-jordans-care-team-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: test.info().outputPath('meeting-1280.png'), fullPage: false });

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(article).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: test.info().outputPath('meeting-375.png'), fullPage: false });

    // The card's thread shows the note marked as a meeting review.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/card/${card.id}`);
    const note = page.getByText('Agreed: Lee books the review with the family.');
    await expect(note).toBeVisible();
    await expect(page.getByTestId('meeting-review-badge')).toHaveText('Meeting review');
  });

  test('a longer period takes in cards due further ahead', async ({ page, signIn }) => {
    await signIn(demoUsers.teamLead);
    const title = `Meeting far ahead ${Date.now()}`;
    const { card } = await sunriseWithNewCard(page, { title, dueDate: dayFromToday(20) });
    await page.goto('/meeting');
    await page.getByLabel('Team', { exact: true }).selectOption({ label: "Jordan's Care Team" });
    // Just made, so it changed this week: on the review either way, its due date outside the week.
    const article = page.getByRole('article', { name: `${card.workItemId} ${title}` });
    await expect(article).toBeVisible();
    await page.getByLabel('Period').selectOption({ label: 'A month either side' });
    await expect(page.getByTestId('meeting-review-summary')).toContainText('due from');
    await expect(article).toBeVisible();
  });

  test('an auditor reads the review without note boxes; a family guardian is offered no team', async ({
    browser,
  }) => {
    const aria = await openAs(browser, demoUsers.auditor, '/meeting');
    await aria.page.getByLabel('Team', { exact: true }).selectOption({ label: "Jordan's Care Team" });
    await expect(aria.page.getByTestId('meeting-review-summary')).toContainText(
      'only team members who comment',
    );
    await expect(aria.page.getByRole('button', { name: 'Save note to card' })).toHaveCount(0);
    await aria.context.close();

    // A family guardian reads no team's cards: no team to pick, no agenda offered.
    const fiona = await openAs(browser, demoUsers.familyGuardian, '/meeting');
    await expect(fiona.page.getByText('No team whose cards you can read')).toBeVisible();
    await expect(fiona.page.getByRole('link', { name: /Download agenda/ })).toHaveCount(0);
    await expectNoAccessibilityViolations(fiona.page);
    await fiona.context.close();
  });
});
