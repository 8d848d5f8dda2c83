import type { Page } from '@playwright/test';
import type { Card } from '@wattle/domain/cards/schemas';
import { cardsApi } from './cards-api';
import { demoUsers, expect, expectNoAccessibilityViolations, openAs, sunriseOf, test } from './fixtures';

/**
 * /templates-rules (issue 17 item 2) and custom template versions (issue 18 item 6). The done-when
 * story: Sam, the system admin, publishes a template and then a new version of it; Priya, a
 * practitioner of Sunrise, makes a card from the new version and sees the new field, while the card
 * she made from the first version still shows that version. Sam also keeps Sunrise's card billing
 * rules. An owner edits a custom template as a new version, copies and retires one.
 */

/** Opens a section of the template form when it starts closed. */
async function openSectionOf(page: Page, sectionName: RegExp) {
  const section = page.getByTestId('template-form').getByRole('button', { name: sectionName });
  if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
}

test.describe('templates and rules', () => {
  test('Sam publishes a template and a new version; a Sunrise card made from each keeps its own', async ({
    page,
    browser,
    signIn,
  }) => {
    test.setTimeout(150_000);
    const name = `Medication Chart ${Date.now().toString(36)}`;
    await signIn(demoUsers.systemAdmin);
    await page.goto('/templates-rules');
    await expect(page.getByRole('heading', { level: 1, name: 'Templates & Rules' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // Publish version 1.0 with one field.
    await page.getByRole('button', { name: 'Publish template' }).click();
    const publish = page.getByRole('dialog', { name: 'Publish a template' });
    await publish.getByLabel('Template name').fill(name);
    await publish.getByLabel('Category').selectOption({ label: 'Assessment' });
    const first = publish.getByRole('group', { name: 'Field 1', exact: true });
    await first.getByLabel('Field name').fill('Medicine name');
    await first.getByRole('checkbox', { name: 'Required' }).click();
    await publish.getByRole('button', { name: 'Publish version 1.0' }).click();
    await expect(publish).toBeHidden();
    const listed = page.getByTestId('published-template').filter({ hasText: name });
    await expect(listed.getByText('Version 1.0', { exact: true })).toBeVisible();
    await expect(listed).toContainText('published');
    await expect(listed).toContainText('by Sam System');

    // Priya makes a card from version 1.0 (through the API: the UI path is shown for 2.0 below).
    const priya = await openAs(browser, demoUsers.practitioner, '/inbox');
    const priyaCards = await cardsApi(priya.page.request);
    const templates = (await (
      await priya.page.request.get('/api/templates', { headers: { 'X-Tenant-Id': priyaCards.tenantId } })
    ).json()) as { data: { id: string; name: string; version: string }[] };
    const published = templates.data.find((template) => template.name === name);
    expect(published?.version).toBe('1.0');
    const older = await priyaCards.create({
      teamId: await priyaCards.teamId("Jordan's Care Team"),
      title: 'Evening medicines (first chart)',
      templateId: published!.id,
    });
    expect(older.templateVersion).toBe(1);

    // Sam publishes version 2.0, adding a field to the first version's.
    await listed.getByRole('button', { name: 'Publish new version' }).click();
    const next = page.getByRole('dialog', { name: `Publish a new version of ${name}` });
    await expect(next.getByLabel('Template name')).toHaveValue(name);
    await expect(
      next.getByRole('group', { name: 'Field 1', exact: true }).getByLabel('Field name'),
    ).toHaveValue('Medicine name');
    await next.getByRole('button', { name: 'Add field' }).click();
    await next
      .getByRole('group', { name: 'Field 2', exact: true })
      .getByLabel('Field name')
      .fill('Witnessed by');
    await next.getByRole('button', { name: 'Publish version 2.0' }).click();
    await expect(next).toBeHidden();
    await expect(listed.getByText('Version 2.0', { exact: true })).toBeVisible();
    await expect(listed.getByRole('listitem').filter({ hasText: /^1\.0/ })).toContainText('1 field');
    await expect(listed.getByRole('listitem').filter({ hasText: /^2\.0/ })).toContainText('2 fields');
    await expectNoAccessibilityViolations(page);

    // Priya makes a card from it on Jordan's work board and sees the new field.
    const { team } = await sunriseOf(async (path, tenantId) => {
      const response = await priya.page.request.get(path, {
        headers: tenantId ? { 'X-Tenant-Id': tenantId } : {},
      });
      return ((await response.json()) as { data: never }).data;
    });
    const jordan = team("Jordan's Care Team");
    await priya.page.goto(`/my-teams/${jordan.slug}/work-board`);
    await priya.page.getByRole('button', { name: 'New card' }).click();
    const panel = priya.page.getByRole('dialog', { name: 'New Card' });
    await panel.getByLabel('Template', { exact: true }).selectOption({ label: name });
    await panel.getByLabel('Title', { exact: true }).fill('Morning medicines (new chart)');
    await panel.getByRole('button', { name: 'Create Card' }).click();
    await expect(priya.page).toHaveURL(/\/card\/[0-9a-f-]{36}$/);
    const newerId = /\/card\/([0-9a-f-]{36})$/.exec(new URL(priya.page.url()).pathname)![1]!;
    const newer: Card = await priyaCards.card(newerId);
    expect(newer.templateVersion).toBe(2);
    const form = priya.page.getByTestId('template-form');
    await expect(form.getByRole('heading', { name })).toBeVisible();
    await openSectionOf(priya.page, /^Consultation Details/);
    await expect(form.getByText('Witnessed by', { exact: false }).first()).toBeVisible();
    await expect(form).toContainText('2.0');

    // The older card still shows version 1.0: no new field.
    await priya.page.goto(`/card/${older.id}`);
    const olderForm = priya.page.getByTestId('template-form');
    await expect(olderForm.getByRole('heading', { name })).toBeVisible();
    await openSectionOf(priya.page, /^Consultation Details/);
    await expect(olderForm.getByText('Medicine name').first()).toBeVisible();
    await expect(olderForm).toContainText('1.0');
    await expect(olderForm.getByText('Witnessed by')).toHaveCount(0);
    await priya.context.close();
  });

  test("Sam changes Sunrise's card billing rules; others are refused", async ({ page, signIn, apiGet }) => {
    const me = await signIn(demoUsers.systemAdmin);
    expect(me).toBeTruthy();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/templates-rules');
    const section = page.getByRole('region', { name: 'Card billing rules' });
    await section.getByLabel('Organisation').selectOption({ label: 'Sunrise Support Network' });
    await section.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add billing rule' });
    await dialog.getByLabel('Card type').selectOption({ label: 'Behaviour Support Plan' });
    await dialog.getByLabel('Category').selectOption({ label: 'Plan' });
    await dialog.getByLabel('Base rate ($ an hour)').fill('214.41');
    await dialog.getByLabel('Estimated hours').fill('0');
    await dialog.getByLabel('NDIS line item').fill('11-022');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(dialog.getByText('Estimated hours must be more than 0')).toBeVisible();
    await expect(dialog.getByText(/A support item number looks like 01_011_0107_1_1/)).toBeVisible();
    await dialog.getByLabel('Estimated hours').fill('3');
    await dialog.getByLabel('NDIS line item').fill('11_022_0110_7_3');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(dialog).toBeHidden();
    const row = section.getByTestId('billing-rule').filter({ hasText: 'Behaviour Support Plan' });
    await expect(row).toContainText('$214.41 an hour');
    await expect(row).toContainText('11_022_0110_7_3');
    await expectNoAccessibilityViolations(page);

    await row.getByRole('button', { name: /^Change the rule for Behaviour Support Plan/ }).click();
    const change = page.getByRole('dialog', { name: 'Change billing rule' });
    await expect(change.getByLabel('Base rate ($ an hour)')).toHaveValue('214.41');
    await change.getByLabel('Base rate ($ an hour)').fill('220');
    await change.getByRole('button', { name: 'Save rule' }).click();
    await expect(change).toBeHidden();
    await expect(row).toContainText('$220.00 an hour');

    // Read back through the API; an owner of the organisation is refused.
    const sunrise = (await apiGet<{ id: string; name: string }[]>('/api/tenants/directory')).find(
      (t) => t.name === 'Sunrise Support Network',
    )!;
    const rules = await apiGet<{ cardType: string; baseRateCents: number }[]>(
      `/api/platform/tenants/${sunrise.id}/card-billing-rules`,
    );
    expect(rules.find((r) => r.cardType === 'bsp')?.baseRateCents).toBe(22_000);
    await row.getByRole('button', { name: /^Remove the rule for Behaviour Support Plan/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove rule' }).click();
    await expect(row).toHaveCount(0);

    await signIn(demoUsers.owner);
    const refused = await page.request.get(`/api/platform/tenants/${sunrise.id}/card-billing-rules`);
    expect(refused.status()).toBe(403);
  });

  test('an owner edits a custom template as a new version, copies it and retires it', async ({
    page,
    signIn,
    apiGet,
  }) => {
    test.setTimeout(90_000);
    await signIn(demoUsers.owner);
    const { tenantId, team } = await sunriseOf(apiGet);
    const api = await cardsApi(page.request, tenantId);
    const csrf = (await page.request.storageState()).cookies.find((c) => c.name === 'wattle_csrf')!.value;
    const name = `Home Visit ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/templates', {
      headers: { 'X-Tenant-Id': tenantId, 'X-CSRF-Token': decodeURIComponent(csrf) },
      data: {
        name,
        category: 'assessment',
        fields: [
          {
            id: 'visit-notes',
            name: 'Visit notes',
            type: 'text',
            required: true,
            order: 0,
            ndisStandard: false,
          },
        ],
      },
    });
    const template = ((await created.json()) as { data: { id: string } }).data;
    const older = await api.create({
      teamId: team("Jordan's Care Team").id,
      title: 'First home visit',
      templateId: template.id,
    });

    await page.goto('/settings/templates');
    await page.getByRole('button', { name, exact: true }).click();
    const actions = page.getByTestId('template-actions');
    await actions.getByRole('button', { name: 'Edit as new version' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(edit).toContainText('Saving makes version 2.0');
    await edit.getByRole('button', { name: 'Add field' }).click();
    await edit
      .getByRole('group', { name: 'Field 2', exact: true })
      .getByLabel('Field name')
      .fill('Smoke alarm tested');
    await edit.getByRole('button', { name: 'Save as new version' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText(`${name} is now version 2.0.`)).toBeVisible();
    await expect(page.getByTestId('template-details')).toContainText('Version 2.0');
    await expect(page.getByTestId('template-details').getByTestId('template-field')).toHaveCount(2);
    expect((await api.card(older.id)).templateVersion).toBe(1);
    await expectNoAccessibilityViolations(page);

    await actions.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('button', { name: `Copy of ${name}`, exact: true })).toBeVisible();
    await expect(page.getByTestId('template-details').getByRole('heading', { level: 2 })).toHaveText(
      `Copy of ${name}`,
    );

    await page.getByRole('button', { name, exact: true }).click();
    await actions.getByRole('button', { name: 'Retire' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Retire template' }).click();
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    // The copy is retired too, leaving Sunrise's own templates as other tests expect them.
    await page.getByRole('button', { name: `Copy of ${name}`, exact: true }).click();
    await actions.getByRole('button', { name: 'Retire' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Retire template' }).click();
    await expect(page.getByRole('button', { name: `Copy of ${name}`, exact: true })).toHaveCount(0);
    // The card made from version 1.0 still shows it.
    await page.goto(`/card/${older.id}`);
    const form = page.getByTestId('template-form');
    await expect(form.getByRole('heading', { name })).toBeVisible();
    await expect(form).toContainText('1.0');
  });
});
