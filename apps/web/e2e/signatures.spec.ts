import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { cardsApi, sunriseWithNewCard } from './cards-api';
import { demoUsers, expect, expectNoAccessibilityViolations, test } from './fixtures';

/**
 * Signatures bound to the signer (issue 18 item 2, decision 0021) in the browser: nobody can sign in
 * another's name (the signer's name is theirs, filled in and not changeable, and the API refuses
 * another with 403); a clinician's signature says who may sign instead of offering the pad; a
 * consent signature is captured in the participant's name and records who captured it; a value
 * changed after signing shows the signature as no longer matching the form.
 */

async function openSignatures(page: Page, cardId: string): Promise<Locator> {
  await page.goto(`/card/${cardId}`);
  const form = page.getByTestId('template-form');
  await expect(form).toBeVisible();
  const trigger = form.getByRole('button', { name: /^Signatures & Dates/ });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  return form;
}

async function signInRequest(request: APIRequestContext, email: string): Promise<void> {
  const response = await request.post('/api/auth/demo/login', { data: { email } });
  expect(response.ok(), await response.text()).toBe(true);
}

const clinicianOnly =
  'Only a clinician (a Practitioner or Therapist on the team, or an organisation admin) may sign "Practitioner Signature".';

test.describe('signatures bound to the signer', () => {
  test("a team lead cannot sign the practitioner's signature, in the form or through the API, but captures a participant's consent", async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000);
    await signIn(demoUsers.teamLead);
    const { api, card } = await sunriseWithNewCard(page, {
      title: 'Behaviour support plan: signing as Lee',
      templateId: 'comprehensive-bsp',
    });
    const form = await openSignatures(page, card.id);

    // The practitioner's signature: who may sign it, and no pad to sign with.
    const practitioner = form.locator('[data-field-id="practitioner-signature"]');
    await expect(practitioner).toContainText(`Not signed. ${clinicianOnly}`);
    await expect(practitioner.getByRole('button', { name: 'Sign' })).toHaveCount(0);
    await expect(practitioner.locator('canvas')).toHaveCount(0);
    await expect(practitioner.getByRole('textbox')).toHaveCount(0);

    // The API refuses the old scenario: Lee signing as "Priya Practitioner".
    const forged = await api.patch(card.id, {
      version: card.version,
      fieldValues: {
        'practitioner-signature': {
          kind: 'typed',
          typed: 'Priya Practitioner',
          signerName: 'Priya Practitioner',
        },
      },
    });
    expect(forged.status()).toBe(403);
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(clinicianOnly);

    // The participant's consent: Lee captures Jordan's signature in Jordan's name, recorded as his capture.
    const consent = form.getByRole('group', { name: 'Participant Consent' });
    await consent.getByRole('tab', { name: 'Type' }).click();
    await expect(consent.getByText(/You are capturing the participant's signature/)).toBeVisible();
    await consent.getByLabel('Typed signature').fill('Jordan Lee');
    await consent.getByLabel('Participant name').fill('Jordan Lee');
    await consent.getByRole('button', { name: 'Sign' }).click();
    await expect(consent).toContainText(/Signed by Jordan Lee, captured by Lee Lead \(Team Lead\) on /);
    await expectNoAccessibilityViolations(page);
    // Save stays held back by the missing practitioner signature; the form saves the draft by itself.
    await expect
      .poll(async () => (await api.card(card.id)).fieldValues['participant-consent'] ?? null, {
        timeout: 45_000,
      })
      .toMatchObject({ signerName: 'Jordan Lee', recordedBy: { name: 'Lee Lead', role: 'Team Lead' } });
    const saved = await api.card(card.id);
    expect(saved.fieldValues['practitioner-signature']).toBeUndefined();
  });

  test("a support worker's own signature is in her name, which cannot be changed; a later change shows it no longer matches", async ({
    page,
    signIn,
    request,
  }) => {
    test.setTimeout(60_000);
    await signIn(demoUsers.supportWorker);
    const { api, card } = await sunriseWithNewCard(page, {
      title: 'Incident report: signing as Sophie',
      templateId: 'incident-report',
      fieldValues: { 'incident-location': 'Kitchen' },
    });
    const form = await openSignatures(page, card.id);
    const signature = form.getByRole('group', { name: 'Reported By' });

    // Her name is filled in and read-only: typing another name changes nothing.
    const signerName = signature.getByLabel('Signer name');
    await expect(signerName).toHaveValue('Sophie Support');
    await expect(signerName).not.toBeEditable();
    await signerName.focus();
    await page.keyboard.type('Priya Practitioner');
    await expect(signerName).toHaveValue('Sophie Support');
    await expect(signature.getByText(/Nobody can sign in another person's name/)).toBeVisible();

    // She draws her signature with the mouse and signs.
    const canvas = signature.getByLabel('Signature drawing area, Reported By');
    await canvas.scrollIntoViewIfNeeded();
    // The drawing pad's code is fetched when the signature opens for drawing.
    await expect(canvas).not.toHaveAttribute('aria-busy', 'true');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, box.y + 20, { steps: 6 });
    await page.mouse.move(box.x + 160, box.y + box.height - 20, { steps: 6 });
    await page.mouse.up();
    await signature.getByRole('button', { name: 'Sign' }).click();
    await expect(signature).toContainText(/Signed by Sophie Support \(Support Worker\) on /);
    await expect(signature).toContainText('Matches the form');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('NDIS Template Saved')).toBeVisible();
    const signed = await api.card(card.id);
    expect(signed.fieldValues['reported-by-signature']).toMatchObject({
      kind: 'drawn',
      signerName: 'Sophie Support',
      recordedBy: { name: 'Sophie Support', role: 'Support Worker' },
    });

    // Lee, elsewhere, changes a signed value: Sophie's signature no longer matches the form.
    await signInRequest(request, demoUsers.teamLead);
    const lee = await cardsApi(request);
    await lee.update(card.id, { version: signed.version, fieldValues: { 'incident-location': 'Garden' } });
    await page.reload();
    const after = await openSignatures(page, card.id);
    const reported = after.getByRole('group', { name: 'Reported By' });
    await expect(reported).toContainText(
      'No longer matches the form: a signed value changed after signing. Sign again.',
    );
    await expect(reported.getByRole('button', { name: 'Clear and sign again' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
});
