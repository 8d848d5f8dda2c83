import { cardsApi, sunriseWithNewCard } from './cards-api';
import { demoUsers, expect, expectNoAccessibilityViolations, openAs, test } from './fixtures';

/**
 * Watching a card (issue 18): Sophie watches a card from its page; Lee's comment then reaches her
 * inbox; she stops watching and his next comment does not.
 */
test('watch a card, hear of its comments in the inbox, and unwatch it', async ({ page, signIn, browser }) => {
  // Two people's browsers and seven page loads: near the 30 s default on a quiet machine.
  test.slow();
  await signIn(demoUsers.supportWorker);
  const { card } = await sunriseWithNewCard(page, { title: 'Watch this card' });
  await page.goto(`/card/${card.id}`);
  const toggle = page.getByTestId('watch-toggle');
  await expect(toggle).toHaveText('Watch');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(page.getByText('Watching: new comments will reach your inbox')).toBeVisible();
  await expect(toggle).toHaveText('Unwatch');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expectNoAccessibilityViolations(page);
  await page.reload();
  await expect(page.getByTestId('watch-toggle')).toHaveAttribute('aria-pressed', 'true');

  // Lee comments through the API, in a browser of his own.
  const lee = await openAs(browser, demoUsers.teamLead, '/inbox');
  try {
    const leeApi = await cardsApi(lee.page.request);
    const headers = { 'X-Tenant-Id': leeApi.tenantId };
    const csrf = (await lee.context.cookies()).find((c) => c.name === 'wattle_csrf')?.value ?? '';
    const post = (content: string) =>
      lee.page.request.post(`/api/cards/${card.id}/comments`, {
        data: { content },
        headers: { ...headers, 'X-CSRF-Token': decodeURIComponent(csrf) },
      });
    expect((await post('The chair arrives Friday')).status()).toBe(201);

    await page.goto('/inbox');
    await expect(
      page.getByText(`Lee Lead commented on ${card.workItemId}: The chair arrives Friday`),
    ).toBeVisible();

    await page.goto(`/card/${card.id}`);
    await page.getByTestId('watch-toggle').click();
    await expect(page.getByTestId('watch-toggle')).toHaveText('Watch');
    expect((await post('Second note')).status()).toBe(201);
    await page.goto('/inbox');
    await expect(
      page.getByText(`Lee Lead commented on ${card.workItemId}: The chair arrives Friday`),
    ).toBeVisible();
    await expect(page.getByText(`Lee Lead commented on ${card.workItemId}: Second note`)).toHaveCount(0);
  } finally {
    await lee.context.close();
  }
});
