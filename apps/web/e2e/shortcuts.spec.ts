import type { Page } from '@playwright/test';
import { demoUsers, expect, readsInTheBrowser, test } from './fixtures';

/** A page in the signed-in shell, ready for keys (the shortcut listener is mounted with the shell). */
async function openShellPage(page: Page, path: '/inbox' | '/teams') {
  await page.goto(path);
  await expect(
    page.getByRole('heading', { level: 1, name: path === '/inbox' ? 'Inbox' : 'Teams' }),
  ).toBeVisible();
}

/**
 * Records, after the app's own listener has run, whether each key's default action was prevented:
 * a prevented Ctrl+S is one the browser does not turn into its save dialog.
 */
async function recordDefaultPrevented(page: Page) {
  await page.evaluate(() => {
    const seen: { key: string; prevented: boolean }[] = [];
    (window as unknown as { keysSeen: typeof seen }).keysSeen = seen;
    window.addEventListener('keydown', (event) =>
      seen.push({ key: event.key, prevented: event.defaultPrevented }),
    );
  });
  return async () =>
    page.evaluate(() => (window as unknown as { keysSeen: { key: string; prevented: boolean }[] }).keysSeen);
}

test.describe('keyboard shortcuts', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn(demoUsers.owner);
  });

  test('g then h goes home (/ leads to /inbox)', async ({ page }) => {
    await openShellPage(page, '/teams');
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await expect(page).toHaveURL(/\/inbox$/);
  });

  test('g then w and g then r go to /teams', async ({ page }) => {
    await openShellPage(page, '/inbox');
    await page.keyboard.press('g');
    await page.keyboard.press('w');
    await expect(page).toHaveURL(/\/teams$/);

    await openShellPage(page, '/inbox');
    await page.keyboard.press('g');
    await page.keyboard.press('r');
    await expect(page).toHaveURL(/\/teams$/);
  });

  test('the second key counts only within 2 seconds of g', async ({ page }) => {
    await openShellPage(page, '/inbox');
    await page.keyboard.press('g');
    await page.waitForTimeout(2100);
    await page.keyboard.press('w');
    // Give a navigation that should not happen the time it would take.
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/inbox$/);

    await page.keyboard.press('g');
    await page.waitForTimeout(1000);
    await page.keyboard.press('w');
    await expect(page).toHaveURL(/\/teams$/);
  });

  test('Ctrl+K and / open global search, Escape closes it', async ({ page }) => {
    await openShellPage(page, '/inbox');
    const search = page.getByRole('dialog', { name: 'Search work items' });

    await page.keyboard.press('Control+k');
    await expect(search).toBeVisible();
    await expect(search.getByRole('combobox', { name: 'Search across this organisation' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();

    await page.keyboard.press('/');
    await expect(search).toBeVisible();
    // The / that opened the dialog is not typed into its field.
    await expect(search.getByRole('combobox')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();
  });

  test('Ctrl+N opens the New Task panel with the plan category and no template', async ({ page }) => {
    await openShellPage(page, '/inbox');
    const keysSeen = await recordDefaultPrevented(page);
    await page.keyboard.press('Control+n');
    const panel = page.getByRole('dialog', { name: 'New Task' });
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel('Category')).toHaveValue('plan');
    await expect(panel.getByLabel('Template')).toHaveValue('');
    await expect(panel.getByLabel('Title')).toBeFocused();
    expect(await keysSeen()).toContainEqual({ key: 'n', prevented: true });

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    expect(page.context().pages()).toHaveLength(1);
  });

  test('Ctrl+S is kept from the browser, so its save dialog never opens', async ({ page }) => {
    await openShellPage(page, '/inbox');
    const keysSeen = await recordDefaultPrevented(page);
    let downloads = 0;
    page.on('download', () => {
      downloads += 1;
    });
    await page.keyboard.press('Control+s');
    await page.keyboard.press('Meta+s');
    expect((await keysSeen()).filter((key) => key.key === 's')).toEqual([
      { key: 's', prevented: true },
      { key: 's', prevented: true },
    ]);
    expect(downloads).toBe(0);
    await expect(page).toHaveURL(/\/inbox$/);
  });

  test('shortcuts are ignored while typing in a field or an editable area', async ({ page }) => {
    await openShellPage(page, '/inbox');
    // A field of the page's own, as any form would have.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'Scratch field');
      document.getElementById('main-content')?.prepend(input);
      const editable = document.createElement('div');
      editable.contentEditable = 'true';
      editable.setAttribute('aria-label', 'Scratch editor');
      editable.setAttribute('role', 'textbox');
      document.getElementById('main-content')?.prepend(editable);
    });
    const field = page.getByRole('textbox', { name: 'Scratch field' });
    await field.click();
    const keysSeen = await recordDefaultPrevented(page);
    await page.keyboard.type('gw/gh');
    await page.keyboard.press('Control+k');
    await page.keyboard.press('Control+n');
    await expect(field).toHaveValue('gw/gh');
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await keysSeen()).filter((key) => key.prevented)).toEqual([]);

    const editor = page.getByRole('textbox', { name: 'Scratch editor' });
    await editor.click();
    await page.keyboard.type('gr/');
    await expect(editor).toHaveText('gr/');
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/inbox$/);

    // Out of the field, the same keys act again.
    await field.blur();
    await editor.blur();
    await page.keyboard.press('/');
    await expect(page.getByRole('dialog', { name: 'Search work items' })).toBeVisible();
  });

  test('Escape in a field closes the dialog around it', async ({ page }) => {
    await openShellPage(page, '/inbox');
    await page.getByRole('button', { name: /^Search\b/ }).click();
    const search = page.getByRole('dialog', { name: 'Search work items' });
    await search.getByRole('combobox').fill('plan');
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();
    // Focus goes back to the button that opened it.
    await expect(page.getByRole('button', { name: /^Search\b/ })).toBeFocused();
  });
});

