import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type { Card } from '@wattle/domain/cards/schemas';
import type { FieldValues, FormTemplate } from '@wattle/domain/templates/schemas';
import { extractPdfText } from '../../server/src/features/cards/pdf-extract-text';
import { type CardsApi, cardsApi } from './cards-api';
import {
  type ApiGet,
  demoUsers,
  expect,
  expectNoAccessibilityViolations,
  preferSunrise,
  test,
} from './fixtures';

/**
 * The compliance template form on the card page (spec work section 2): auto-save and the local
 * draft, compliance issues after a submit attempt, the Save block while the practitioner's signature
 * is missing, signing, Save, and Export PDF (blocked, then a real PDF read back with pdf.js).
 */

const draftPrefix = 'wattle.formDraft.';

/** Priya, working in Sunrise (she also belongs to Bluegum): the tenant the app opens with, as her last choice. */
async function openInSunrise(page: Page, signIn: (email: string) => Promise<unknown>): Promise<CardsApi> {
  await signIn(demoUsers.practitioner);
  await preferSunrise(page, page.request);
  return cardsApi(page.request);
}

async function findBspCard(apiGet: ApiGet, api: CardsApi): Promise<Card> {
  const teamId = await api.teamId("Jordan's Care Team");
  const cards = await apiGet<Card[]>(
    `/api/cards?teamId=${teamId}&templateId=comprehensive-bsp`,
    api.tenantId,
  );
  // The seeded one: the oldest (other tests add plans of their own).
  const card = [...cards].sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
  expect(card, 'the demo seed has a Comprehensive BSP card for Jordan').toBeDefined();
  return card!;
}

/** A new incident report of Jordan's Care Team, made through the API. */
async function newIncidentReport(api: CardsApi, title: string, idempotencyKey: string): Promise<Card> {
  return api.create(
    { teamId: await api.teamId("Jordan's Care Team"), title, templateId: 'incident-report' },
    { idempotencyKey },
  );
}

/** Opens the card page, then its Edit Card panel: the panel's template form. */
async function openPanelForm(page: Page, card: Card): Promise<Locator> {
  await page.goto(`/card/${card.id}`);
  await expect(page.getByTestId('template-form')).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  return page.locator('[data-testid="template-form"][data-variant="card-panel"]');
}

async function openSection(form: Locator, name: string): Promise<void> {
  const trigger = form.getByRole('button', { name: new RegExp(`^${name}`) });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
}

async function draftKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    (prefix) => Object.keys(window.localStorage).filter((key) => key.startsWith(prefix)),
    draftPrefix,
  );
}

/** The form saved the field: 'Saved at' shows, the server holds the value and no local draft is left. */
async function expectSaved(
  form: Locator,
  api: CardsApi,
  card: Card,
  fieldId: string,
  value: string,
  timeout: number,
) {
  await expect(form.getByText(/^Saved at /)).toBeVisible({ timeout });
  expect((await api.card(card.id)).fieldValues[fieldId]).toContain(value);
  await expect.poll(async () => draftKeys(form.page())).toEqual([]);
}

