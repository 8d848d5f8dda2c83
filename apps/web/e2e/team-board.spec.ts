import type { APIRequestContext, Locator } from '@playwright/test';
import type { Card } from '@wattle/domain/cards/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { column, dragWithMouse, patchOf, scrollUntilDrawn } from './board-moves';
import { cardsApi } from './cards-api';
import {
  demoUsers,
  expect,
  expectNoAccessibilityViolations,
  preferSunrise,
  sunriseOf,
  test,
} from './fixtures';

/**
 * The work board (issue 5 item 1): a column per workflow state of the team; cards dragged across
 * columns with the mouse and reordered with the keyboard keep their place after a reload; a team
 * admin edits the workflow and sees the new columns; a support worker cannot; a phone scrolls the
 * board, never the page, sideways. Each test makes its own team and cards, and leaves the seeded ones
 * alone.
 */

/** A new Sunrise team with cards in order (all in its first column), made through the API as the owner. */
async function teamWithCards(
  request: APIRequestContext,
  titles: string[],
): Promise<{ team: Team; cards: Card[] }> {
  const api = await cardsApi(request);
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  const response = await request.post('/api/teams', {
    data: { name: `Board ${Date.now().toString(36)}` },
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf ?? ''), 'X-Tenant-Id': api.tenantId },
  });
  expect(response.status(), await response.text()).toBe(201);
  const team = ((await response.json()) as { data: Team }).data;
  const cards: Card[] = [];
  for (const title of titles) cards.push(await api.create({ teamId: team.id, title }));
  return { team, cards };
}

async function cardIds(list: Locator): Promise<string[]> {
  return list
    .getByTestId('board-card')
    .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.cardId ?? ''));
}

