import type { Locator, Page } from '@playwright/test';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { cardsApi } from './cards-api';
import { demoUsers, expect, expectNoAccessibilityViolations, sunriseOf, test } from './fixtures';

/**
 * /settings/templates (issue 4: tenant admins add custom templates): the built-in and custom
 * templates with their properties and fields; an owner adds one with three fields and a card made
 * from it shows them; a support worker sees the list without 'Add template'; the schema's messages
 * for a runaway pattern and repeated field ids.
 */

function templateRow(page: Page, name: string): Locator {
  return page.getByTestId('template-row').filter({ has: page.getByRole('button', { name, exact: true }) });
}

function fieldRow(dialog: Locator, index: number): Locator {
  return dialog.getByRole('group', { name: `Field ${index}`, exact: true });
}

test.describe('templates settings', () => {
  test('an owner reads the built-in templates, adds a custom one with three fields, and a card made from it shows them', async ({
    page,
    signIn,
    apiGet,
  }) => {
    test.setTimeout(90_000);
    await signIn(demoUsers.owner);
    const sunrise = await sunriseOf(apiGet);
    const { tenantId } = sunrise;
    await page.goto('/settings/templates');
    await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();

    // The eight built-in templates first, each marked, with its properties.
    const builtIn = page.getByRole('region', { name: /^Built-in/ });
    await expect(builtIn.getByTestId('template-row')).toHaveCount(8);
    const bsp = templateRow(page, 'Comprehensive Behaviour Support Plan');
    await expect(bsp.getByText('Built-in', { exact: true })).toBeVisible();
    await expect(bsp.getByText('NDIS Required', { exact: true })).toBeVisible();
    await expect(bsp).toContainText('21 days');
    await expect(bsp).toContainText('Every 365 days');
    await expect(bsp).toContainText('44 fields');
    await expect(bsp).toContainText('Witness required');
    await expect(bsp).toContainText('Clinician');
    await expect(bsp).toContainText(/Functional Behaviour Assessment/i);
    const incident = templateRow(page, 'Incident Report');
    await expect(incident).toContainText('No review cycle');
    await expect(incident).toContainText('Incident');
    await expect(page.getByText('Select a template to see its fields.')).toBeVisible();

    // Selecting one shows its fields by form section, read-only.
    await bsp.getByRole('button', { name: 'Comprehensive Behaviour Support Plan' }).click();
    const details = page.getByTestId('template-details');
    await expect(
      details.getByRole('heading', { level: 2, name: 'Comprehensive Behaviour Support Plan' }),
    ).toBeVisible();
    await expect(details.getByRole('heading', { name: /^Participant Information/ })).toBeVisible();
    await expect(details.getByRole('heading', { name: /^Signatures & Dates/ })).toBeVisible();
    await expect(details.getByTestId('template-field')).toHaveCount(44);
    const ndis = details.getByTestId('template-field').filter({ hasText: 'participant-ndis' });
    await expect(ndis).toContainText('NDIS Number');
    await expect(ndis).toContainText('Required');
    await expect(ndis).toContainText('^\\d{9}$');
    const method = details.getByTestId('template-field').filter({ hasText: 'consultation-method' });
    await expect(method).toContainText('Face-to-face, Video call, Phone, Written');
    await expect(details.getByRole('heading', { name: 'Required documents' })).toBeVisible();
    await expect(details).toContainText('20 MB');
    await expect(page.getByRole('region', { name: /^Custom/ })).toContainText('No custom templates yet');
    await expectNoAccessibilityViolations(page);

    // Add template: three fields; ids follow the names.
    await page.getByRole('button', { name: 'Add template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New template' });
    await dialog.getByLabel('Template name').fill('Home Visit Check');
    await dialog.getByLabel('Description').fill('A short check at each home visit.');
    await dialog.getByLabel('Category').selectOption({ label: 'Risk' });
    await dialog.getByLabel('Estimated duration (days)').fill('3');
    await dialog.getByLabel('Review cycle (days)').fill('180');
    await dialog.getByRole('checkbox', { name: 'Witness required' }).click();

    const first = fieldRow(dialog, 1);
    await first.getByLabel('Field name').fill('Participant full name');
    await expect(first.getByLabel('Field id')).toHaveValue('participant-full-name');
    await expect(first).toContainText('Shown in Participant Information.');
    await first.getByRole('checkbox', { name: 'Required' }).click();
    await first.getByLabel('Min length').fill('2');
    await first.getByLabel('Max length').fill('100');
    await first.getByLabel('Help text').fill('As on the NDIS plan.');

    await dialog.getByRole('button', { name: 'Add field' }).click();
    const second = fieldRow(dialog, 2);
    await expect(second.getByLabel('Field name')).toBeFocused();
    await page.keyboard.type('Practitioner signature');
    await second.getByLabel('Type').selectOption({ label: 'Signature' });
    await expect(second.getByLabel('Min length')).toHaveCount(0);
    await expect(second).toContainText('Shown in Signatures & Dates.');
    // Who signs it (decision 0021): their own signature by default; this one only a clinician's.
    await expect(second.getByLabel('Who signs')).toHaveValue('self');
    await second.getByRole('checkbox', { name: 'Only a clinician may sign' }).click();

    await dialog.getByRole('button', { name: 'Add field' }).click();
    const third = fieldRow(dialog, 3);
    await third.getByLabel('Field name').fill('Visit method');
    await third.getByLabel('Type').selectOption({ label: 'Select' });
    await third.getByLabel('Options').fill('In person\nPhone\n\nVideo call');

    // Reorder by keyboard: the select moves above the signature, and focus stays on its button.
    const moveUp = dialog.getByRole('button', { name: 'Move field 3 up' });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await expect(fieldRow(dialog, 2).getByLabel('Field name')).toHaveValue('Visit method');
    await expect(fieldRow(dialog, 3).getByLabel('Field name')).toHaveValue('Practitioner signature');
    await expect(dialog.getByRole('button', { name: 'Move field 2 up' })).toBeFocused();

    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Template created', { exact: true })).toBeVisible();
    await expect(page.getByText('Home Visit Check is ready to use.')).toBeVisible();

    // Listed as Custom, selected, with its fields.
    const custom = page.getByRole('region', { name: /^Custom/ });
    const row = templateRow(page, 'Home Visit Check');
    await expect(custom.getByTestId('template-row')).toHaveCount(1);
    await expect(row.getByText('Custom', { exact: true })).toBeVisible();
    await expect(row).toContainText('Risk');
    await expect(row).toContainText('3 days');
    await expect(row).toContainText('Every 180 days');
    await expect(row).toContainText('3 fields');
    await expect(row).toContainText('Witness required');
    await expect(row.getByText('NDIS Required', { exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Home Visit Check' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(details.getByRole('heading', { level: 2, name: 'Home Visit Check' })).toBeVisible();
    await expect(details.getByTestId('template-field')).toHaveCount(3);
    await expect(
      details.getByTestId('template-field').filter({ hasText: 'participant-full-name' }),
    ).toContainText('2–100 characters');
    await expect(
      details.getByTestId('template-field').filter({ hasText: 'practitioner-signature' }),
    ).toContainText('Signed by a clinician, in their own name');

    // The server holds it as typed.
    const templates = await apiGet<FormTemplate[]>('/api/templates', tenantId);
    const created = templates.find((template) => template.name === 'Home Visit Check');
    expect(created).toBeDefined();
    expect(created).toMatchObject({
      isBuiltIn: false,
      tenantId,
      category: 'risk',
      description: 'A short check at each home visit.',
      estimatedDuration: 3,
      complianceRules: { reviewCycle: 180, witnessRequired: true, signatureRequired: false },
    });
    expect(created!.fields).toEqual([
      expect.objectContaining({
        id: 'participant-full-name',
        type: 'text',
        required: true,
        order: 0,
        helpText: 'As on the NDIS plan.',
        validation: { minLength: 2, maxLength: 100 },
      }),
      expect.objectContaining({
        id: 'visit-method',
        type: 'select',
        required: false,
        order: 1,
        options: ['In person', 'Phone', 'Video call'],
      }),
      expect.objectContaining({
        id: 'practitioner-signature',
        type: 'signature',
        order: 2,
        signature: { signer: 'self', requiredRole: 'clinician' },
      }),
    ]);

    // A card made from it (on Jordan's Care Team) shows its fields in the form.
    const card = await (await cardsApi(page.request, tenantId)).create({
      teamId: sunrise.team("Jordan's Care Team").id,
      title: 'Home visit, 3 March',
      templateId: created!.id,
    });
    expect(card.templateId).toBe(created!.id);
    await page.goto(`/card/${card.id}`);
    const form = page.getByTestId('template-form');
    await expect(form.getByRole('heading', { name: 'Home Visit Check' })).toBeVisible();
    await expect(form.getByRole('textbox', { name: /^Participant full name/ })).toBeVisible();
    const consultation = form.getByRole('button', { name: /^Consultation Details/ });
    if ((await consultation.getAttribute('aria-expanded')) !== 'true') await consultation.click();
    const select = form.getByRole('combobox', { name: /^Visit method/ });
    await expect(select).toBeVisible();
    await expect(select.locator('option')).toContainText(['In person', 'Phone', 'Video call']);
    const signatures = form.getByRole('button', { name: /^Signatures & Dates/ });
    if ((await signatures.getAttribute('aria-expanded')) !== 'true') await signatures.click();
    await expect(form.getByRole('group', { name: /^Practitioner signature/ })).toBeVisible();
  });

  test('a runaway pattern and repeated field ids are refused with the schema’s messages, and nothing is created', async ({
    page,
    signIn,
    apiGet,
  }) => {
    await signIn(demoUsers.admin);
    const { tenantId } = await sunriseOf(apiGet);
    const before = (await apiGet<FormTemplate[]>('/api/templates', tenantId)).length;
    await page.goto('/settings/templates');
    await page.getByRole('button', { name: 'Add template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New template' });

    // Nothing typed: the name and the field are asked for.
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(dialog.getByText('Template name is required')).toBeVisible();
    await expect(dialog.getByLabel('Template name')).toBeFocused();
    await expect(dialog.getByText('Some entries need attention: see the messages above.')).toBeVisible();

    await dialog.getByLabel('Template name').fill('Check with a code');
    const first = fieldRow(dialog, 1);
    await first.getByLabel('Field name').fill('Code');
    await first.getByLabel('Pattern').fill('(a+)+');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    const patternError = first.getByText(
      'Use a simple pattern: it must compile and must not repeat a repeated group',
    );
    await expect(patternError).toBeVisible();
    await expect(first.getByLabel('Pattern')).toHaveAttribute('aria-invalid', 'true');
    await expect(first.getByLabel('Pattern')).toBeFocused();
    // Corrected, the message goes as the person types.
    await first.getByLabel('Pattern').fill('^[A-Z]{3}\\d{3}$');
    await expect(patternError).toBeHidden();

    // A second field given the first one's id.
    await dialog.getByRole('button', { name: 'Add field' }).click();
    const second = fieldRow(dialog, 2);
    await second.getByLabel('Field name').fill('Code');
    await expect(second.getByLabel('Field id')).toHaveValue('code-2');
    await second.getByLabel('Field id').fill('code');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Field ids must be unique' })).toBeVisible();
    await expect(first.getByText('Another field has this id')).toBeVisible();
    await expect(second.getByText('Another field has this id')).toBeVisible();

    // A select without options.
    await second.getByLabel('Field id').fill('code-check');
    await second.getByLabel('Type').selectOption({ label: 'Multi-select' });
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(second.getByText('Add at least one option, one per line')).toBeVisible();
    await expect(dialog.getByText('Field ids must be unique')).toHaveCount(0);

    // Closing with something typed asks first; keeping on editing keeps it all.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard this template?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep Editing' }).click();
    await expect(dialog.getByLabel('Template name')).toHaveValue('Check with a code');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add template' })).toBeFocused();

    expect((await apiGet<FormTemplate[]>('/api/templates', tenantId)).length).toBe(before);
  });

  test('a support worker sees the templates but no Add template', async ({ page, signIn }) => {
    await signIn(demoUsers.supportWorker);
    await page.goto('/settings/templates');
    await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Built-in/ }).getByTestId('template-row')).toHaveCount(8);
    await expect(page.getByRole('button', { name: 'Add template' })).toHaveCount(0);
    // The custom ones too (the first test may have added one): listed, with no way to add more.
    await expect(page.getByRole('region', { name: /^Custom/ })).toBeVisible();
    await expect(page.getByText(/Add your own|Add template makes one/)).toHaveCount(0);
    await templateRow(page, 'Debrief Log').getByRole('button', { name: 'Debrief Log' }).click();
    await expect(page.getByTestId('template-details').getByRole('heading', { level: 2 })).toHaveText(
      'Debrief Log',
    );
    await expectNoAccessibilityViolations(page);
  });

  test('at 375 px the list, the details and the New template form fit the screen', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(demoUsers.owner);
    await page.goto('/settings/templates');
    await templateRow(page, 'Risk Management Plan')
      .getByRole('button', { name: 'Risk Management Plan' })
      .click();
    // On a phone the details sit under the list: focus moves to them.
    const heading = page.getByTestId('template-details').getByRole('heading', { level: 2 });
    await expect(heading).toHaveText('Risk Management Plan');
    await expect(heading).toBeFocused();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Add template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New template' });
    await fieldRow(dialog, 1).getByLabel('Type').selectOption({ label: 'Select' });
    await expect(fieldRow(dialog, 1).getByLabel('Options')).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    const widest = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(widest).toBeLessThanOrEqual(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoAccessibilityViolations(page);
  });
});
