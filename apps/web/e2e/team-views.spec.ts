import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import type { Team } from '@wattle/domain/teams/schemas';
import { type CardsApi, cardsApi } from './cards-api';
import {
  demoUsers,
  expect,
  expectNoAccessibilityViolations,
  preferSunrise,
  sunriseIdOf,
  test,
} from './fixtures';

/**
 * The list, calendar and roadmap views of a team (issue 5 item 1): sort and filter the list, My
 * Work holds only the caller's cards, reschedule on the calendar by dragging and by the keyboard
 * (kept after a reload), read the roadmap's bars by week and by month, and a phone never scrolls
 * the page sideways. Each test makes its own team and cards, and leaves the seeded ones alone.
 */

interface Fixture {
  api: CardsApi;
  team: Team;
  /** Today in Sunrise's time zone (yyyy-mm-dd), as the views count it. */
  today: string;
}

/** A new Sunrise team, made through the API as the signed-in owner. */
async function newTeam(request: APIRequestContext, prefix: string): Promise<Fixture> {
  const api = await cardsApi(request);
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  const headers = { 'X-CSRF-Token': decodeURIComponent(csrf ?? ''), 'X-Tenant-Id': api.tenantId };
  const response = await request.post('/api/teams', {
    data: { name: `${prefix} ${Date.now().toString(36)}` },
    headers,
  });
  expect(response.status(), await response.text()).toBe(201);
  const team = ((await response.json()) as { data: Team }).data;
  const tenant = (await (await request.get('/api/tenants/current', { headers })).json()) as {
    data: { timeZone: string };
  };
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: tenant.data.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return { api, team, today };
}