test.describe('the work board', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await preferSunrise(page, page.request);
  });

  test('a card dragged to another column with the mouse stays there after a reload', async ({ page }) => {
    const { team, cards } = await teamWithCards(page.request, ['Order shower chair', 'Ring the GP']);
    const [chair, gp] = cards as [Card, Card];
    await page.goto(`/my-teams/${team.slug}/work-board`);

    const todo = column(page, 'To Do');
    const doing = column(page, 'In Progress');
    await expect(todo.getByRole('heading')).toContainText('2 cards');
    await expect(doing.getByRole('heading')).toContainText('0 cards');
    await expect(column(page, 'Done')).toBeVisible();
    await expect(todo.getByRole('link', { name: 'Order shower chair' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    const handle = todo.getByRole('button', { name: 'Drag Order shower chair' });
    const saved = patchOf(page, chair.id);
    await dragWithMouse(page, handle, doing.getByRole('list'));
    expect((await saved).status()).toBe(200);
    await expect(doing.getByRole('link', { name: 'Order shower chair' })).toBeVisible();

    await page.reload();
    await expect(doing.getByRole('link', { name: 'Order shower chair' })).toBeVisible();
    await expect(doing.getByRole('heading')).toContainText('1 card');
    expect(await cardIds(todo)).toEqual([gp.id]);
    // Opening a card from the board goes to its page.
    await doing.getByRole('link', { name: 'Order shower chair' }).click();
    await expect(page).toHaveURL(new RegExp(`/card/${chair.id}$`));
  });

  test('reordering within a column by keyboard, with dnd-kit or the Move dialog, is kept', async ({
    page,
  }) => {
    const { team, cards } = await teamWithCards(page.request, [
      'Alpha visit',
      'Bravo visit',
      'Charlie visit',
    ]);
    const [alpha, bravo, charlie] = cards as [Card, Card, Card];
    await page.goto(`/my-teams/${team.slug}/work-board`);
    const todo = column(page, 'To Do');
    await expect.poll(() => cardIds(todo)).toEqual([alpha.id, bravo.id, charlie.id]);

    // dnd-kit's keyboard dragging: focus the handle, Space picks up, ArrowDown moves, Space drops.
    await todo.getByRole('button', { name: 'Drag Alpha visit' }).focus();
    const dropped = patchOf(page, alpha.id);
    // Each step waits for dnd-kit's announcement, as a screen-reader user would hear it.
    const announcement = page.getByRole('status').filter({ hasText: /Alpha visit/ });
    await page.keyboard.press('Space');
    await expect(announcement).toHaveText('Picked up Alpha visit, at position 1 of 3 in To Do.');
    await page.keyboard.press('ArrowDown');
    await expect(announcement).toHaveText('Alpha visit is over position 2 of 3 in To Do.');
    await page.keyboard.press('Space');
    await expect(announcement).toHaveText('Alpha visit was dropped at position 2 of 3 in To Do.');
    expect((await dropped).status()).toBe(200);
    await expect.poll(() => cardIds(todo)).toEqual([bravo.id, alpha.id, charlie.id]);

    // The Move dialog: Charlie to the top, by keyboard only.
    await todo.getByRole('button', { name: 'Move Charlie visit' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move Charlie visit' });
    await expect(dialog).toContainText('In To Do, position 3 of 3.');
    const moved = patchOf(page, charlie.id);
    await dialog.getByRole('button', { name: 'Move to top' }).focus();
    await page.keyboard.press('Enter');
    expect((await moved).status()).toBe(200);
    await expect(dialog).toContainText('In To Do, position 1 of 3.');
    await expect(dialog.getByRole('button', { name: 'Move up' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(todo.getByRole('button', { name: 'Move Charlie visit' })).toBeFocused();

    await page.reload();
    await expect.poll(() => cardIds(todo)).toEqual([charlie.id, bravo.id, alpha.id]);
  });

  test('a move of a card someone else changed meanwhile is refused, and the board shows their version', async ({
    page,
  }) => {
    const { team, cards } = await teamWithCards(page.request, ['Arrange transport']);
    const [card] = cards as [Card];
    const api = await cardsApi(page.request);
    await page.goto(`/my-teams/${team.slug}/work-board`);
    const todo = column(page, 'To Do');
    await expect(todo.getByRole('link', { name: 'Arrange transport' })).toBeVisible();

    // Someone else takes the card through the workflow to approved (Done) just before this
    // browser's move reaches the server (a change of other fields would merge; the same field
    // conflicts). The owner approves plans: a clinician for the workflow.
    let isChanged = false;
    await page.route(`**/api/cards/${card.id}`, async (route) => {
      if (route.request().method() === 'PATCH' && !isChanged) {
        isChanged = true;
        let version = card.version;
        for (const status of ['in-progress', 'pending-review', 'approved']) {
          version = (await api.update(card.id, { version, status })).version;
        }
      }
      await route.continue();
    });
    const refused = patchOf(page, card.id);
    await todo.getByRole('button', { name: 'Move Arrange transport' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move to In Progress' }).click();
    expect((await refused).status()).toBe(409);
    await expect(
      page.getByText('Someone else changed this card; the board shows their version.'),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(column(page, 'Done').getByRole('link', { name: 'Arrange transport' })).toBeVisible();
    await expect(column(page, 'In Progress').getByTestId('board-card')).toHaveCount(0);
    await expect(todo.getByTestId('board-card')).toHaveCount(0);
  });

  test('a team admin edits the workflow and the board shows the new columns', async ({ page }) => {
    const { team } = await teamWithCards(page.request, ['Book respite']);
    await page.goto(`/my-teams/${team.slug}/work-board`);
    await expect(page.getByTestId('board-column')).toHaveCount(3);

    await page.getByRole('button', { name: 'Edit workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit workflow' });
    await expect(dialog.getByText('Done cannot be edited')).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // The server's rules are checked before sending, with their messages, each under its own input.
    const firstName = dialog.getByLabel('Name of state 1');
    await firstName.fill(' ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter a state name');
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await firstName.getAttribute('aria-describedby');
    await expect(dialog.locator(`[id="${describedBy}"]`)).toHaveText('Please enter a state name');
    await expect(dialog.getByLabel('Name of state 2')).not.toHaveAttribute('aria-invalid');

    // A name used twice (any case) is refused on the input renamed into it.
    await firstName.fill('in progress');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The state name "in progress" is used twice');
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription('The state name "in progress" is used twice');

    await dialog.getByLabel('Name of state 1').fill('Backlog');
    await dialog.getByRole('button', { name: 'Add state' }).click();
    // The new state's name takes focus, so the keyboard types it next.
    await expect(dialog.getByLabel('Name of state 3')).toBeFocused();
    await page.keyboard.type('Waiting on Others');
    await expect(dialog.getByLabel('Name of state 3')).toHaveValue('Waiting on Others');
    await dialog.getByRole('button', { name: 'Colour #ec4899' }).last().click();
    await dialog.getByRole('button', { name: 'Move Waiting on Others up' }).focus();
    await page.keyboard.press('Enter');
    // Focus stays on the button pressed, so it can be pressed again.
    await expect(dialog.getByRole('button', { name: 'Move Waiting on Others up' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Workflow updated')).toBeVisible();
    await expect(dialog).toBeHidden();

    const headings = page.getByTestId('board-column').getByRole('heading');
    await expect(headings).toHaveText([/^Backlog/, /^Waiting on Others/, /^In Progress/, /^Done/]);
    await expect(column(page, 'Backlog').getByRole('link', { name: 'Book respite' })).toBeVisible();
    await page.reload();
    await expect(headings).toHaveText([/^Backlog/, /^Waiting on Others/, /^In Progress/, /^Done/]);
  });

  test('Add state stops at the 12-state limit and says why', async ({ page }) => {
    const { team } = await teamWithCards(page.request, []);
    await page.goto(`/my-teams/${team.slug}/work-board`);
    await page.getByRole('button', { name: 'Edit workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit workflow' });
    const add = dialog.getByRole('button', { name: 'Add state' });
    // To Do, In Progress and Done, then nine more.
    for (let n = 4; n <= 12; n += 1) {
      await add.click();
      await dialog.getByLabel(`Name of state ${n - 1}`).fill(`Step ${n}`);
    }
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription(
      'A team can have at most 12 states. Remove one to add another.',
    );
    await dialog.getByRole('button', { name: 'Remove Step 12' }).click();
    await expect(add).toBeEnabled();
    await expect(dialog.getByText('A team can have at most 12 states.')).toHaveCount(0);
  });

  test('a save never overwrites a workflow someone else saved while the editor was open', async ({
    page,
  }) => {
    const { team, cards } = await teamWithCards(page.request, ['Chase the OT report']);
    const [card] = cards as [Card];
    const api = await cardsApi(page.request);
    await page.goto(`/my-teams/${team.slug}/work-board`);
    await expect(page.getByTestId('board-column')).toHaveCount(3);
    await page.getByRole('button', { name: 'Edit workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit workflow' });
    await dialog.getByLabel('Name of state 1').fill('Backlog');

    // Meanwhile someone else adds a column and puts the card in it; the live update brings it to
    // this page (the board behind the dialog shows it).
    const csrf = (await page.request.storageState()).cookies.find((c) => c.name === 'wattle_csrf')?.value;
    const theirs = await page.request.put(`/api/teams/${team.id}/workflow-states`, {
      data: {
        version: team.version,
        states: [
          { id: 'todo', name: 'To Do', color: '#64748b' },
          { id: 'in-progress', name: 'In Progress', color: '#3b82f6' },
          { id: 'waiting-on-gp', name: 'Waiting on GP', color: '#f59e0b' },
          { id: 'done', name: 'Done', color: '#10b981' },
        ],
      },
      headers: { 'X-CSRF-Token': decodeURIComponent(csrf ?? ''), 'X-Tenant-Id': api.tenantId },
    });
    expect(theirs.status(), await theirs.text()).toBe(200);
    await api.update(card.id, { version: card.version, workflowStateId: 'waiting-on-gp' });
    await expect(page.getByTestId('board-column')).toHaveCount(4);
    await expect(
      dialog.getByText('Someone else has changed this workflow since you opened it.'),
    ).toBeVisible();

    // This save started before theirs: refused, and the editor now shows their workflow.
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/workflow-states') && r.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(409);
    await expect(dialog.getByRole('alert')).toHaveText(
      "Someone else changed this team's workflow since you opened it. Review their changes and try again.",
    );
    await expect(dialog.getByLabel('Name of state 1')).toHaveValue('To Do');
    await expect(dialog.getByLabel('Name of state 3')).toHaveValue('Waiting on GP');

    // Made again on top of theirs, it saves, and their column and card stay.
    await dialog.getByLabel('Name of state 1').fill('Backlog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const headings = page.getByTestId('board-column').getByRole('heading');
    await expect(headings).toHaveText([/^Backlog/, /^In Progress/, /^Waiting on GP/, /^Done/]);
    await expect(
      column(page, 'Waiting on GP').getByRole('link', { name: 'Chase the OT report' }),
    ).toBeVisible();
  });

  test("a column removed and added again under its old name is a new column: the old one's cards go to the first column of their stage", async ({
    page,
  }) => {
    const { team, cards } = await teamWithCards(page.request, ['Renew the plan', 'Book the review']);
    const [renew] = cards as [Card, Card];
    const api = await cardsApi(page.request);
    await api.update(renew.id, { version: renew.version, workflowStateId: 'in-progress' });
    await page.goto(`/my-teams/${team.slug}/work-board`);
    await expect(column(page, 'In Progress').getByRole('link', { name: 'Renew the plan' })).toBeVisible();

    await page.getByRole('button', { name: 'Edit workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit workflow' });
    await dialog.getByRole('button', { name: 'Remove In Progress' }).click();
    await dialog.getByRole('button', { name: 'Add state' }).click();
    await dialog.getByLabel('Name of state 2').fill('In Progress');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // As the dialog said: the removed column's card, in progress since it went there, went to the
    // first column of that stage — the new In Progress, a column of its own (not the old id).
    await expect(column(page, 'In Progress').getByRole('link', { name: 'Renew the plan' })).toBeVisible();
    await expect(column(page, 'To Do').getByRole('link', { name: 'Renew the plan' })).toHaveCount(0);
    const moved = await api.card(renew.id);
    expect([moved.status, moved.workflowStateId]).toEqual(['in-progress', 'in-progress-2']);
  });

  test("two quick moves of one card both save: the second goes from the first's version", async ({
    page,
  }) => {
    const { team, cards } = await teamWithCards(page.request, ['First visit', 'Second visit', 'Third visit']);
    const [first, second, third] = cards as [Card, Card, Card];
    await page.goto(`/my-teams/${team.slug}/work-board`);
    const todo = column(page, 'To Do');
    await expect.poll(() => cardIds(todo)).toEqual([first.id, second.id, third.id]);

    // The first move's answer is held back until the second move has been made.
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const statuses: number[] = [];
    let patches = 0;
    await page.route(`**/api/cards/${first.id}`, async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      patches += 1;
      if (patches === 1) await firstHeld;
      const response = await route.fetch();
      statuses.push(response.status());
      await route.fulfill({ response });
    });

    await todo.getByRole('button', { name: 'Move First visit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move First visit' });
    await dialog.getByRole('button', { name: 'Move down' }).click();
    await expect(dialog).toContainText('In To Do, position 2 of 3.');
    await dialog.getByRole('button', { name: 'Move down' }).click();
    await expect(dialog).toContainText('In To Do, position 3 of 3.');
    releaseFirst();
    await expect.poll(() => statuses).toEqual([200, 200]);
    await expect(
      page.getByText('Someone else changed this card; the board shows their version.'),
    ).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.reload();
    await expect.poll(() => cardIds(todo)).toEqual([second.id, third.id, first.id]);
  });

  test('a phone scrolls the board sideways inside itself, never the page', async ({ page }) => {
    const { team } = await teamWithCards(page.request, ['Check the hoist service date']);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/my-teams/${team.slug}/work-board`);
    await expect(
      column(page, 'To Do').getByRole('link', { name: 'Check the hoist service date' }),
    ).toBeVisible();
    const widths = await page.evaluate(() => {
      const board = document.querySelector<HTMLElement>('[data-testid="work-board"]');
      return {
        page: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
        board: board?.scrollWidth ?? 0,
        boardBox: board?.clientWidth ?? 0,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.board).toBeGreaterThan(widths.boardBox);
  });
});

test('only team admins see Edit workflow: a support worker does not, the team lead does', async ({
  page,
  signIn,
  apiGet,
}) => {
  await signIn(demoUsers.supportWorker);
  await preferSunrise(page, page.request);
  const { team } = await sunriseOf(apiGet);
  const jordan = team("Jordan's Care Team");
  await page.goto(`/my-teams/${jordan.slug}/work-board`);
  await expect(page.getByTestId('board-column').first()).toBeVisible();
  // A support worker may move cards, not change the columns.
  await expect(page.getByRole('button', { name: /^Move / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit workflow' })).toHaveCount(0);

  await signIn(demoUsers.teamLead);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Edit workflow' })).toBeVisible();
});

test("My Work at /my-teams/{teamId}/list lists only the caller's own cards", async ({
  page,
  signIn,
  apiGet,
}) => {
  const me = await signIn(demoUsers.teamLead);
  await preferSunrise(page, page.request);
  const api = await cardsApi(page.request);
  const jordanId = await api.teamId("Jordan's Care Team");
  const suffix = Date.now().toString(36);
  await api.create({ teamId: jordanId, title: `Mine to do ${suffix}`, assigneeId: me.id });
  await api.create({ teamId: jordanId, title: `Nobody's yet ${suffix}`, assigneeId: null });

  await page.goto(`/my-teams/${jordanId}/list`);
  await expect(page.getByRole('heading', { name: "My Work in Jordan's Care Team", level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Mine to do ${suffix}`) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Nobody's yet ${suffix}`) })).toHaveCount(0);
  // The other views of the team are the whole team's, by its slug.
  await page.getByRole('link', { name: 'Work Board' }).click();
  const { team } = await sunriseOf(apiGet);
  await expect(page).toHaveURL(new RegExp(`/my-teams/${team("Jordan's Care Team").slug}/work-board$`));
  // By the time this runs the team's To Do may hold more cards than are in sight: new cards go to
  // the end of the column, which scrolls by itself and draws only what is in sight.
  const nobodys = page.getByRole('link', { name: `Nobody's yet ${suffix}` });
  await scrollUntilDrawn(page.getByTestId('board-column').first(), nobodys);

  // The id of a team the caller cannot see: their work across every team they work in.
  await page.goto('/my-teams/01900000-0000-7000-8000-000000000000/list');
  await expect(page).toHaveURL(/\/my-work$/);
  await expect(page.getByRole('heading', { name: 'My Work', level: 1 })).toBeVisible();
});