test.describe('global modal opener', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn(demoUsers.owner);
  });

  async function openFromQuickAdd(page: Page, item: string) {
    await page.getByTestId('quick-add').click();
    await page.getByRole('menuitem', { name: item }).click();
  }

  test('Quick Add opens each modal at its size with what it holds', async ({ page }) => {
    await openShellPage(page, '/inbox');
    // New Invoice: the large modal holds the invoice wizard, starting at its participant and period.
    await openFromQuickAdd(page, 'New Invoice');
    const modal = page.getByRole('dialog', { name: 'New Invoice' });
    await expect(modal).toBeVisible();
    await expect(modal).toHaveAttribute('data-size', 'large');
    await expect(modal.getByRole('button', { name: 'Build invoice' })).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('quick-add')).toBeFocused();
    // New Task and New Incident open the Edit Card side panel in create mode with their defaults.
    for (const { item, category, template } of [
      { item: 'New Task', category: 'plan', template: '' },
      { item: 'New Incident', category: 'incident', template: 'incident-report' },
    ]) {
      await openFromQuickAdd(page, item);
      const panel = page.getByRole('dialog', { name: item });
      await expect(panel).toBeVisible();
      await expect(panel.getByLabel('Category')).toHaveValue(category);
      await expect(panel.getByLabel('Template')).toHaveValue(template);
      await panel.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(panel).toBeHidden();
      await expect(page.getByTestId('quick-add')).toBeFocused();
    }
    await openFromQuickAdd(page, 'New Incident');
    await expect(page.getByRole('dialog', { name: 'New Incident' }).getByLabel('Category')).toHaveValue(
      'incident',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The page is usable again after the menu and the panel closed.
    await page.getByRole('link', { name: 'Wattle home' }).click();
    await expect(page).toHaveURL(/\/inbox$/);
  });

  test('a modal opens at once with its title while what it holds loads', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/global-modal-body-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await openShellPage(page, '/inbox');
    await openFromQuickAdd(page, 'Time Entry...');
    const modal = page.getByRole('dialog', { name: 'Add Manual Time Entry' });
    await expect(modal).toBeVisible();
    await expect(modal).toHaveAttribute('data-size', 'small');
    await expect(modal.getByRole('status')).toHaveText('Loading...');

    release();
    await expect(modal.getByLabel('Start time')).toBeVisible();
    await expect(modal.getByRole('status')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('quick-add')).toBeFocused();
  });

  test('the New Task panel opens at once with its title while its code loads', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/edit-card-panel-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await openShellPage(page, '/inbox');
    await page.keyboard.press('Control+n');
    const panel = page.getByRole('dialog', { name: 'New Task' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText('Loading...');

    release();
    await expect(panel.getByLabel('Category')).toHaveValue('plan');
    await expect(panel.getByRole('status')).toHaveCount(0);
    await expect(panel.getByLabel('Title')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  test('New BSP goes to the new plan of the current, the last selected or the first team', async ({
    page,
    apiGet,
  }) => {
    const [sunrise] = (await apiGet<{ id: string; name: string }[]>('/api/tenants')).filter(
      (tenant) => tenant.name === 'Sunrise Support Network',
    );
    const teams = await apiGet<{ slug: string; status: string }[]>('/api/teams', sunrise!.id);
    const active = teams.filter((team) => team.status === 'active');
    expect(active.length).toBeGreaterThan(1);
    const first = active[0]!;
    const second = active[1]!;

    // No team selected yet on this browser: the first team.
    await openShellPage(page, '/inbox');
    await openFromQuickAdd(page, 'New BSP');
    await expect(page).toHaveURL(new RegExp(`/my-teams/${first.slug}/bsp/new$`));

    // On a team's page: that team, which is then the last selected one.
    await page.goto(`/my-teams/${second.slug}/work-board`);
    await openFromQuickAdd(page, 'New BSP');
    await expect(page).toHaveURL(new RegExp(`/my-teams/${second.slug}/bsp/new$`));

    await openShellPage(page, '/inbox');
    await openFromQuickAdd(page, 'New BSP');
    await expect(page).toHaveURL(new RegExp(`/my-teams/${second.slug}/bsp/new$`));
  });

  test('New BSP without any team says a team is needed', async ({ page }) => {
    // The page's reads answered below must be the browser's own, not the first paint's.
    await readsInTheBrowser(page);
    await page.route('**/api/teams', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: [], meta: { total: 0, limit: 100, offset: 0 } }),
      }),
    );
    await openShellPage(page, '/inbox');
    await openFromQuickAdd(page, 'New BSP');
    await expect(page.getByText('A team is needed for a behaviour support plan')).toBeVisible();
    await expect(page).toHaveURL(/\/inbox$/);
  });
});
