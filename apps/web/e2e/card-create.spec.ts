import type { Page } from '@playwright/test';
import type { Card, CardAuditEntry } from '@wattle/domain/cards/schemas';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import {
  demoUsers,
  expect,
  expectNoAccessibilityViolations,
  preferTenant,
  sunriseOf,
  test,
} from './fixtures';

/**
 * Creating cards (issue 4): 'New card' on a team page and Quick Add New Incident open the Edit Card
 * side panel in create mode; the server makes a draft due today plus the template's estimated days,
 * with one 'created' audit entry. And the team's card list, shown from this device's copy when the
 * card API cannot be reached.
 */

/** Today in the tenant's time zone (Sunrise keeps the default, Australia/Sydney) plus some days. */
function sydneyDatePlus(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function cardIdFromUrl(page: Page): string {
  const match = /\/card\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`not a card page: ${page.url()}`);
  return match[1];
}

test.describe('creating cards', () => {
  test.beforeEach(async ({ page, signIn, apiGet }) => {
    const me = await signIn(demoUsers.practitioner);
    // Opens the app in Sunrise (priya also belongs to Bluegum), as her last choice of tenant would.
    await preferTenant(page, me.id, (await sunriseOf(apiGet)).tenantId);
  });

  test("New card on Jordan's Care Team page creates a draft from a template", async ({ page, apiGet }) => {
    const { tenantId, team } = await sunriseOf(apiGet);
    const jordan = team("Jordan's Care Team");
    const templates = await apiGet<FormTemplate[]>('/api/templates', tenantId);
    const riskPlan = templates.find((template) => template.id === 'risk-management-plan');
    expect(riskPlan?.estimatedDuration).toBeGreaterThan(0);

    await page.goto(`/my-teams/${jordan.slug}/work-board`);
    const cards = page.getByRole('region', { name: 'Work Board' });
    await expect(cards.getByRole('link', { name: 'Book occupational therapy review' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'New card' }).click();

    const panel = page.getByRole('dialog', { name: 'New Card' });
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel('Team', { exact: true })).toHaveValue(jordan.id);
    await expect(panel.getByLabel('Template', { exact: true })).toHaveValue('');
    await expect(panel.getByRole('button', { name: 'Create Card' })).toBeDisabled();
    await expectNoAccessibilityViolations(page);
    await panel.getByLabel('Template', { exact: true }).selectOption({ label: riskPlan?.name ?? '' });
    // Choosing a template suggests nothing else.
    await expect(panel.getByLabel('Title', { exact: true })).toHaveValue('');
    await expect(panel.getByLabel('Category', { exact: true })).toHaveValue('');

    // The title is required.
    await panel.getByRole('button', { name: 'Create Card' }).click();
    await expect(panel.getByText('Title is required')).toBeVisible();
    await expect(panel.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    const title = 'Risk plan for the community garden outing';
    await panel.getByLabel('Title', { exact: true }).fill(title);
    await expect(panel.getByText('Title is required')).toBeHidden();
    await panel.getByRole('button', { name: 'Create Card' }).click();

    await expect(page).toHaveURL(/\/card\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Card created')).toBeVisible();
    const id = cardIdFromUrl(page);
    const card = await apiGet<Card>(`/api/cards/${id}`, tenantId);
    expect(card).toMatchObject({
      title,
      teamId: jordan.id,
      templateId: 'risk-management-plan',
      status: 'draft',
      priority: 'medium',
      dueDate: sydneyDatePlus(riskPlan?.estimatedDuration ?? 0),
    });

    // Its only audit entry says it was created, on the card page and in the API.
    const audit = await apiGet<CardAuditEntry[]>(`/api/cards/${id}/audit`, tenantId);
    expect(audit.map((entry) => entry.action)).toEqual(['created']);
    const trail = page.getByRole('list', { name: 'Audit trail entries' });
    await expect(trail.locator(':scope > li')).toHaveCount(1);
    await expect(trail).toContainText('Created');

    // The team's list shows it, in the team's first column.
    await page.goto(`/my-teams/${jordan.slug}/list`);
    const row = page
      .getByRole('table', { name: `Work items of ${jordan.name}` })
      .getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText(card.workItemId);
    await expect(row).toContainText('To Do');
    await expect(row).toContainText(
      card.compliance.isCompliant ? 'Compliant' : `${card.compliance.completion}% complete`,
    );
  });

  test('Quick Add New Incident creates an incident report for the team of the page', async ({
    page,
    apiGet,
  }) => {
    const { tenantId, team } = await sunriseOf(apiGet);
    const jordan = team("Jordan's Care Team");
    const templates = await apiGet<FormTemplate[]>('/api/templates', tenantId);
    const incidentReport = templates.find((template) => template.id === 'incident-report');

    await page.goto(`/my-teams/${jordan.slug}/work-board`);
    await expect(page.getByTestId('board-column').first()).toBeVisible();
    await page.getByTestId('quick-add').click();
    await page.getByRole('menuitem', { name: 'New Incident' }).click();

    const panel = page.getByRole('dialog', { name: 'New Incident' });
    await expect(panel.getByLabel('Team', { exact: true })).toHaveValue(jordan.id);
    await expect(panel.getByLabel('Template', { exact: true })).toHaveValue('incident-report');
    await expect(panel.getByLabel('Category', { exact: true })).toHaveValue('incident');
    await expect(panel.getByLabel('Title', { exact: true })).toBeFocused();
    const title = 'Slipped on the wet bus steps';
    await page.keyboard.type(title);
    await expect(panel.getByTestId('unsaved-badge')).toBeVisible();
    // Ctrl+S creates, even while typing in the title.
    await page.keyboard.press('Control+s');

    await expect(page).toHaveURL(/\/card\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('dialog', { name: 'New Incident' })).toBeHidden();
    const card = await apiGet<Card>(`/api/cards/${cardIdFromUrl(page)}`, tenantId);
    expect(card).toMatchObject({
      title,
      type: 'incident',
      category: 'incident',
      templateId: 'incident-report',
      status: 'draft',
      teamId: jordan.id,
      dueDate: sydneyDatePlus(incidentReport?.estimatedDuration ?? 1),
    });
    const trail = page.getByRole('list', { name: 'Audit trail entries' });
    await expect(trail.locator(':scope > li')).toHaveCount(1);
    await expect(trail).toContainText('Created');
  });

  test('Quick Add New Task without a team page uses the last selected team, and makes a task', async ({
    page,
    apiGet,
  }) => {
    const { tenantId, team } = await sunriseOf(apiGet);
    const mia = team("Mia's Care Team");
    await page.goto(`/my-teams/${mia.slug}/list`);
    await expect(page.getByRole('region', { name: 'List' })).toBeVisible();
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();

    await page.keyboard.press('Control+n');
    const panel = page.getByRole('dialog', { name: 'New Task' });
    await expect(panel.getByLabel('Team', { exact: true })).toHaveValue(mia.id);
    await expect(panel.getByLabel('Category', { exact: true })).toHaveValue('plan');
    await panel.getByLabel('Title', { exact: true }).fill('Ring the pharmacy about the repeat script');
    await panel.getByLabel('Due date', { exact: true }).fill('17/05/2030');
    await panel.getByRole('button', { name: 'Create Card' }).click();
    await expect(page).toHaveURL(/\/card\/[0-9a-f-]{36}$/);
    const card = await apiGet<Card>(`/api/cards/${cardIdFromUrl(page)}`, tenantId);
    expect(card).toMatchObject({
      type: 'task',
      category: 'plan',
      templateId: null,
      teamId: mia.id,
      dueDate: '2030-05-17',
      status: 'draft',
    });
  });
});

test.describe("the team's card list", () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn(demoUsers.owner);
  });

  test('shows the copy saved on this device when the card API cannot be reached', async ({
    page,
    apiGet,
  }) => {
    const { team } = await sunriseOf(apiGet);
    const jordan = team("Jordan's Care Team");
    const mia = team("Mia's Care Team");
    const community = team('Community Access Team');
    await page.addInitScript(() => {
      const hits: unknown[] = [];
      (window as unknown as { offlineHits: unknown[] }).offlineHits = hits;
      window.addEventListener('wattle:offline-cache-hit', (event) =>
        hits.push((event as CustomEvent).detail),
      );
    });
    const infos: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'info') infos.push(message.text());
    });

    // Mia's list loads from the server once, which keeps a copy on this device.
    await page.goto(`/my-teams/${mia.slug}/work-board`);
    const cards = page.getByRole('region', { name: 'Work Board' });
    await expect(
      cards.getByRole('link', { name: 'Update AAC device vocabulary for the new kitchen routine' }),
    ).toBeVisible();
    await expect(cards.getByTestId('offline-card-notice')).toHaveCount(0);

    // Later, the app starts on another page and the card API is unreachable.
    await page.goto(`/my-teams/${jordan.slug}/work-board`);
    await expect(cards.getByRole('link', { name: 'Book occupational therapy review' })).toBeVisible();
    let blocked = 0;
    await page.route('**/api/teams/*/work-items**', (route) => {
      blocked += 1;
      return route.abort('internetdisconnected');
    });

    await page.getByTestId('sidebar-team').getByRole('link', { name: "Mia's Care Team" }).click();
    await expect(page).toHaveURL(new RegExp(`/my-teams/${mia.slug}/work-board$`));
    const notice = cards.getByTestId('offline-card-notice');
    await expect(notice).toHaveText(/^Offline — showing cards saved on this device at .+\.$/);
    await expect(
      cards.getByRole('link', { name: 'Update AAC device vocabulary for the new kitchen routine' }),
    ).toBeVisible();
    // The first try and the spec's 2 retries (more if a live refresh asked again meanwhile).
    expect(blocked).toBeGreaterThanOrEqual(3);
    const hits = await page.evaluate(() => (window as unknown as { offlineHits: unknown[] }).offlineHits);
    expect(hits).toEqual([expect.objectContaining({ teamId: mia.id, count: expect.any(Number) })]);
    expect(infos.some((text) => text.startsWith('offline cache hit'))).toBe(true);

    // A team never loaded on this device has no copy: the error shows.
    await page.getByTestId('sidebar-team').getByRole('link', { name: 'Community Access Team' }).click();
    await expect(page).toHaveURL(new RegExp(`/my-teams/${community.slug}/work-board$`));
    await expect(
      page.getByRole('alert').filter({ hasText: 'The work items could not be loaded' }),
    ).toBeVisible();

    // Back online, the list comes from the server again.
    await page.unroute('**/api/teams/*/work-items**');
    const loadError = page.getByRole('alert').filter({ hasText: 'The work items could not be loaded' });
    await loadError.getByRole('button', { name: 'Try again' }).click();
    await expect(loadError).toBeHidden();
    await expect(page.getByText('No work items yet.')).toBeVisible();
    await expect(cards.getByTestId('offline-card-notice')).toHaveCount(0);
  });
});
