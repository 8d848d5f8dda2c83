import type { Page } from '@playwright/test';
import {
  bluegumTenantName,
  demoUsers,
  expect,
  preferSunrise,
  seeFirstPaints,
  sunriseOf,
  sunriseTenantName,
  test,
} from './fixtures';

/**
 * The server's first paint of a signed-in page (docs/decisions/0041-server-first-paint.md): the page
 * drawn on the server by the app's own code, on screen before the app's code has run, inert until the
 * app has hydrated it.
 */

/** Holds back the app's code until the returned function lets it through. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/boot-after-paint.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const firstPaint = (page: Page) => page.locator('[data-first-paint]');

/**
 * What goes wrong on the page: errors, and React drawing a part again because it did not match the
 * server's markup (hydrate-first-paint.tsx warns "The first paint was drawn again").
 */
function problemsOn(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.text().includes('drawn again')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * The server loads the code it draws with when first asked for a page, and sends that page without a
 * first paint: ask until it has it, as the person's earlier visits would have.
 */
async function serverDrawsPages(page: Page): Promise<void> {
  await expect
    .poll(async () => (await (await page.request.get('/inbox')).text()).includes('data-first-paint'), {
      timeout: 15_000,
    })
    .toBe(true);
}

test.describe('the first paint of a signed-in page', () => {
  // The server's zone (playwright.config.ts): a page drawn in the browser's own zone is hydrated.
  test.use({ timezoneId: 'UTC' });

  test('shows the page drawn by the server before the app runs, takes no typing, and the app then takes over', async ({
    page,
    signIn,
    apiGet,
  }) => {
    const problems = problemsOn(page);
    await signIn(demoUsers.owner);
    await serverDrawsPages(page);
    const notifications = await apiGet<{ message: string }[]>(
      `/api/notifications?limit=5`,
      (await apiGet<{ id: string; name: string }[]>('/api/tenants')).find(
        (tenant) => tenant.name === sunriseTenantName,
      )?.id,
    );
    seeFirstPaints(page);
    const letTheAppRun = await holdTheApp(page);
    // Not waiting for the load: the held script holds it back.
    await page.goto('/inbox', { waitUntil: 'commit' });

    // The server's drawing: the person's inbox, their organisation, its white-label colour.
    await expect(firstPaint(page)).toHaveAttribute('inert', '');
    await expect(firstPaint(page).getByRole('heading', { name: 'Inbox', level: 1 })).toBeAttached();
    await expect(firstPaint(page)).toContainText(notifications[0]?.message ?? 'no notification');
    await expect(firstPaint(page).getByTestId('current-tenant')).toContainText(sunriseTenantName);
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
      ),
    ).toBe('#ea580c');

    // Nothing on it can be focused or typed into while the app's code is on its way.
    await page.getByPlaceholder('Search work items...').click({ force: true });
    await page.keyboard.type('lost typing');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');

    const paintedHeading = await firstPaint(page)
      .getByRole('heading', { name: 'Inbox', level: 1 })
      .elementHandle();
    letTheAppRun();
    // Handed over once hydrated, well before when-hydrated.ts would give up waiting (10 s).
    await expect(firstPaint(page)).toHaveCount(0, { timeout: 5_000 });
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    // Hydrated, not drawn again: the heading the server drew is the app's own.
    expect(await paintedHeading?.evaluate((heading) => heading.isConnected)).toBe(true);
    await expect(page.locator('[inert]')).toHaveCount(0);
    await expect(page.getByPlaceholder('Search work items...')).toHaveValue('');
    await expect(page.getByText(notifications[0]?.message ?? 'no notification').first()).toBeVisible();
    // The app's page works: the tenant switcher opens.
    await page.getByTestId('current-tenant').click();
    await expect(page.getByRole('menuitem', { name: new RegExp(sunriseTenantName) })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a work board and a card page are hydrated: the app works with what the server drew', async ({
    page,
    signIn,
    apiGet,
  }) => {
    const problems = problemsOn(page);
    await signIn(demoUsers.owner);
    const { team } = await sunriseOf(apiGet);
    await serverDrawsPages(page);
    seeFirstPaints(page);

    let letTheAppRun = await holdTheApp(page);
    await page.goto(`/my-teams/${team("Jordan's Care Team").slug}/work-board`, { waitUntil: 'commit' });
    const paintedCard = firstPaint(page).locator('a[href^="/card/"]').first();
    const cardPath = await paintedCard.getAttribute('href');
    const paintedCardElement = await paintedCard.elementHandle();
    letTheAppRun();
    await expect(firstPaint(page)).toHaveCount(0);
    expect(await paintedCardElement?.evaluate((card) => card.isConnected)).toBe(true);
    // Handed over only once all of it is the app's: a click at once is not lost.
    await page.getByRole('button', { name: 'Edit workflow' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit workflow' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Edit workflow' })).toHaveCount(0);
    // The board works: the card drawn by the server opens.
    const title = (await page.locator(`a[href="${cardPath}"]`).first().textContent()) ?? '';
    await page.locator(`a[href="${cardPath}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${cardPath}$`));

    await page.unrouteAll();
    letTheAppRun = await holdTheApp(page);
    await page.reload({ waitUntil: 'commit' });
    const paintedHeading = await firstPaint(page).getByRole('heading', { level: 1 }).first().elementHandle();
    letTheAppRun();
    await expect(firstPaint(page)).toHaveCount(0);
    expect(await paintedHeading?.evaluate((heading) => heading.isConnected)).toBe(true);
    expect(title.length).toBeGreaterThan(0);
    await expect(page.locator('[inert]')).toHaveCount(0);

    // On a phone's screen the server still draws a laptop's (it cannot know the screen): the board is
    // hydrated as drawn, then fits its columns to the phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.unrouteAll();
    letTheAppRun = await holdTheApp(page);
    await page.goto(`/my-teams/${team("Jordan's Care Team").slug}/work-board`, { waitUntil: 'commit' });
    const paintedColumn = await firstPaint(page).getByTestId('board-column').first().elementHandle();
    letTheAppRun();
    await expect(firstPaint(page)).toHaveCount(0);
    expect(await paintedColumn?.evaluate((column) => column.isConnected)).toBe(true);
    await expect(page.locator(`a[href="${cardPath}"]`).first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("in a browser in another time zone than the server's, the app draws the page anew", async ({
    browser,
    page,
    signIn,
  }) => {
    // The server draws in its own zone; the app shows some dates in the browser's, so it does not
    // hydrate a page drawn in another (first-paint-data.ts).
    await signIn(demoUsers.owner);
    await serverDrawsPages(page);
    // These tests' browsers share the server's zone (above); this one is elsewhere.
    const sharedZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const otherZone = sharedZone === 'Australia/Perth' ? 'Pacific/Auckland' : 'Australia/Perth';
    const context = await browser.newContext({ timezoneId: otherZone });
    try {
      const elsewhere = await context.newPage();
      const problems = problemsOn(elsewhere);
      const login = await elsewhere.request.post('/api/auth/demo/login', {
        data: { email: demoUsers.owner },
      });
      expect(login.ok()).toBe(true);
      await preferSunrise(context, elsewhere.request);
      seeFirstPaints(elsewhere);
      const letTheAppRun = await holdTheApp(elsewhere);
      await elsewhere.goto('/inbox', { waitUntil: 'commit' });
      const paintedHeading = await firstPaint(elsewhere)
        .getByRole('heading', { name: 'Inbox', level: 1 })
        .elementHandle();
      letTheAppRun();
      await expect(firstPaint(elsewhere)).toHaveCount(0);
      await expect(elsewhere.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
      // Drawn anew: the server's heading is gone, the app's is in its place.
      expect(await paintedHeading?.evaluate((heading) => heading.isConnected)).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("is drawn at the person's own text size, as the app then draws it", async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await serverDrawsPages(page);
    const setFontSize = async (fontSize: 'extra-large' | 'normal') => {
      const csrf = (await page.context().cookies()).find((c) => c.name === 'wattle_csrf')?.value ?? '';
      const saved = await page.request.patch('/api/me/preferences', {
        data: { fontSize },
        headers: { 'X-CSRF-Token': decodeURIComponent(csrf) },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
    };
    const rootFontSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    await setFontSize('extra-large');
    try {
      seeFirstPaints(page);
      const letTheAppRun = await holdTheApp(page);
      await page.goto('/inbox', { waitUntil: 'commit' });
      await expect(firstPaint(page)).toBeAttached();
      const painted = await rootFontSize();
      expect(painted).not.toBe('16px');
      letTheAppRun();
      await expect(firstPaint(page)).toHaveCount(0);
      expect(await rootFontSize()).toBe(painted);
    } finally {
      // Later tests sign in as Olivia too.
      await setFontSize('normal');
    }
  });

  test('is drawn with the sidebar as the person left it, and the app keeps it so', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    await serverDrawsPages(page);
    const origin = new URL(test.info().project.use.baseURL ?? '').origin;
    await page.context().addCookies([{ name: 'sidebar_state', value: 'false', url: origin }]);
    const sidebar = page.locator('[data-slot="sidebar"]');
    seeFirstPaints(page);
    const letTheAppRun = await holdTheApp(page);
    await page.goto('/inbox', { waitUntil: 'commit' });
    await expect(firstPaint(page)).toBeAttached();
    await expect(page.locator('html')).toHaveAttribute('data-sidebar', 'collapsed');
    await expect(firstPaint(page).locator('[data-slot="sidebar"]')).toHaveAttribute(
      'data-state',
      'collapsed',
    );
    letTheAppRun();
    await expect(firstPaint(page)).toHaveCount(0);
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    // Expanded again with Ctrl+B: the cookie and the page's record of it both follow.
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await expect(page.locator('html')).toHaveAttribute('data-sidebar', 'expanded');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'sidebar_state')?.value).toBe('true');
  });

  test('is drawn in the organisation the browser last worked in', async ({ page, signIn }) => {
    await signIn(demoUsers.practitioner);
    await page.goto('/inbox');
    await page.getByTestId('current-tenant').click();
    await page.getByRole('menuitem', { name: new RegExp(bluegumTenantName) }).click();
    await expect(page.getByTestId('current-tenant')).toContainText(bluegumTenantName);
    await serverDrawsPages(page);

    seeFirstPaints(page);
    const letTheAppRun = await holdTheApp(page);
    await page.reload({ waitUntil: 'commit' });
    await expect(firstPaint(page).getByTestId('current-tenant')).toContainText(bluegumTenantName);
    letTheAppRun();
    await expect(firstPaint(page)).toHaveCount(0);
    await expect(page.getByTestId('current-tenant')).toContainText(bluegumTenantName);
  });

  test('is left to the app for someone of several organisations whose browser has not said which', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    await serverDrawsPages(page);
    await signIn(demoUsers.practitioner);
    const response = await page.goto('/inbox');
    expect(await response?.text()).toContain('<div id="root"></div>');
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  });
});

test.describe('the first paint and who may see a card', () => {
  test('a card drawn for one person is never in the page the server sends someone who may not read it', async ({
    browser,
    page,
    signIn,
    apiGet,
  }) => {
    await signIn(demoUsers.owner);
    const sunrise = (await apiGet<{ id: string; name: string }[]>('/api/tenants')).find(
      (tenant) => tenant.name === sunriseTenantName,
    );
    const teams = await apiGet<{ id: string; name: string }[]>('/api/teams', sunrise?.id);
    const miasTeam = teams.find((team) => team.name === "Mia's Care Team");
    const cards = await apiGet<{ id: string; title: string; teamId: string }[]>(
      '/api/search?q=Mia',
      sunrise?.id,
    );
    const card = cards.find((each) => each.teamId === miasTeam?.id);
    expect(card, "a card of Mia's Care Team").toBeDefined();

    // The owner's page of it is drawn by the server with the card in it.
    await serverDrawsPages(page);
    await page.goto(`/card/${card?.id}`);
    await expect(page.getByRole('heading', { name: card?.title })).toBeVisible();
    const ownersPage = await page.request.get(`/card/${card?.id}`);
    expect(await ownersPage.text()).toContain('data-first-paint');

    // A family guardian of another team asks for the same page: nothing of the card comes with it.
    const other = await browser.newContext();
    try {
      const login = await other.request.post('/api/auth/demo/login', {
        data: { email: demoUsers.familyGuardian },
      });
      expect(login.ok()).toBe(true);
      await other.addCookies([{ name: 'wattle_tenant', value: sunrise?.id ?? '', url: ownersPage.url() }]);
      const guardiansPage = await other.request.get(`/card/${card?.id}`);
      expect(guardiansPage.status()).toBe(200);
      expect(await guardiansPage.text()).not.toContain(card?.title ?? 'no title');
    } finally {
      await other.close();
    }
  });
});
