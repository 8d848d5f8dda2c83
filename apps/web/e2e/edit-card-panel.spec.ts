import type { Page } from '@playwright/test';
import type { Card } from '@wattle/domain/cards/schemas';
import { cardsApi } from './cards-api';
import {
  demoUsers,
  expect,
  expectNoAccessibilityViolations,
  preferTenant,
  sunriseOf,
  test,
} from './fixtures';
import { expectToastClearOf } from './toast-clear';

/**
 * The Edit Card side panel (spec work section 2): dirty state, closing with changes (sent when they
 * can be, issue 18; the Unsaved Changes dialog when they cannot), Ctrl/Cmd+S, the title rule, the
 * ways of closing it, auto-save after 2 s, a per-field conflict, and the template form of a
 * card with a known template. Each test works on a card of its own, made through the API.
 */

interface Sunrise {
  tenantId: string;
  jordanTeamId: string;
}

async function newCard(page: Page, where: Sunrise, title: string, extra: Record<string, unknown> = {}) {
  return (await cardsApi(page.request, where.tenantId)).create({
    teamId: where.jordanTeamId,
    title,
    description: 'Made by the edit panel browser test.',
    templateId: null,
    ...extra,
  });
}

/** Opens the card page and its Edit Card panel. */
async function openPanel(page: Page, card: Card, name = 'Edit Card') {
  await page.goto(`/card/${card.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('Edit Card side panel', () => {
  let where: Sunrise;
  test.beforeEach(async ({ page, signIn, apiGet }) => {
    const me = await signIn(demoUsers.practitioner);
    const sunrise = await sunriseOf(apiGet);
    where = { tenantId: sunrise.tenantId, jordanTeamId: sunrise.team("Jordan's Care Team").id };
    // Opens the app in Sunrise (priya also belongs to Bluegum), as her last choice of tenant would.
    await preferTenant(page, me.id, where.tenantId);
  });

  test('typing in the panel, then closing the tab at once, still reaches the server (keepalive, issue 18)', async ({
    page,
    context,
  }) => {
    const card = await newCard(page, where, 'Ring the OT about the ramp');
    const panel = await openPanel(page, card);
    await panel.getByLabel('Title', { exact: true }).fill('Ring the OT about the ramp and the rails');
    await panel
      .getByLabel('Description', { exact: true })
      .fill('Typed in the panel, then the tab was closed.');
    // Well before the panel's own 2 s auto-save.
    await page.waitForTimeout(200);
    await page.close();

    const api = await cardsApi(context.request, where.tenantId);
    await expect
      .poll(
        async () => {
          const saved = await api.card(card.id);
          return [saved.title, saved.description];
        },
        { timeout: 15_000 },
      )
      .toEqual(['Ring the OT about the ramp and the rails', 'Typed in the panel, then the tab was closed.']);
  });

  test('tracks changes; closing saves them, and asks only when they cannot be sent: Keep Editing, Discard Changes, Save & Close', async ({
    page,
    context,
    apiGet,
  }) => {
    const card = await newCard(page, where, 'Book the physio assessment');
    const panel = await openPanel(page, card);
    const save = panel.getByRole('button', { name: 'Save Changes' });
    const cancel = panel.getByRole('button', { name: 'Cancel' });
    const unsaved = panel.getByTestId('unsaved-badge');
    const title = panel.getByLabel('Title', { exact: true });

    await expect(title).toHaveValue('Book the physio assessment');
    await expect(unsaved).toBeHidden();
    await expect(save).toBeDisabled();
    await expect(cancel).toBeDisabled();
    await expectNoAccessibilityViolations(page);
    // Page scroll is locked while the panel is open.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await panel.getByRole('button', { name: 'Keyboard shortcuts' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Press Escape to close • Ctrl/Cmd+S to save');
    // Escape closes the tooltip first, the topmost layer, and leaves the panel open.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toBeHidden();
    await expect(panel).toBeVisible();

    await title.fill('Book the physio and OT assessments');
    await expect(unsaved).toHaveText('Unsaved');
    await expect(save).toBeEnabled();
    await expect(cancel).toBeEnabled();
    // Back to the original value: nothing to save any more.
    await title.fill('Book the physio assessment');
    await expect(unsaved).toBeHidden();
    await expect(save).toBeDisabled();

    // Offline, Escape with a change asks first; Keep Editing keeps the panel and the change.
    await context.setOffline(true);
    await title.fill('Book the physio and OT assessments');
    await page.keyboard.press('Escape');
    const dialog = page.getByRole('alertdialog', { name: 'Unsaved Changes' });
    await expect(dialog).toContainText(
      'You have unsaved changes that will be lost if you close without saving. Are you sure you want to continue?',
    );
    await expect(dialog.getByRole('button', { name: 'Keep Editing' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Keep Editing' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel).toBeVisible();
    await expect(title).toHaveValue('Book the physio and OT assessments');

    // Discard Changes closes without saving.
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Discard Changes' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByText('Changes discarded')).toBeVisible();
    await expect(page.getByText('Your changes have been discarded.')).toBeVisible();
    expect((await apiGet<Card>(`/api/cards/${card.id}`, where.tenantId)).title).toBe(
      'Book the physio assessment',
    );

    // Save & Close saves (back online), then closes.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(panel.getByLabel('Title', { exact: true })).toHaveValue('Book the physio assessment');
    await panel.getByLabel('Priority', { exact: true }).selectOption('high');
    await page.keyboard.press('Escape');
    await context.setOffline(false);
    await dialog.getByRole('button', { name: 'Save & Close' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByText('Card updated')).toBeVisible();
    await expect(page.getByText('Your changes have been saved successfully.')).toBeVisible();
    const saved = await apiGet<Card>(`/api/cards/${card.id}`, where.tenantId);
    expect(saved).toMatchObject({
      priority: 'high',
      title: 'Book the physio assessment',
      version: card.version + 1,
    });

    // Online, Escape with a change sends it and closes, without asking (issue 18).
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await panel.getByLabel('Priority', { exact: true }).selectOption('low');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(dialog).toHaveCount(0);
    await expect
      .poll(async () => (await apiGet<Card>(`/api/cards/${card.id}`, where.tenantId)).priority)
      .toBe('low');
  });

  test('Ctrl+S saves while typing, the title is required, and Status offers the allowed moves', async ({
    page,
    apiGet,
  }) => {
    const card = await newCard(page, where, 'Order a weighted blanket');
    const panel = await openPanel(page, card);
    const title = panel.getByLabel('Title', { exact: true });

    await title.fill('');
    await page.keyboard.press('Control+s');
    await expect(panel.getByText('Title is required')).toBeVisible();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    expect((await apiGet<Card>(`/api/cards/${card.id}`, where.tenantId)).version).toBe(card.version);

    await title.fill('Order a weighted blanket and sleep mask');
    await expect(panel.getByText('Title is required')).toBeHidden();
    await expect(title).toBeFocused();
    await page.keyboard.press('Control+s');
    await expect(page.getByText('Card updated')).toBeVisible();
    await expect(panel.getByText(/^Saved \d{1,2}:\d{2}\s?[ap]m$/i)).toBeVisible();
    await expect(panel.getByTestId('unsaved-badge')).toBeHidden();
    await expect(panel).toBeVisible();
    expect((await apiGet<Card>(`/api/cards/${card.id}`, where.tenantId)).title).toBe(
      'Order a weighted blanket and sleep mask',
    );

    // The compliance workflow: a draft may only start work.
    const status = panel.getByLabel('Status', { exact: true });
    await expect(status.locator('option')).toHaveText(['Draft', 'In Progress']);
    await status.selectOption('in-progress');
    await panel.getByLabel('Description', { exact: true }).fill('Check the weight with the OT first.');
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await expect(panel.getByTestId('unsaved-badge')).toBeHidden();
    await expect(status.locator('option')).toHaveText(['In Progress', 'Pending Review', 'Draft']);
    const saved = await apiGet<Card>(`/api/cards/${card.id}`, where.tenantId);
    expect(saved).toMatchObject({
      status: 'in-progress',
      description: 'Check the weight with the OT first.',
    });
  });

  test('the saved toast rises above the panel’s Save Changes bar, on a desktop and on a phone', async ({
    page,
  }) => {
    const card = await newCard(page, where, 'Book the hydrotherapy pool');
    for (const [width, height, title] of [
      [1280, 720, 'Book the hydrotherapy pool for Tuesday'],
      [390, 844, 'Book the hydrotherapy pool for Thursday'],
    ] as const) {
      await page.setViewportSize({ width, height });
      const panel = await openPanel(page, card);
      await panel.getByLabel('Title', { exact: true }).fill(title);
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      const saved = page.locator('[data-sonner-toast]').filter({ hasText: 'Card updated' });
      await expectToastClearOf(saved, panel.getByTestId('edit-card-footer'));
      // Save Changes can still be pressed while the toast shows (nothing lies over it).
      await panel.getByLabel('Title', { exact: true }).fill(`${title}, 10 am`);
      await panel.getByRole('button', { name: 'Save Changes' }).click({ timeout: 2_000 });
      await expect(panel.getByTestId('unsaved-badge')).toBeHidden();
    }
  });

  test('closes on an outside click or a sideways swipe of its header unless there are changes; full screen has no outside', async ({
    page,
  }) => {
    const card = await newCard(page, where, 'Renew the companion card');
    const panel = await openPanel(page, card);
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 };

    // The panel takes a third of a large screen.
    const box = await panel.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(Math.round(viewport.width / 3));
    await page.mouse.click(40, viewport.height / 2);
    await expect(panel).toBeHidden();

    // Full screen: the whole window, so a click there is inside the panel.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await panel.getByRole('button', { name: 'Full screen' }).click();
    await expect(panel.getByRole('button', { name: 'Exit full screen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(Math.round((await panel.boundingBox())?.width ?? 0)).toBe(viewport.width);
    await page.mouse.click(40, viewport.height / 2);
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Exit full screen' }).click();

    // Collapsed to its header, then expanded again.
    await panel.getByRole('button', { name: 'Collapse panel' }).click();
    await expect(panel.getByLabel('Title', { exact: true })).toBeHidden();
    await panel.getByRole('button', { name: 'Expand panel' }).click();
    await expect(panel.getByLabel('Title', { exact: true })).toBeVisible();

    // A sideways swipe on the header closes it.
    const header = panel.getByTestId('edit-card-panel-header');
    const headerBox = await header.boundingBox();
    if (!headerBox) throw new Error('no header');
    const startX = headerBox.x + 60;
    const y = headerBox.y + headerBox.height / 2;
    // Mostly up and down is no swipe.
    await page.mouse.move(startX, y);
    await page.mouse.down();
    await page.mouse.move(startX + 40, y + 60, { steps: 4 });
    await page.mouse.up();
    await expect(panel).toBeVisible();
    await page.mouse.move(startX, y);
    await page.mouse.down();
    await page.mouse.move(startX + 120, y + 10, { steps: 6 });
    await page.mouse.up();
    await expect(panel).toBeHidden();

    // With a change, an outside click saves it and closes (issue 18: sent, not asked about).
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await panel.getByLabel('Description', { exact: true }).fill('Bring the photo ID.');
    await page.mouse.click(40, viewport.height / 2);
    await expect(panel).toBeHidden();
    await expect(page.getByRole('alertdialog', { name: 'Unsaved Changes' })).toHaveCount(0);
    await expect
      .poll(async () => (await cardsApi(page.request, where.tenantId)).card(card.id))
      .toMatchObject({ description: 'Bring the photo ID.' });
    // Cancel discards a change.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await panel.getByLabel('Description', { exact: true }).fill('Bring the photo ID and the letter.');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Changes discarded')).toBeVisible();
    await expect(panel).toBeHidden();
  });

  test('auto-saves changed fields 2 seconds after the last change', async ({ page, apiGet }) => {
    await page.clock.install();
    const card = await newCard(page, where, 'Arrange respite for the school holidays');
    const panel = await openPanel(page, card);
    // Time stands still from here but for the test's own steps.
    await page.clock.pauseAt(Date.now() + 5_000);
    await panel.getByLabel('Description', { exact: true }).fill('Two weekends in July.');
    await expect(panel.getByTestId('unsaved-badge')).toBeVisible();
    await page.clock.fastForward(1_000);
    expect((await apiGet<Card>(`/api/cards/${card.id}`, where.tenantId)).description).not.toBe(
      'Two weekends in July.',
    );
    await page.clock.fastForward(2_000);
    await expect(panel.getByTestId('unsaved-badge')).toBeHidden();
    await expect(panel.getByText(/^Saved /)).toBeVisible();
    expect((await apiGet<Card>(`/api/cards/${card.id}`, where.tenantId)).description).toBe(
      'Two weekends in July.',
    );
  });

  test("someone else's change of the same field is shown, and Save Changes keeps mine", async ({
    page,
    playwright,
    apiGet,
  }, testInfo) => {
    await page.clock.install();
    const card = await newCard(page, where, 'Plan the trip to the aquarium');
    const panel = await openPanel(page, card);
    // Time stands still (no 2 s auto-save) while Lee renames the card.
    await page.clock.pauseAt(Date.now() + 5_000);
    await panel.getByLabel('Title', { exact: true }).fill('Plan the trip to the aquarium on Saturday');

    // Lee, the team lead, renames the card meanwhile.
    const lee = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const login = await lee.post('/api/auth/demo/login', { data: { email: demoUsers.teamLead } });
      expect(login.ok()).toBe(true);
      await (await cardsApi(lee, where.tenantId)).update(card.id, {
        version: card.version,
        title: 'Plan the trip to the zoo',
      });
    } finally {
      await lee.dispose();
    }

    await panel.getByRole('button', { name: 'Save Changes' }).click();
    const conflict = panel.getByTestId('edit-card-conflict');
    await expect(conflict).toContainText('Someone else changed this card');
    await expect(conflict).toContainText('Title: Lee Lead changed it to');
    await expect(conflict).toContainText('Plan the trip to the zoo');
    await expect(panel.getByLabel('Title', { exact: true })).toHaveValue(
      'Plan the trip to the aquarium on Saturday',
    );
    // Half a second on: the toast shows (the auto-save's 2 s are not reached).
    await page.clock.runFor(500);
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Failed to save changes\. Please try again\. .+/)).toBeVisible();

    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await expect(conflict).toBeHidden();
    await expect(panel.getByTestId('unsaved-badge')).toBeHidden();
    await page.clock.runFor(500);
    await expect(page.getByText('Card updated')).toBeVisible();
    expect((await apiGet<Card>(`/api/cards/${card.id}`, where.tenantId)).title).toBe(
      'Plan the trip to the aquarium on Saturday',
    );
  });

  test('a card with a template shows the NDIS Template form with the card details above it', async ({
    page,
  }) => {
    const card = await newCard(page, where, 'Incident at the swimming pool', {
      templateId: 'incident-report',
    });
    const panel = await openPanel(page, card, 'NDIS Template');
    const details = panel.getByRole('button', { name: 'Card details' });
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    await expect(panel.getByTestId('template-form')).toHaveAttribute('data-variant', 'card-panel');

    await details.click();
    await expect(panel.getByLabel('Title', { exact: true })).toHaveValue('Incident at the swimming pool');
    await expectNoAccessibilityViolations(page);
    await panel
      .getByLabel('Title', { exact: true })
      .fill('Incident at the swimming pool: slipped on the steps');
    await expect(panel.getByTestId('unsaved-badge')).toBeVisible();
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Card updated')).toBeVisible();
    await expect(panel.getByTestId('unsaved-badge')).toBeHidden();
  });
});
