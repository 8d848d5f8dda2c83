import type { Page } from '@playwright/test';
import type { Card } from '@wattle/domain/cards/schemas';
import { cardsApi, sunriseWithNewCard } from './cards-api';
import {
  demoUsers,
  expect,
  expectNoAccessibilityViolations,
  openAs,
  preferSunrise,
  sunriseTenantName,
  tenantsOf,
  test,
} from './fixtures';

/**
 * The card detail page (spec work section 2 "Card detail panel"): the Details sidebar, the real audit
 * trail, and the compliance workflow with and without a clinician, against the real server.
 */

function details(page: Page) {
  return page.getByRole('complementary', { name: 'Details' });
}

function saveStatus(page: Page) {
  return page.getByTestId('card-detail').getByTestId('save-status');
}

test.describe('card detail page', () => {
  test('shows the card with its Details, and Details edits are saved and audited with old and new values', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.practitioner);
    const { api, card } = await sunriseWithNewCard(page, {
      title: 'Weekly check-in with Jordan',
      description: 'First visit',
    });

    await page.goto(`/card/${card.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Weekly check-in with Jordan' })).toBeVisible();
    await expect(page.getByTestId('work-item-id')).toHaveText(card.workItemId);
    await expect(page.getByTestId('card-status')).toHaveText(/Draft/);
    await expect(page.getByLabel('Description')).toHaveValue('First visit');
    const sidebar = details(page);
    await expect(sidebar.getByText('Task', { exact: true })).toBeVisible();
    await expect(sidebar.getByText(card.workItemId)).toBeVisible();
    await expect(page.getByTestId('comments')).toContainText('No comments yet');
    // The trail is the server's: one 'created' entry for a new card.
    const trail = sidebar.getByTestId('audit-entry');
    await expect(trail).toHaveCount(1);
    await expect(trail.first()).toContainText('Created');
    await expect(trail.first()).toContainText('by Priya');
    await expectNoAccessibilityViolations(page);

    // State (the team's column: In Progress starts work), billable, amount and a tag, each saved
    // through the queue. NDIS Status follows the status and is shown, not chosen (decision 0037).
    await expect(sidebar.getByTestId('ndis-status')).toHaveText('Draft');
    await sidebar.getByLabel('State').selectOption({ label: 'In Progress' });
    await expect(page.getByText('Changed State.')).toBeVisible();
    await expect(saveStatus(page)).toHaveText('Saved');
    await expect(page.getByTestId('card-status')).toHaveText(/In Progress/);
    await expect(sidebar.getByTestId('ndis-status')).toHaveText('Draft');
    await sidebar.getByRole('switch', { name: 'Billable' }).click();
    await sidebar.getByLabel('Est. Amount').fill('1,250.5');
    await sidebar.getByLabel('Est. Amount').press('Enter');
    await expect(sidebar.getByLabel('Est. Amount')).toHaveValue('1250.50');
    await sidebar.getByRole('button', { name: 'Add tag' }).click();
    await sidebar.getByLabel('New tag').fill('behaviour');
    await sidebar.getByLabel('New tag').press('Enter');
    await expect(sidebar.getByRole('list', { name: 'Tags' })).toContainText('behaviour');
    await expect(saveStatus(page)).toHaveText('Saved');

    // The title, edited in place.
    await page.getByRole('button', { name: 'Edit title' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Fortnightly check-in with Jordan');
    await page.getByLabel('Title', { exact: true }).press('Enter');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Fortnightly check-in with Jordan' }),
    ).toBeVisible();
    await expect(saveStatus(page)).toHaveText('Saved');

    await expect
      .poll(async () => {
        const saved = await api.card(card.id);
        return [
          saved.title,
          saved.state,
          saved.ndisStatus,
          saved.billable,
          saved.estimatedAmountCents,
          saved.tags,
        ];
      })
      .toEqual([
        'Fortnightly check-in with Jordan',
        'doing',
        'draft',
        !card.billable,
        125_050,
        ['behaviour'],
      ]);

    // Every change is in the trail with its old and new value, newest first.
    await expect(trail).toHaveCount(6);
    await expect(trail.first()).toContainText('Updated');
    await expect(trail.first()).toContainText('Title: Weekly check-in with Jordan');
    await expect(trail.first()).toContainText('Fortnightly check-in with Jordan');
    await expect(sidebar).toContainText('Status: Draft');
    await expect(sidebar).toContainText('In Progress');
    await expect(sidebar).toContainText('Est. Amount: $0.00');
    await expect(sidebar).toContainText('$1250.50');
    const entries = await api.audit(card.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'updated',
      'updated',
      'updated',
      'updated',
      'updated',
      'created',
    ]);
    expect(entries[0]!.changes).toEqual([
      {
        field: 'title',
        oldValue: 'Weekly check-in with Jordan',
        newValue: 'Fortnightly check-in with Jordan',
      },
    ]);

    // The sidebar folds away and comes back.
    await page.getByRole('button', { name: 'Hide details' }).click();
    await expect(sidebar).toHaveCount(0);
    await page.getByRole('button', { name: 'Show details' }).click();
    await expect(sidebar).toBeVisible();

    // The same page under /t/{x}/card/{id}.
    await page.goto(`/t/sunrise/card/${card.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Fortnightly check-in with Jordan' }),
    ).toBeVisible();
  });

  test('moves through the workflow: a support worker is refused review, a practitioner submits and approves', async ({
    page,
    signIn,
    browser,
  }) => {
    await signIn(demoUsers.supportWorker);
    const { api, card } = await sunriseWithNewCard(page, { title: 'Community outing plan' });

    await page.goto(`/card/${card.id}`);
    const status = page.getByTestId('card-status');
    await expect(status).toHaveText(/Draft/);
    await page.getByRole('button', { name: 'Start work' }).click();
    await expect(status).toHaveText(/In Progress/);
    await expect(page.getByRole('button', { name: 'Back to draft' })).toBeVisible();

    // Not a clinician: Submit for review is not offered enabled, and says why (issue 18 item 4); the
    // server refuses it all the same.
    await expect(page.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
    await expect(page.getByTestId('workflow-refusals')).toContainText('A clinician must approve this step');
    const refused = await api.patch(card.id, {
      version: (await api.card(card.id)).version,
      status: 'pending-review',
    });
    expect(refused.status()).toBe(422);
    await expect(status).toHaveText(/In Progress/);
    expect((await api.card(card.id)).status).toBe('in-progress');

    // Priya, a Practitioner on the team, may.
    const { context: priyaContext, page: priya } = await openAs(
      browser,
      demoUsers.practitioner,
      `/card/${card.id}`,
    );
    try {
      const priyaStatus = priya.getByTestId('card-status');
      await expect(priyaStatus).toHaveText(/In Progress/);
      await priya.getByRole('button', { name: 'Submit for review' }).click();
      await expect(priyaStatus).toHaveText(/Pending Review/);
      // Pending review is locked for edits.
      await expect(priya.getByText('This card is pending review and can no longer be edited.')).toBeVisible();
      await expect(priya.getByLabel('Description')).toBeDisabled();
      await priya.getByRole('button', { name: 'Approve' }).click();
      await priya
        .getByRole('alertdialog', { name: 'Approve this card?' })
        .getByRole('button', { name: 'Approve' })
        .click();
      await expect(priyaStatus).toHaveText(/Approved/);
      await expect(priya.getByRole('button', { name: 'Archive' })).toBeVisible();
      await expect(priya.getByText('This card is approved and can no longer be edited.')).toBeVisible();
      await expect(priya.getByRole('button', { name: 'Edit title' })).toHaveCount(0);
      await expect(details(priya).getByLabel('Priority')).toBeDisabled();

      const approved = await api.card(card.id);
      expect(approved.status).toBe('approved');
      expect(approved.completedRequirements.approvals.map((approval) => approval.status)).toEqual([
        'pending-review',
        'approved',
      ]);
      // The server refuses edits of an approved card whatever the browser shows.
      const edit = await api.patch(card.id, { version: approved.version, title: 'Changed after approval' });
      expect(edit.status()).toBe(422);
      expect(((await edit.json()) as { error: { message: string } }).error.message).toContain(
        'can no longer be edited',
      );
      // The moves are in the trail.
      await expect(details(priya).getByTestId('audit-entry').first()).toContainText('Status: Pending Review');
      await expect(details(priya).getByTestId('audit-entry').first()).toContainText('Approved');
    } finally {
      await priyaContext.close();
    }
  });

  test('the audit trail shows the last 50 entries and older ones on Show more; Edit opens the Edit Card panel', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.practitioner);
    const created = await sunriseWithNewCard(page, { title: 'Busy card' });
    let card = created.card;
    // 55 real changes, each its own audit entry: 56 entries with 'created'.
    for (let index = 1; index <= 55; index += 1) {
      card = await created.api.update(card.id, { version: card.version, description: `Note ${index}` });
    }

    await page.goto(`/card/${card.id}`);
    const trail = details(page).getByTestId('audit-entry');
    await expect(trail).toHaveCount(50);
    await expect(trail.first()).toContainText('Note 55');
    await details(page).getByRole('button', { name: 'Show more' }).click();
    await expect(trail).toHaveCount(56);
    await expect(trail.last()).toContainText('Created');
    await expect(details(page).getByRole('button', { name: 'Show more' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Edit Card' });
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel('Title')).toHaveValue('Busy card');
  });

  test('says the card is not found, with a way back', async ({ page, signIn }) => {
    await signIn(demoUsers.practitioner);
    await page.goto('/card/0190f5b4-0000-7000-8000-00000000dead');
    await expect(page.getByRole('heading', { name: 'Card not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Inbox' }).click();
    await expect(page).toHaveURL(/\/inbox$/);
  });

  test("shows a template card's NDIS form", async ({ page, signIn }) => {
    await signIn(demoUsers.practitioner);
    const { card } = await sunriseWithNewCard(page, {
      title: 'Incident at the pool',
      templateId: 'incident-report',
    });
    await page.goto(`/card/${card.id}`);
    const form = page.getByRole('region', { name: 'NDIS Template' });
    await expect(form).toBeVisible();
    await expect(form.getByText('Participant Information').first()).toBeVisible();
    await expect(details(page).getByText('Incident', { exact: true })).toBeVisible();
  });
});

test('a /t/{tenant}/card/{id} link into another of the user’s organisations switches to it and shows the card', async ({
  page,
  signIn,
  apiGet,
}) => {
  await signIn(demoUsers.practitioner);
  await preferSunrise(page, page.request);
  const bluegum = (await tenantsOf(apiGet)).find((tenant) => tenant.name !== sunriseTenantName)!;
  const [bluegumCard] = await apiGet<Card[]>('/api/cards', bluegum.id);
  expect(bluegumCard, 'Bluegum has a seeded card priya may read').toBeDefined();
  const slug = bluegum.slug;

  await page.goto(`/t/${slug}/card/${bluegumCard!.id}`);
  await expect(page.getByText(`Switching to ${bluegum.name}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: bluegumCard!.title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/card/${bluegumCard!.id}$`));
  await expect(page.getByTestId('work-item-id')).toHaveText(/^BLU-\d{5}$/);
});

test('a plain /card/{id} link to a card of another of the user’s organisations offers to switch there', async ({
  page,
  signIn,
  apiGet,
}) => {
  await signIn(demoUsers.practitioner);
  await preferSunrise(page, page.request);
  const bluegum = (await tenantsOf(apiGet)).find((tenant) => tenant.name !== sunriseTenantName)!;
  const [bluegumCard] = await apiGet<Card[]>('/api/cards', bluegum.id);
  expect(bluegumCard, 'Bluegum has a seeded card priya may read').toBeDefined();

  // Working in Sunrise, the link names no organisation: the page says where the card is.
  await page.goto(`/card/${bluegumCard!.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `This card is in ${bluegum.name}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: `Switch to ${bluegum.name}` }).click();
  await expect(page.getByText(`Switching to ${bluegum.name}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: bluegumCard!.title })).toBeVisible();
  await expect(page.getByTestId('work-item-id')).toHaveText(/^BLU-\d{5}$/);

  // A card in none of the user's organisations is still simply not found.
  await page.goto('/card/01a20b61-0000-7000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Card not found' })).toBeVisible();
});

test.describe('card page on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the card page and its Edit Card panel fit the screen without sideways scrolling', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.teamLead);
    const api = await cardsApi(page.request);
    const listed = (await (
      await page.request.get('/api/cards', { headers: { 'X-Tenant-Id': api.tenantId } })
    ).json()) as { data: Card[] };
    const plan = listed.data.find((card) => card.templateId === 'comprehensive-bsp')!;

    await page.goto(`/card/${plan.id}`);
    await expect(page.getByTestId('template-form')).toBeVisible();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const close = page.getByRole('button', { name: 'Close', exact: true });
    await expect(close).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
