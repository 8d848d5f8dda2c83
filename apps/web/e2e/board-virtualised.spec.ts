import type { APIRequestContext } from '@playwright/test';
import type { Card } from '@wattle/domain/cards/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { column, dragWithMouse, patchOf, scrollColumnToBottom, scrollUntilDrawn } from './board-moves';
import { cardsApi } from './cards-api';
import { demoUsers, expect, openAs, preferSunrise, test } from './fixtures';

/**
 * The virtualised work board (issue 19 item 3): a column draws only the cards in sight and scrolls
 * by itself, without 'Show more'; a card far down a long column can still be dragged to another
 * column with the mouse, moved with the keyboard, and shows another person's change live once it is
 * scrolled into sight. Each test makes its own team of `columnSize` cards (all in To Do).
 */

const columnSize = 120;

/** A new Sunrise team with `count` cards, 'Long column card 1' to 'Long column card {count}', in order. */
async function teamWithManyCards(
  request: APIRequestContext,
  count: number,
): Promise<{ team: Team; cards: Card[] }> {
  const api = await cardsApi(request);
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  const response = await request.post('/api/teams', {
    data: { name: `Long board ${Date.now().toString(36)}` },
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf ?? ''), 'X-Tenant-Id': api.tenantId },
  });
  expect(response.status(), await response.text()).toBe(201);
  const team = ((await response.json()) as { data: Team }).data;
  const cards: Card[] = [];
  // One after another: a card's number (and so its place in the column) follows creation.
  for (let i = 1; i <= count; i += 1)
    cards.push(await api.create({ teamId: team.id, title: `Long column card ${i}` }));
  return { team, cards };
}

test.describe('the virtualised work board', () => {
  // Creating the team's cards through the API takes a while on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  let team: Team;
  let cards: Card[];

  test.beforeEach(async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await preferSunrise(page, page.request);
    ({ team, cards } = await teamWithManyCards(page.request, columnSize));
  });

  test('a long column draws only the cards in sight; the last card, dragged from its bottom to another column, stays there', async ({
    page,
  }) => {
    await page.goto(`/my-teams/${team.slug}/work-board`);
    const todo = column(page, 'To Do');
    const doing = column(page, 'In Progress');
    await expect(todo.getByRole('heading')).toContainText(`${columnSize} cards`);
    await expect(todo.getByRole('link', { name: 'Long column card 1', exact: true })).toBeVisible();
    const drawn = await todo.getByTestId('board-card').count();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(40);
    await expect(page.getByRole('button', { name: /^Show \d+ more/ })).toHaveCount(0);
    // The window does not grow with the column: the column scrolls inside itself.
    const scroll = todo.getByTestId('board-column-scroll');
    expect(await scroll.evaluate((box) => box.scrollHeight > box.clientHeight * 5)).toBe(true);

    const last = cards[columnSize - 1] as Card;
    await scrollColumnToBottom(todo);
    const handle = todo.getByRole('button', { name: `Drag ${last.title}`, exact: true });
    await expect(handle).toBeVisible();
    await expect(todo.getByRole('link', { name: 'Long column card 1', exact: true })).toHaveCount(0);

    await handle.scrollIntoViewIfNeeded();
    const saved = patchOf(page, last.id);
    await dragWithMouse(page, handle, doing.getByRole('list'));
    expect((await saved).status()).toBe(200);
    await expect(doing.getByRole('link', { name: last.title, exact: true })).toBeVisible();
    await expect(todo.getByRole('heading')).toContainText(`${columnSize - 1} cards`);

    await page.reload();
    await expect(doing.getByRole('heading')).toContainText('1 card');
    await expect(doing.getByRole('link', { name: last.title, exact: true })).toBeVisible();
    await expect(todo.getByRole('heading')).toContainText(`${columnSize - 1} cards`);
  });

  test('the keyboard moves a card down a long column and into the next one, with the whole column counted', async ({
    page,
  }) => {
    await page.goto(`/my-teams/${team.slug}/work-board`);
    const todo = column(page, 'To Do');
    const doing = column(page, 'In Progress');
    const first = cards[0] as Card;
    const announcement = page.getByRole('status').filter({ hasText: new RegExp(first.title) });

    await todo.getByRole('button', { name: `Drag ${first.title}`, exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(announcement).toHaveText(
      `Picked up ${first.title}, at position 1 of ${columnSize} in To Do.`,
    );
    for (let step = 2; step <= 4; step += 1) {
      await page.keyboard.press('ArrowDown');
      await expect(announcement).toHaveText(
        `${first.title} is over position ${step} of ${columnSize} in To Do.`,
      );
    }
    const within = patchOf(page, first.id);
    await page.keyboard.press('Space');
    await expect(announcement).toHaveText(
      `${first.title} was dropped at position 4 of ${columnSize} in To Do.`,
    );
    expect((await within).status()).toBe(200);
    await expect
      .poll(() =>
        todo
          .getByTestId('board-card')
          .evaluateAll((nodes) => nodes.slice(0, 4).map((node) => (node as HTMLElement).dataset.cardId)),
      )
      .toEqual([cards[1]?.id, cards[2]?.id, cards[3]?.id, first.id]);

    // Into the next column, by the keyboard alone.
    const across = patchOf(page, first.id);
    await todo.getByRole('button', { name: `Drag ${first.title}`, exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(announcement).toHaveText(
      `Picked up ${first.title}, at position 4 of ${columnSize} in To Do.`,
    );
    await page.keyboard.press('ArrowRight');
    await expect(announcement).toHaveText(`${first.title} is over the In Progress column.`);
    await page.keyboard.press('Space');
    expect((await across).status()).toBe(200);
    await expect(doing.getByRole('link', { name: first.title, exact: true })).toBeVisible();

    await page.reload();
    await expect(doing.getByRole('heading')).toContainText('1 card');
    await expect(todo.getByRole('heading')).toContainText(`${columnSize - 1} cards`);
  });

  test("another person's change to a card far down the column shows when it is scrolled into sight", async ({
    page,
    browser,
  }) => {
    const last = cards[columnSize - 1] as Card;
    const watcher = await openAs(browser, demoUsers.owner, `/my-teams/${team.slug}/work-board`);
    try {
      const todo = column(watcher.page, 'To Do');
      await expect(todo.getByRole('link', { name: 'Long column card 1', exact: true })).toBeVisible();
      await expect(watcher.page.locator('html')).toHaveAttribute('data-live-stream', 'open');
      // Not drawn: far below the column's sight.
      await expect(todo.locator(`[data-card-id="${last.id}"]`)).toHaveCount(0);
      await watcher.page.evaluate(() => {
        (window as unknown as { boardTestMark?: boolean }).boardTestMark = true;
      });

      const api = await cardsApi(page.request);
      await api.update(last.id, { version: last.version, title: 'Long column card, renamed elsewhere' });

      await scrollUntilDrawn(
        todo,
        todo.getByRole('link', { name: 'Long column card, renamed elsewhere', exact: true }),
      );
      await expect(todo.getByRole('link', { name: last.title, exact: true })).toHaveCount(0);
      // Live, not reloaded.
      expect(
        await watcher.page.evaluate(() => (window as unknown as { boardTestMark?: boolean }).boardTestMark),
      ).toBe(true);
    } finally {
      await watcher.context.close();
    }
  });
});
