import { cardsApi } from './cards-api';
import { demoUsers, expect, expectNoAccessibilityViolations, preferSunrise, test } from './fixtures';

/**
 * The incidents register (issue 16 item 4) against the real server. Olivia (owner) reads the demo
 * register, filters it to reportable incidents (kept in the address) and exports it. Sophie (support
 * worker on Jordan's Care Team) reports an incident the way Quick Add's New Incident does, opens it
 * in the register, marks it reportable (the notification clock starts), adds a follow-up action and
 * records the Commission notification with its reference (the deadline is met). Aria (auditor) reads
 * it without controls; Fiona (family guardian) sees no incident at all.
 */
test.describe('incidents register', () => {
  test('Olivia reads the register, filters to reportable incidents and exports them as CSV', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000);
    await signIn(demoUsers.owner);
    await preferSunrise(page.context(), page.request);
    await page.goto('/incidents');
    await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle('Incidents · Wattle');

    const table = page.getByRole('table', { name: 'Incidents' });
    const fall = page
      .getByTestId('incident-row')
      .filter({ hasText: 'Incident: Jordan hit his head in a fall' });
    await expect(fall).toContainText('Serious injury');
    await expect(fall).toContainText('Jordan Lee');
    await expect(fall).toContainText('Sophie Support');
    // The notification was made (met); the 5-day report is still running.
    await expect(fall.getByTestId('deadline-badge').first()).toHaveAttribute('data-status', 'met');
    await expect(fall.getByTestId('deadline-badge').nth(1)).toContainText(/Due in|Overdue by/);
    await expect(table).toContainText('Incident: Jordan upset at the day program');

    await page.getByLabel('Reportable', { exact: true }).selectOption({ label: 'Reportable' });
    await expect(page).toHaveURL(/reportable=true/);
    await expect(page.getByText('Incident: Jordan upset at the day program')).toHaveCount(0);
    await expect(fall).toBeVisible();
    await expect(page.getByTestId('incidents-csv')).toHaveAttribute(
      'href',
      /\/api\/incidents\.csv\?.*reportable=true/,
    );

    const download = page.waitForEvent('download');
    await page.getByTestId('incidents-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('incidents.csv');
    const csv = await (await file.createReadStream()).toArray();
    const text = Buffer.concat(csv as Buffer[]).toString('utf8');
    expect(text.split('\r\n')[0]).toMatch(
      /^Work item,Title,Participant,Team,Occurred,Category,Severity,Reportable/,
    );
    expect(text).toContain('Incident: Jordan hit his head in a fall');
    expect(text).not.toContain('Incident: Jordan upset at the day program');

    // Coming back to the address shows the register as it was left.
    await page.reload();
    await expect(page.getByLabel('Reportable', { exact: true })).toHaveValue('true');
    await page.screenshot({ path: test.info().outputPath('register.png'), fullPage: true });
    await expectNoAccessibilityViolations(page);
  });

  test('Sophie marks her incident reportable, adds an action and records the Commission notification', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(120_000);
    await signIn(demoUsers.supportWorker);
    await preferSunrise(page.context(), page.request);
    const api = await cardsApi(page.request);
    const title = `Incident: Jordan pushed a housemate ${Date.now()}`;
    await api.create({
      teamId: await api.teamId("Jordan's Care Team"),
      title,
      templateId: 'incident-report',
    });

    await page.goto('/incidents');
    await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: new RegExp(title) }).click();
    const panel = page.getByTestId('incident-detail');
    await expect(panel.getByRole('heading', { name: title })).toBeVisible();
    await expect(page).toHaveURL(/incident=/);
    // A new incident's severity is not assessed (not Low, "no harm") until someone records it.
    await expect(panel.getByLabel('Severity')).toHaveValue('');
    await expect(panel.getByLabel('Severity').locator('option:checked')).toHaveText('Not assessed');
    await expect(page.getByTestId('incident-row').filter({ hasText: title })).toContainText('Not assessed');

    await panel.getByLabel('Reportable incident').check();
    // Saving without a category is refused and nothing is lost.
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByTestId('incident-error')).toHaveText(
      'Choose the reportable category before marking the incident reportable',
    );
    await panel
      .getByLabel('Reportable category')
      .selectOption({ label: 'Unlawful sexual or physical contact' });
    await panel.getByLabel('Severity').selectOption({ label: 'Medium' });
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Incident saved')).toBeVisible();
    const notificationStep = panel.getByTestId('incident-notified-step');
    await expect(notificationStep.getByTestId('deadline-badge')).toHaveAttribute('data-status', 'due-soon');
    await expect(notificationStep.getByTestId('deadline-badge')).toContainText(/Due in (2[0-4]|1\d) h/);
    await expect(panel.getByLabel('Became aware', { exact: true })).not.toHaveValue('');

    await panel.getByLabel('New action').fill('Debrief with the house staff');
    await panel.getByRole('button', { name: 'Add action' }).click();
    await expect(panel.getByTestId('incident-action')).toContainText('Debrief with the house staff');
    // Saved first, then shown checked (the server records when it was done).
    await panel.getByLabel('Done: Debrief with the house staff').click();
    await expect(panel.getByTestId('incident-action')).toContainText('done');

    await panel.getByLabel('Notification reference').fill('NDIS-NOT-E2E-1');
    // Notified when she became aware: the same day and time, typed dd/mm/yyyy and 24-hour.
    await panel
      .getByLabel('Notification made', { exact: true })
      .fill(await panel.getByLabel('Became aware', { exact: true }).inputValue());
    await panel
      .getByLabel('Notification made: time')
      .fill(await panel.getByLabel('Became aware: time').inputValue());
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(notificationStep.getByTestId('deadline-badge')).toHaveAttribute('data-status', 'met');
    await expect(panel.getByLabel('Notification reference')).toHaveValue('NDIS-NOT-E2E-1');
    await page.screenshot({ path: test.info().outputPath('incident-detail.png'), fullPage: true });

    // The register row shows it reportable with the notification met.
    await page.keyboard.press('Escape');
    const row = page.getByTestId('incident-row').filter({ hasText: title });
    await expect(row).toContainText('Unlawful sexual or physical contact');
    await expect(row.getByTestId('deadline-badge').first()).toHaveAttribute('data-status', 'met');
  });

  test('an auditor reads an incident without controls; a family guardian sees none', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000);
    await signIn(demoUsers.auditor);
    await preferSunrise(page.context(), page.request);
    await page.goto('/incidents');
    await page
      .getByRole('button', { name: /Incident: Jordan hit his head in a fall/ })
      .click({ timeout: 30_000 });
    const panel = page.getByTestId('incident-detail');
    await expect(panel.getByText('You can read this incident; your role does not change it.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(panel.getByLabel('Severity')).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Add action' })).toHaveCount(0);

    await signIn(demoUsers.familyGuardian);
    await preferSunrise(page.context(), page.request);
    await page.goto('/incidents');
    await expect(page.getByTestId('incidents-no-access')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Incidents' })).toHaveCount(0);
  });
});
