import type { Browser, Page } from '@playwright/test';
import { cardsApi } from './cards-api';
import { demoUsers, expect, preferSunrise, test } from './fixtures';
import { createScratchDatabase, postgresUnavailable, type ServerProcess, startServer } from './live-servers';

/**
 * Issue 5 item 4 and DESIGN.md section 8: two server instances on one Postgres pass changes to each
 * other's browsers through LISTEN/NOTIFY. Lee's browser talks to instance 1 and Priya's to instance
 * 2, both on a fresh database made for this file and dropped after it. Skipped, saying why, when no
 * Postgres is reachable (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
 */

/** The two instances listen beside the main test server: E2E_PORT + 1 and + 2. */
const mainPort = Number(process.env.E2E_PORT ?? 3100);
const liveWithinMs = 1500;

test.describe('live updates across two server instances on Postgres', () => {
  // Two servers start, migrate and seed here: far longer than one test's usual 30 s.
  test.describe.configure({ timeout: 180_000 });

  let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  const servers: ServerProcess[] = [];

  test.beforeAll(async () => {
    const unavailable = await postgresUnavailable();
    test.skip(unavailable !== null, unavailable ?? '');
    database = await createScratchDatabase();
    // One after the other: the first migrates and seeds the empty database; the second finds both
    // done (migrations take an advisory lock; the demo seed runs only on a database with no users).
    servers.push(await startServer({ port: mainPort + 1, databaseUrl: database.url }));
    servers.push(await startServer({ port: mainPort + 2, databaseUrl: database.url }));
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  /** A signed-in browser of its own on one instance, in Sunrise, with its change stream open on `path`. */
  async function openOn(browser: Browser, server: ServerProcess, email: string) {
    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    const login = await page.request.post('/api/auth/demo/login', { data: { email } });
    expect(login.ok(), `sign in as ${email} on ${server.baseURL}`).toBe(true);
    await preferSunrise(context, page.request);
    return { context, page };
  }

  const heading = (page: Page, title: string) => page.getByRole('heading', { level: 1, name: title });
  const streamOpen = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live-stream', 'open');

  test("a change made through one instance shows in the other instance's browser within a second", async ({
    browser,
  }) => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const lee = await openOn(browser, one, demoUsers.teamLead);
    const priya = await openOn(browser, two, demoUsers.practitioner);
    try {
      const leeApi = await cardsApi(lee.page.request);
      const card = await leeApi.create({
        teamId: await leeApi.teamId("Jordan's Care Team"),
        title: 'Fan-out: shift handover notes',
      });

      await priya.page.goto(`/card/${card.id}`);
      await expect(heading(priya.page, 'Fan-out: shift handover notes')).toBeVisible();
      await streamOpen(priya.page);
      await lee.page.goto(`/card/${card.id}`);
      await expect(heading(lee.page, 'Fan-out: shift handover notes')).toBeVisible();
      await streamOpen(lee.page);

      // Lee renames it in his browser, saved through instance 1.
      await lee.page.getByRole('button', { name: 'Edit title' }).click();
      await lee.page.getByLabel('Title', { exact: true }).fill('Fan-out: night shift handover notes');
      const saved = lee.page.waitForResponse(
        (response) =>
          response.request().method() === 'PATCH' && response.url().endsWith(`/api/cards/${card.id}`),
      );
      await lee.page.getByLabel('Title', { exact: true }).press('Enter');
      expect((await saved).status()).toBe(200);
      await expect(heading(priya.page, 'Fan-out: night shift handover notes')).toBeVisible({
        timeout: liveWithinMs,
      });

      // And back: Priya's change through instance 2 reaches Lee's browser on instance 1.
      const priyaApi = await cardsApi(priya.page.request);
      const current = await priyaApi.card(card.id);
      await priyaApi.update(card.id, {
        version: current.version,
        title: 'Fan-out: handover notes, reviewed',
      });
      await expect(heading(lee.page, 'Fan-out: handover notes, reviewed')).toBeVisible({
        timeout: liveWithinMs,
      });
    } finally {
      await lee.context.close();
      await priya.context.close();
    }
  });
});