/** The day `days` after a yyyy-mm-dd day, counted in calendar days (no time zone involved). */
function plusDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '3 Dec 2026', as the views write a day. */
function written(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${monthNames[m - 1]} ${y}`;
}

async function meId(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/me')).json()) as { data: { id: string } }).data.id;
}

/** A demo user's id, read by signing them in on a request context of their own. */
async function userIdOf(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  email: string,
): Promise<string> {
  const context = await playwright.request.newContext({ baseURL });
  try {
    const response = await context.post('/api/auth/demo/login', { data: { email } });
    expect(response.ok(), `sign in as ${email}`).toBe(true);
    return ((await response.json()) as { data: { id: string } }).data.id;
  } finally {
    await context.dispose();
  }
}

function listRows(page: Page): Locator {
  return page.getByTestId('list-row');
}

/** The work item ids of the list's rows as shown, top to bottom. */
async function shownIds(page: Page): Promise<string[]> {
  return listRows(page).evaluateAll((rows) =>
    rows
      .sort(
        (a, b) => Number((a as HTMLElement).dataset.rowIndex) - Number((b as HTMLElement).dataset.rowIndex),
      )
      .map((row) => row.querySelector('td')?.textContent?.trim() ?? ''),
  );
}

function patchOf(page: Page, cardId: string) {
  return page.waitForResponse(
    (response) => response.url().endsWith(`/api/cards/${cardId}`) && response.request().method() === 'PATCH',
  );
}

/** A calendar day cell by its yyyy-mm-dd date. */
function calendarDay(page: Page, day: string): Locator {
  return page.locator(`[data-testid="calendar-day"][data-day="${day}"]`);
}

/**
 * Drags with the mouse from one element to near the top of another, in small steps, as dnd-kit's
 * pointer sensor needs. The source is scrolled to the middle of the window first, so the pointer
 * never nears an edge (where dnd-kit would scroll the page under it).
 */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('not laid out');
  await page.mouse.move(a.x + 8, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 18, a.y + a.height / 2, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(30, b.height / 2), { steps: 15 });
  await page.mouse.up();
}

/** Whether the page scrolls sideways (it must not on a phone: wide parts scroll inside themselves). */
function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

test.describe('team views', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await preferSunrise(page, page.request);
  });

  test('the list sorts by Due and by Title, filters by text and by priority, and counts what it shows', async ({
    page,
  }) => {
    const { api, team, today } = await newTeam(page.request, 'List');
    const make = (title: string, priority: string, dueDate: string | null) =>
      api.create({ teamId: team.id, title, priority, dueDate });
    const bath = await make('Bathroom rail quote', 'high', plusDays(today, 9));
    const call = await make('Call the OT', 'low', plusDays(today, 2));
    const audit = await make('Audit shift notes', 'medium', null);
    const visit = await make('Home visit report', 'high', plusDays(today, -3));

    await page.goto(`/my-teams/${team.slug}/list`);
    const count = page.getByTestId('list-count');
    await expect(count).toHaveText('4 of 4 work items');
    await expect(page.getByRole('table', { name: `Work items of ${team.name}` })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // Due: earliest first, cards without a due date last; again for latest first (still last).
    const due = page.getByRole('columnheader', { name: 'Due' });
    await expect(due).toHaveAttribute('aria-sort', 'none');
    await due.getByRole('button').click();
    await expect(due).toHaveAttribute('aria-sort', 'ascending');
    expect(await shownIds(page)).toEqual([visit, call, bath, audit].map((c) => c.workItemId));
    await due.getByRole('button').click();
    await expect(due).toHaveAttribute('aria-sort', 'descending');
    expect(await shownIds(page)).toEqual([bath, call, visit, audit].map((c) => c.workItemId));

    // Title, from the keyboard: A to Z.
    const title = page.getByRole('columnheader', { name: 'Title' });
    await title.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(title).toHaveAttribute('aria-sort', 'ascending');
    await expect(due).toHaveAttribute('aria-sort', 'none');
    expect(await shownIds(page)).toEqual([audit, bath, call, visit].map((c) => c.workItemId));

    // Text: every word, in the title, the id or the assignee.
    await page.getByLabel('Filter', { exact: true }).fill('quote bathroom');
    await expect(count).toHaveText('1 of 4 work items');
    expect(await shownIds(page)).toEqual([bath.workItemId]);
    await page.getByLabel('Filter', { exact: true }).fill(call.workItemId.toLowerCase());
    expect(await shownIds(page)).toEqual([call.workItemId]);
    await page.getByLabel('Filter', { exact: true }).fill('nothing like this');
    await expect(count).toHaveText('0 of 4 work items');
    await expect(page.getByText('No work items match these filters.')).toBeVisible();
    await page.getByLabel('Filter', { exact: true }).fill('');

    // Priority, then Overdue only on top of it.
    await page.getByLabel('Priority').selectOption('high');
    await expect(count).toHaveText('2 of 4 work items');
    expect(await shownIds(page)).toEqual([bath, visit].map((c) => c.workItemId));
    await page.getByLabel('Overdue only').check();
    await expect(count).toHaveText('1 of 4 work items');
    expect(await shownIds(page)).toEqual([visit.workItemId]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(count).toHaveText('4 of 4 work items');

    // A row opens its card with Enter.
    await listRows(page).first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(listRows(page).nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/card/${bath.id}$`));
  });

  test("My Work at /my-teams/{teamId}/list shows only the caller's cards", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { api, team } = await newTeam(page.request, 'Mine');
    const me = await meId(page.request);
    // A tenant admin may be given any team's card without joining it.
    const admin = await userIdOf(playwright, baseURL ?? '', demoUsers.admin);
    const mine = await api.create({ teamId: team.id, title: 'My own follow-up', assigneeId: me });
    await api.create({ teamId: team.id, title: "Adam's handover", assigneeId: admin });
    await api.create({ teamId: team.id, title: 'Nobody yet' });

    await page.goto(`/my-teams/${team.id}/list`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('My Work');
    await expect(page.getByTestId('list-count')).toHaveText('1 of 1 of your work items');
    await expect(page.getByRole('table', { name: `My work in ${team.name}` })).toBeVisible();
    expect(await shownIds(page)).toEqual([mine.workItemId]);

    // The team's own list has all three.
    await page.goto(`/my-teams/${team.slug}/list`);
    await expect(page.getByTestId('list-count')).toHaveText('3 of 3 work items');
  });

  test('a card dragged to another day on the calendar keeps its new due date after a reload', async ({
    page,
  }) => {
    const { api, team, today } = await newTeam(page.request, 'Calendar');
    const month = today.slice(0, 7);
    const [from, to] = [`${month}-10`, `${month}-17`];
    const card = await api.create({ teamId: team.id, title: 'Drag me', dueDate: from });
    await api.create({ teamId: team.id, title: 'No date here', dueDate: null });

    await page.goto(`/my-teams/${team.slug}/calendar`);
    const chip = calendarDay(page, from).getByTestId('calendar-card');
    await expect(chip).toContainText(`${card.workItemId} Drag me`);
    await expect(page.getByRole('heading', { name: 'No due date (1)' })).toBeVisible();
    await expect(page.getByTestId('calendar-undated')).toContainText('No date here');
    // Today is marked.
    await expect(calendarDay(page, today)).toHaveAttribute('aria-current', 'date');
    await expectNoAccessibilityViolations(page);

    const saved = patchOf(page, card.id);
    await drag(page, chip, calendarDay(page, to));
    expect((await saved).status()).toBe(200);
    await expect(calendarDay(page, to).getByTestId('calendar-card')).toContainText('Drag me');

    await page.reload();
    await expect(calendarDay(page, to).getByTestId('calendar-card')).toContainText('Drag me');
    await expect(calendarDay(page, from).getByTestId('calendar-card')).toHaveCount(0);
    expect((await api.card(card.id)).dueDate).toBe(to);
  });

  test('the calendar reschedules from the keyboard, moving the start date back when it would fall after the due date', async ({
    page,
  }) => {
    const { api, team, today } = await newTeam(page.request, 'Keys');
    const month = today.slice(0, 7);
    const card = await api.create({
      teamId: team.id,
      title: 'Keyboard reschedule',
      startDate: `${month}-12`,
      dueDate: `${month}-14`,
    });

    await page.goto(`/my-teams/${team.slug}/calendar`);
    const reschedule = calendarDay(page, `${month}-14`).getByRole('button', {
      name: `Reschedule ${card.workItemId}`,
    });
    await reschedule.focus();
    const saved = patchOf(page, card.id);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Reschedule ${card.workItemId}` });
    await expect(dialog).toBeVisible();
    // The picker starts on the due date: 7 days back is the 7th, before the start on the 12th.
    await expect(dialog.getByRole('gridcell', { selected: true }).getByRole('button')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    const notice = page.getByRole('region', { name: /Notifications/ });
    await expect(notice.getByText('Start date moved', { exact: true })).toBeVisible();
    await expect(notice).toContainText(
      `${card.workItemId} now due ${written(`${month}-07`)}; its start date moved to ${written(`${month}-05`)}.`,
    );

    await page.reload();
    await expect(calendarDay(page, `${month}-07`).getByTestId('calendar-card')).toContainText(
      'Keyboard reschedule',
    );
    const kept = await api.card(card.id);
    expect(kept.dueDate).toBe(`${month}-07`);
    // The 2-day span is kept: the start moved back 7 days as well.
    expect(kept.startDate).toBe(`${month}-05`);
  });

  test('a long list keeps only the rows in sight in the page, and the keyboard reaches the last one', async ({
    page,
  }) => {
    const { api, team } = await newTeam(page.request, 'Long');
    const cards = [];
    // In batches: the order of creation is the list's order (the board's), so it is kept.
    for (let batch = 0; batch < 12; batch++) {
      const titles = Array.from({ length: 10 }, (_, i) => `Shift note ${batch * 10 + i + 1}`);
      for (const title of titles) cards.push(await api.create({ teamId: team.id, title, dueDate: null }));
    }
    const last = cards.at(-1);
    if (!last) throw new Error('no cards');

    await page.goto(`/my-teams/${team.slug}/list`);
    await expect(page.getByTestId('list-count')).toHaveText('120 of 120 work items');
    await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', '121');
    const inPage = await listRows(page).count();
    expect(inPage).toBeGreaterThan(5);
    expect(inPage).toBeLessThan(60);

    await listRows(page).first().focus();
    await page.keyboard.press('End');
    const lastRow = page.locator('[data-testid="list-row"][data-row-index="119"]');
    await expect(lastRow).toBeFocused();
    await expect(lastRow).toHaveAttribute('aria-rowindex', '121');
    await expect(lastRow).toContainText(last.workItemId);
    await expect(listRows(page).first()).not.toHaveAttribute('data-row-index', '0');
  });

  test("a busy day shows three cards and '+N more' opens all of them", async ({ page }) => {
    const { api, team, today } = await newTeam(page.request, 'Busy');
    const day = `${today.slice(0, 7)}-20`;
    for (const [i, priority] of ['low', 'high', 'medium', 'low', 'high'].entries()) {
      await api.create({ teamId: team.id, title: `Roster check ${i + 1}`, priority, dueDate: day });
    }

    await page.goto(`/my-teams/${team.slug}/calendar`);
    const cell = calendarDay(page, day);
    await expect(cell).toHaveAccessibleName(/: 5 cards due$/);
    // High priority first.
    await expect(cell.getByTestId('calendar-card')).toHaveCount(3);
    await expect(cell.getByTestId('calendar-card').first()).toContainText('Roster check 2');
    await cell.getByRole('button', { name: /^2 more, all 5 cards due/ }).click();
    const popover = page.getByRole('dialog');
    await expect(popover.getByTestId('calendar-card')).toHaveCount(5);
    await expect(popover).toContainText('Roster check 4');
  });

  test('the roadmap draws bars and markers with their dates, by week and by month', async ({ page }) => {
    const { api, team, today } = await newTeam(page.request, 'Roadmap');
    const [start, due] = [plusDays(today, 3), plusDays(today, 17)];
    const bar = await api.create({ teamId: team.id, title: 'Plan review', startDate: start, dueDate: due });
    const marker = await api.create({
      teamId: team.id,
      title: 'Quarterly visit',
      dueDate: plusDays(today, 30),
    });
    await api.create({ teamId: team.id, title: 'Someday', dueDate: null });

    await page.goto(`/my-teams/${team.slug}/roadmap`);
    const roadmap = page.getByTestId('roadmap-view');
    const barLink = roadmap.getByRole('link', {
      name: `${bar.workItemId} Plan review: ${written(start)} to ${written(due)}, Medium priority`,
    });
    await expect(barLink).toBeVisible();
    await expect(barLink).toHaveAttribute('data-kind', 'bar');
    const markerLink = roadmap.getByRole('link', {
      name: `${marker.workItemId} Quarterly visit: due ${written(plusDays(today, 30))}, Medium priority`,
    });
    await expect(markerLink).toHaveAttribute('data-kind', 'marker');
    await expect(roadmap.getByRole('heading', { name: 'Not scheduled (1)' })).toBeVisible();
    await expect(roadmap.getByRole('list', { name: `Cards of ${team.name} on the roadmap` })).toContainText(
      'To Do (2)',
    );
    await expect(page.getByTestId('roadmap-today')).toBeAttached();
    // The axis's Today marker sits below the tick labels, never over one.
    const todayMarker = roadmap.getByRole('list', { name: 'Weeks' }).locator('li', { hasText: 'Today' });
    const markerBox = (await todayMarker.boundingBox())!;
    for (const label of await roadmap
      .getByRole('list', { name: 'Weeks' })
      .locator('li > span[aria-hidden]')
      .all()) {
      const box = await label.boundingBox();
      if (!box) continue;
      const overlaps =
        box.x < markerBox.x + markerBox.width &&
        markerBox.x < box.x + box.width &&
        box.y < markerBox.y + markerBox.height &&
        markerBox.y < box.y + box.height;
      expect(overlaps, `the Today marker overlaps the label '${await label.textContent()}'`).toBe(false);
    }
    await expectNoAccessibilityViolations(page);

    const weekButton = roadmap.getByRole('button', { name: 'Week' });
    const monthButton = roadmap.getByRole('button', { name: 'Month' });
    await expect(weekButton).toHaveAttribute('aria-pressed', 'true');
    await expect(roadmap.getByRole('list', { name: 'Weeks' })).toBeVisible();
    const weekWidth = (await barLink.boundingBox())?.width ?? 0;
    // 15 days at 24 px a day.
    expect(Math.round(weekWidth)).toBe(15 * 24);

    await monthButton.click();
    await expect(monthButton).toHaveAttribute('aria-pressed', 'true');
    const months = roadmap.getByRole('list', { name: 'Months' });
    await expect(months).toContainText(`${monthNames[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`);
    await expect(barLink).toBeVisible();
    expect(Math.round((await barLink.boundingBox())?.width ?? 0)).toBe(15 * 5);
  });

  test("the roadmap keeps the user's scroll when cards change, and goes back to today only on a zoom change", async ({
    page,
  }) => {
    const { api, team, today } = await newTeam(page.request, 'Roadmap scroll');
    const card = await api.create({
      teamId: team.id,
      title: 'Long programme',
      startDate: plusDays(today, -200),
      dueDate: plusDays(today, 200),
    });
    const other = await api.create({ teamId: team.id, title: 'Check-in', dueDate: plusDays(today, 5) });
    await page.goto(`/my-teams/${team.slug}/roadmap`);
    const scroller = page.getByTestId('roadmap-scroll');
    await expect(page.getByTestId('roadmap-bar').first()).toBeVisible();
    const atToday = await scroller.evaluate((element) => element.scrollLeft);
    expect(atToday).toBeGreaterThan(0);

    // The user scrolls well away from today.
    await scroller.evaluate((element) => {
      element.scrollLeft = 200;
    });
    const scrollLeft = () => scroller.evaluate((element) => element.scrollLeft);
    expect(await scrollLeft()).toBe(200);

    // Someone else renames a card (a live update): the scroll stays.
    await api.update(other.id, { version: other.version, title: 'Check-in moved' });
    await expect(page.getByText('Check-in moved')).toBeVisible();
    expect(await scrollLeft()).toBe(200);

    // A card starting earlier stretches the axis at its start: the same days stay in sight (the
    // today line, say, stays where it was on screen).
    const todayBefore = await page.getByTestId('roadmap-today').boundingBox();
    await api.update(card.id, { version: card.version, startDate: plusDays(today, -300) });
    await expect(
      page.getByRole('link', { name: new RegExp(`Long programme: ${written(plusDays(today, -300))}`) }),
    ).toBeAttached();
    const todayAfter = await page.getByTestId('roadmap-today').boundingBox();
    expect(Math.abs((todayAfter?.x ?? 0) - (todayBefore?.x ?? 0))).toBeLessThan(2);

    // A zoom change shows today again.
    await page.getByRole('button', { name: 'Month' }).click();
    await expect(page.getByRole('list', { name: 'Months' })).toBeVisible();
    const todayLine = await page.getByTestId('roadmap-today').boundingBox();
    const box = await scroller.boundingBox();
    expect(todayLine!.x).toBeGreaterThan(box!.x);
    expect(todayLine!.x).toBeLessThan(box!.x + box!.width);
  });

  test('on a 375 px phone the list, calendar and roadmap never scroll the page sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const { api, team, today } = await newTeam(page.request, 'Phone');
    await api.create({
      teamId: team.id,
      title: 'A rather long title that would push a narrow table well past the edge of the screen',
      startDate: today,
      dueDate: plusDays(today, 20),
    });

    await page.goto(`/my-teams/${team.slug}/list`);
    await expect(page.getByTestId('list-count')).toHaveText('1 of 1 work items');
    // A phone shows the id, title and due date only.
    await expect(page.getByRole('columnheader')).toHaveCount(3);
    expect(await pageScrollsSideways(page)).toBe(false);

    await page.goto(`/my-teams/${team.slug}/calendar`);
    await expect(page.getByTestId('calendar-grid')).toBeVisible();
    expect(await pageScrollsSideways(page)).toBe(false);

    await page.goto(`/my-teams/${team.slug}/roadmap`);
    await expect(page.getByTestId('roadmap-bar')).toBeVisible();
    expect(await pageScrollsSideways(page)).toBe(false);
  });
});

test("a family guardian opening the team's views is told the board is for staff, with a way to the team's plans", async ({
  page,
  signIn,
  apiGet,
}) => {
  await signIn(demoUsers.familyGuardian);
  await preferSunrise(page, page.request);
  const teams = await apiGet<Team[]>('/api/teams', await sunriseIdOf(page.request));
  const jordan = teams.find((candidate) => candidate.name === "Jordan's Care Team")!;
  await page.goto(`/my-teams/${jordan.slug}/work-board`);
  const notice = page.getByTestId('team-work-staff-only');
  await expect(
    notice.getByRole('heading', { name: "Jordan's Care Team's work board is for its care staff" }),
  ).toBeVisible();
  await expect(page.getByText('The work items could not be loaded')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  await notice.getByRole('link', { name: 'Behaviour support plans' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-teams/${jordan.slug}/bsp/?$`));

  // My Work by the team's id: the guardian has no team whose cards they read, so the inbox.
  await page.goto(`/my-teams/${jordan.id}/list`);
  await expect(page).toHaveURL(/\/inbox$/);
});