test.describe('template form', () => {
  test('auto-saves what is typed, keeps it over a reload, and restores a draft left unsaved', async ({
    page,
    signIn,
    apiGet,
  }) => {
    test.setTimeout(150_000);
    const api = await openInSunrise(page, signIn);
    const card = await findBspCard(apiGet, api);
    await page.goto(`/card/${card.id}`);

    const form = page.getByTestId('template-form');
    await expect(form.getByRole('heading', { name: 'Comprehensive Behaviour Support Plan' })).toBeVisible();
    await expect(form.getByText('NDIS Required', { exact: true })).toBeVisible();
    await expect(form.getByText('Auto-saves as you type')).toBeVisible();
    // Only Participant Information is open at first.
    await expect(form.getByRole('button', { name: /^Participant Information/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(form.getByRole('button', { name: /^Practitioner Information/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await openSection(form, 'Practitioner Information');
    const practitionerName = form.getByRole('textbox', { name: 'Practitioner Name' });
    await practitionerName.click();
    await page.keyboard.type('Dr Priya Practitioner');
    await openSection(form, 'Consultation Details');
    await form.getByRole('combobox', { name: 'Consultation Method' }).selectOption('Video call');
    const dateButton = form.getByRole('button', { name: /^Consultation Date/ });
    await expect(dateButton).toHaveText('Pick a date');
    await dateButton.click();
    // The calendar opens on today with focus on it; Enter picks it.
    await expect(page.getByRole('grid')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dateButton).not.toHaveText('Pick a date');
    const pickedDate = (await dateButton.textContent())!.trim();

    // Saved 2 s after the last change (and at once on leaving a field); the local draft then goes.
    await expect(form.getByText(/^Saved at /)).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => draftKeys(page)).toEqual([]);
    const saved = await api.card(card.id);
    expect(saved.fieldValues['practitioner-name']).toContain('Dr Priya Practitioner');
    expect(saved.fieldValues['consultation-method']).toBe('Video call');
    expect(saved.fieldValues['consultation-date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await page.reload();
    await openSection(form, 'Practitioner Information');
    await expect(form.getByRole('textbox', { name: 'Practitioner Name' })).toHaveText(
      'Dr Priya Practitioner',
    );
    await openSection(form, 'Consultation Details');
    await expect(form.getByRole('combobox', { name: 'Consultation Method' })).toHaveValue('Video call');
    await expect(form.getByRole('button', { name: /^Consultation Date/ })).toHaveText(pickedDate);

    // Typed, then reloaded at once: sent as the page goes (keepalive), or else from the local draft
    // when the card opens again; either way it is shown and saved.
    await openSection(form, 'Practitioner Information');
    const registration = form.getByRole('textbox', { name: 'Registration Number' });
    await registration.click();
    await page.keyboard.type('REG-778899');
    await expect.poll(async () => draftKeys(page)).toHaveLength(1);
    await page.reload();
    await openSection(form, 'Practitioner Information');
    await expect(form.getByRole('textbox', { name: 'Registration Number' })).toHaveText('REG-778899');
    // Sent as the page went (then the reloaded form has nothing left to save, and says no 'Saved at')
    // or from the draft after the reload: either way the server has it and no draft is left.
    await expect
      .poll(async () => (await api.card(card.id)).fieldValues['practitioner-registration'], {
        timeout: 15_000,
      })
      .toContain('REG-778899');
    await expect.poll(async () => draftKeys(page)).toEqual([]);
  });

  test('shows issues after a submit attempt, holds back submitting until the practitioner signs, then submits; export blocked', async ({
    page,
    signIn,
    apiGet,
  }) => {
    test.setTimeout(90_000);
    const api = await openInSunrise(page, signIn);
    const card = await findBspCard(apiGet, api);
    await page.goto(`/card/${card.id}`);
    const form = page.getByTestId('template-form');
    const save = form.getByRole('button', { name: 'Save', exact: true });

    // The practitioner's signature is missing: a critical issue, which holds back submitting for
    // review; Save still stores a draft (issue 18).
    const critical = form
      .getByRole('alert')
      .filter({ hasText: 'Critical issues must be resolved before submitting for review' });
    await expect(critical).toContainText('Digital signature required for NDIS compliance');
    await expect(save).toBeEnabled();
    await expect(form.getByText(/fields remaining$/)).toBeVisible();
    // Field issues are not highlighted before a submit attempt.
    await expect(form.getByText(/^Required field ".+" is missing$/)).toHaveCount(0);
    await expectNoAccessibilityViolations(page);

    // Export is blocked while critical or high issues exist, and nothing is downloaded.
    let downloads = 0;
    page.on('download', () => {
      downloads += 1;
    });
    await form.getByRole('button', { name: 'Export PDF' }).click();
    const blocked = page.getByText('Compliance required', { exact: true });
    await expect(blocked).toBeVisible();
    await expect(
      page.getByText(/^Resolve first: Digital signature required for NDIS compliance/),
    ).toBeVisible();
    // The attempt highlights the fields with issues, in the sections it opened.
    await expect(form.getByText(/^Required field ".+" is missing$/).first()).toBeVisible();
    await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // Sign with the keyboard: the Type tab; the typed signature and the signer's name are hers,
    // filled in and not changeable (decision 0021).
    await openSection(form, 'Signatures & Dates');
    const signature = form.getByRole('group', { name: 'Practitioner Signature' });
    await signature.getByRole('tab', { name: 'Type' }).click();
    await expect(signature.getByLabel('Typed signature')).toHaveValue('Priya Practitioner');
    await expect(signature.getByLabel('Signer name')).toHaveValue('Priya Practitioner');
    await expect(signature.getByLabel('Signer name')).not.toBeEditable();
    await signature.getByRole('button', { name: 'Sign' }).click();
    await expect(signature).toContainText(
      /Signed by Priya Practitioner \(Practitioner\) on \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [AP]M/i,
    );
    await expect(signature).toContainText('Matches the form');
    await expect(signature.getByRole('button', { name: 'Clear signature' })).toBeVisible();

    await expect(critical).toHaveCount(0);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('NDIS Template Saved')).toBeVisible();
    await expect(page.getByText('Your changes have been saved successfully.')).toBeVisible();
    await expect(form.getByText(/^Saved at /)).toBeVisible();
    const saved = await api.card(card.id);
    expect(saved.fieldValues['practitioner-signature']).toMatchObject({
      kind: 'typed',
      typed: 'Priya Practitioner',
      signerName: 'Priya Practitioner',
    });
    expect(saved.compliance.issues.some((issue) => issue.severity === 'critical')).toBe(false);
    expect(await draftKeys(page)).toEqual([]);
    expect(downloads).toBe(0);
  });

  test('the Edit Card panel pages the fields 6 at a time, auto-saves after 2 s and sends typing on Cancel without asking', async ({
    page,
    signIn,
    apiGet,
  }) => {
    test.setTimeout(60_000);
    const api = await openInSunrise(page, signIn);
    const card = await findBspCard(apiGet, api);
    const form = await openPanelForm(page, card);
    const pager = form.getByRole('navigation', { name: 'Form pages' });
    await expect(pager).toContainText(/Page 1 of (\d+)/);
    const pages = Number(/Page 1 of (\d+)/.exec((await pager.textContent()) ?? '')?.[1]);
    const template = (await apiGet<FormTemplate[]>('/api/templates', api.tenantId)).find(
      (t) => t.id === 'comprehensive-bsp',
    )!;
    expect(pages).toBe(Math.ceil(template.fields.length / 6));
    // The alert lists 3 issues, the most severe first, then '...and N more'.
    const { issues } = (await api.card(card.id)).compliance;
    const rank = { critical: 0, high: 1, medium: 2 } as const;
    const mostSevere = [...issues].sort((a, b) => rank[a.severity] - rank[b.severity])[0]!;
    const alert = form.getByRole('alert').filter({ hasText: 'Compliance issues' });
    await expect(alert.getByRole('listitem').first()).toHaveText(mostSevere.description);
    await expect(alert).toContainText(`...and ${issues.length - 3} more`);
    await expect(form.locator('[data-field-id]')).toHaveCount(6);
    await expectNoAccessibilityViolations(page);
    await expect(form.getByRole('textbox', { name: 'Participant Name' })).toBeVisible();

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText(`Page 2 of ${pages}`);
    await expect(form.getByRole('textbox', { name: 'Participant Name' })).toHaveCount(0);
    await expect(form.getByRole('group', { name: `Form fields, Page 2 of ${pages}` })).toBeFocused();
    const qualifications = form.getByRole('textbox', { name: 'Qualifications' });
    await qualifications.click();
    await page.keyboard.type('Advanced practitioner, 12 years');

    // Saved 2 s after the last keystroke.
    await expect(form.getByText(/^Saved at /)).toBeVisible({ timeout: 10_000 });
    expect((await api.card(card.id)).fieldValues['practitioner-qualifications']).toContain(
      'Advanced practitioner, 12 years',
    );

    // Typed on, then Cancel at once: what can be sent is sent, not asked about.
    await page.keyboard.type(' in schools');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(form).toHaveCount(0);
    await expect
      .poll(async () => (await api.card(card.id)).fieldValues['practitioner-qualifications'] ?? '')
      .toContain('Advanced practitioner, 12 years in schools');
  });

  test("the AI button drafts a section from the participant's records and applies it as changes", async ({
    page,
    signIn,
    apiGet,
  }) => {
    const api = await openInSunrise(page, signIn);
    const card = await findBspCard(apiGet, api);
    await page.goto(`/card/${card.id}`);
    const form = page.getByTestId('template-form');
    // Only the sections the spec gives an AI button have one.
    await expect(form.getByRole('button', { name: /^AI draft of / })).toHaveCount(4);
    await expect(form.getByRole('button', { name: 'AI draft of Participant Information' })).toHaveCount(0);

    await form.getByRole('button', { name: 'AI draft of Behaviour Assessment' }).click();
    await expect(page.getByText('AI Behaviour Plan Generated')).toBeVisible();
    await expect(
      page.getByText(/^From \d+ assessments?, \d+ incidents? and \d+ previous plans?\.$/),
    ).toBeVisible();
    await expect(form.getByRole('button', { name: /^Behaviour Assessment/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(form.getByRole('textbox', { name: 'Target Behaviours' })).not.toHaveText('');
    // Applied as unsaved changes: mirrored to the local draft until the auto-save.
    await expect.poll(async () => draftKeys(page)).toEqual([`${draftPrefix}${api.tenantId}.${card.id}`]);
  });

  test('a refused auto-save keeps the local draft and says so; the corrected value is saved', async ({
    page,
    signIn,
    apiGet,
  }) => {
    test.setTimeout(60_000);
    const api = await openInSunrise(page, signIn);
    const card = await findBspCard(apiGet, api);
    const form = await openPanelForm(page, card);
    const pager = form.getByRole('navigation', { name: 'Form pages' });
    const name = form.getByRole('textbox', { name: 'Practitioner Name' });
    // Page 1 (with its editors) is shown before looking for the field on it or a later page.
    await expect(form.getByRole('textbox', { name: 'Participant Name' })).toBeVisible();
    while (!(await name.isVisible())) {
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect(form.locator('[data-field-id] [role="status"]')).toHaveCount(0);
    }

    // Over the field's 100 characters: kept with the card all the same, with its compliance issue
    // (spec section 5: medium), so nothing typed stays only in this browser.
    const overMax = 'Dr Priya Practitioner '.repeat(6).trim();
    await name.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(overMax);
    await expectSaved(form, api, card, 'practitioner-name', overMax, 10_000);
    // The section counts the issue at once (the message under the field shows on Save).
    await expect(form.getByText('1 issue').first()).toBeVisible();
    expect((await api.card(card.id)).compliance.issues).toContainEqual(
      expect.objectContaining({
        fieldId: 'practitioner-name',
        description: '"Practitioner Name" must be no more than 100 characters',
      }),
    );

    // Past what any text value holds (20,000 characters): the server refuses it (a real 400, not a
    // simulated failure), and the browser keeps it as a local draft and says so.
    const tooLong = 'x'.repeat(20_001);
    await name.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(tooLong);
    await expect(page.getByText('Auto-save failed')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('Your changes will be saved locally as a draft.')).toBeVisible();
    await expect(form.getByTestId('form-save-status')).toHaveText(/^Failed \(Retry\)/);
    const draft = await page.evaluate(
      (key) =>
        JSON.parse(window.localStorage.getItem(key) ?? 'null') as { values: Record<string, string> } | null,
      `${draftPrefix}${api.tenantId}.${card.id}`,
    );
    expect(draft?.values['practitioner-name']).toContain(tooLong);
    expect((await api.card(card.id)).fieldValues['practitioner-name']).toContain(overMax);

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Dr Priya Practitioner (BSP)');
    await expectSaved(form, api, card, 'practitioner-name', 'Dr Priya Practitioner (BSP)', 10_000);
  });

  test('a field someone else changed while it was being typed is a conflict; Use theirs drops the typed value', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(60_000);
    const api = await openInSunrise(page, signIn);
    const card = await newIncidentReport(
      api,
      'Incident report: conflict',
      `template-form-conflict-${Date.now()}`,
    );

    await page.clock.install();
    await page.goto(`/card/${card.id}`);
    const form = page.getByTestId('template-form');
    // Incident fields sit in Consultation Details (placed by keyword: sectionOfField).
    await openSection(form, 'Consultation Details');
    // Time stands still (no 2 s auto-save) while someone else saves the field.
    await page.clock.pauseAt(Date.now() + 5_000);
    const location = form.getByRole('textbox', { name: 'Incident Location' });
    await location.click();
    await page.keyboard.type('Kitchen at home');
    // The editor hands its text to the form once typing pauses (typingSettleMs): then it is in the
    // local draft; the 2 s auto-save is still far off.
    await page.clock.runFor(500);
    await expect.poll(async () => draftKeys(page)).toHaveLength(1);

    // Someone else saves the same field from the version this page started from.
    await api.update(card.id, {
      version: card.version,
      fieldValues: { 'incident-location': 'Shopping centre' },
    });
    // The typed value stays on screen over theirs until it is saved or given up.
    await expect(location).toHaveText('Kitchen at home');

    await form.getByRole('button', { name: 'Save', exact: true }).click();
    // Half a second on: the toast shows (the auto-save's 2 s are not reached).
    await page.clock.runFor(500);
    await expect(page.getByText('Error Saving Template')).toBeVisible();
    const conflict = page.getByTestId('card-conflict');
    await expect(conflict).toContainText('Incident Location was changed by someone else');
    await expect(conflict).toContainText('Shopping centre');
    await expect(conflict).toContainText('Kitchen at home');
    expect((await api.card(card.id)).fieldValues['incident-location']).toContain('Shopping centre');

    await conflict.getByRole('button', { name: 'Use theirs' }).click();
    await expect(conflict).toHaveCount(0);
    await expect(location).toHaveText('Shopping centre');
    await expect.poll(async () => draftKeys(page)).toEqual([]);
  });

  test('exports a PDF of a filled incident report, and refuses while required fields are empty', async ({
    page,
    signIn,
    apiGet,
  }) => {
    test.setTimeout(60_000);
    const api = await openInSunrise(page, signIn);
    const templates = await apiGet<FormTemplate[]>('/api/templates', api.tenantId);
    const incident = templates.find((t) => t.id === 'incident-report')!;
    const card = await newIncidentReport(
      api,
      'Incident report: e2e export',
      `template-form-e2e-${Date.now()}`,
    );

    await page.goto(`/card/${card.id}`);
    const form = page.getByTestId('template-form');
    await expect(form.getByRole('heading', { name: incident.name })).toBeVisible();
    let downloads = 0;
    page.on('download', () => {
      downloads += 1;
    });
    await form.getByRole('button', { name: 'Export PDF' }).click();
    await expect(page.getByText('Compliance required', { exact: true })).toBeVisible();
    expect(downloads).toBe(0);

    // Every required field filled (through the API), then the export goes through.
    const values: FieldValues = {};
    for (const field of incident.fields) {
      if (!field.required) continue;
      const min = field.validation?.minLength ?? 0;
      const text = `Value for ${field.name}. `
        .repeat(Math.ceil((min + 1) / 20))
        .slice(0, Math.max(min + 5, 20));
      if (field.type === 'date') values[field.id] = '2026-01-15';
      else if (field.type === 'checkbox') values[field.id] = true;
      else if (field.type === 'select') values[field.id] = field.options![0]!;
      else if (field.type === 'multi-select') values[field.id] = [field.options![0]!];
      else if (field.type === 'signature')
        // Priya is signed in: her own signature (the server records the signer and the time).
        values[field.id] = { kind: 'typed', typed: 'Priya Practitioner', signerName: 'Priya Practitioner' };
      else if (field.id === 'participant-ndis') values[field.id] = '430123456';
      else if (field.id === 'incident-time') values[field.id] = '14:30';
      else values[field.id] = `<p>${text}</p>`;
    }
    const patched = await api.update(card.id, { version: card.version, fieldValues: values });

    await page.reload();
    await expect(form.getByText('Complete', { exact: false }).first()).toBeVisible();
    await expect(form.getByText('100% complete')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: 'Export PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages } = await extractPdfText(new Uint8Array(bytes));
    const text = pages.join('\n');
    expect(text).toContain(incident.name);
    expect(text).toContain(card.workItemId);

    // Saved twice by a clinician at 100%: in progress, then pending review, where fields are locked.
    let version = patched.version;
    for (const status of ['in-progress', 'pending-review']) {
      const submitted = await api.update(card.id, { version, submit: true });
      expect(submitted.status).toBe(status);
      version = submitted.version;
    }
    await page.reload();
    await expect(
      form.getByText('This card is Pending Review: its form can no longer be changed.'),
    ).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await expect(form.getByRole('button', { name: /^AI/ })).toHaveCount(0);
    await expect(form.getByRole('textbox', { name: 'Participant Name' })).toHaveAttribute(
      'aria-readonly',
      'true',
    );
    await expect(form.getByRole('textbox', { name: 'NDIS Number' })).toHaveAttribute('readonly', '');
    await expect(form.getByRole('button', { name: 'Export PDF' })).toBeEnabled();
  });
});
