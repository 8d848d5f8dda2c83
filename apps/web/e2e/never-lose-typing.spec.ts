import type { Locator, Page } from '@playwright/test';
import type { Card } from '@wattle/domain/cards/schemas';
import { type CardsApi, cardsApi, sunriseWithNewCard } from './cards-api';
import { demoUsers, expect, preferSunrise, test } from './fixtures';

/**
 * Issue 18 item 1, "Never lose typing": what is typed into a card's form reaches the server within
 * 2 s, on leaving the page and on closing the tab (a keepalive PATCH); the save status says whether
 * the server has it; leaving with changes that cannot be sent asks first; Save and Ctrl+S always
 * store a draft, and only submitting for review waits for the critical issues.
 */

/** Priya on the page of a new Comprehensive BSP card of Jordan's Care Team (a plan card). */
async function openNewPlanCard(
  page: Page,
  signIn: (email: string) => Promise<unknown>,
  title: string,
): Promise<{ api: CardsApi; card: Card; form: Locator }> {
  await signIn(demoUsers.practitioner);
  const { api, card } = await sunriseWithNewCard(page, { title, templateId: 'comprehensive-bsp' });
  await page.goto(`/card/${card.id}`);
  const form = page.getByTestId('template-form');
  await expect(form.getByRole('heading', { name: 'Comprehensive Behaviour Support Plan' })).toBeVisible({
    timeout: 30_000,
  });
  return { api, card, form };
}

async function openSection(form: Locator, name: string): Promise<void> {
  const trigger = form.getByRole('button', { name: new RegExp(`^${name}`) });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
}

/** Types into the rich-text Practitioner Name field. */
async function typePractitionerName(page: Page, form: Locator, text: string): Promise<void> {
  await openSection(form, 'Practitioner Information');
  await form.getByRole('textbox', { name: 'Practitioner Name' }).click();
  await page.keyboard.type(text);
}

function formStatus(form: Locator): Locator {
  return form.getByTestId('form-save-status');
}

test.describe('never lose typing', () => {
  test('typing left after 3 seconds (a move to the Inbox) is on the server for another team member', async ({
    page,
    signIn,
    browser,
  }) => {
    test.slow();
    const { card, form } = await openNewPlanCard(page, signIn, 'Plan typed then left');
    await expect(formStatus(form)).toHaveText('Auto-saves as you type');
    await typePractitionerName(page, form, 'Dr Priya Left-the-page');
    await page.waitForTimeout(3_000);
    // An in-app navigation: the sidebar's Inbox.
    await page.getByRole('link', { name: 'Inbox' }).first().click();
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible({ timeout: 30_000 });

    // Lee, the team lead, in a browser of his own.
    const lee = await browser.newContext();
    try {
      const login = await lee.request.post('/api/auth/demo/login', { data: { email: demoUsers.teamLead } });
      expect(login.ok()).toBe(true);
      await preferSunrise(lee, lee.request);
      const leeApi = await cardsApi(lee.request);
      await expect
        .poll(async () => (await leeApi.card(card.id)).fieldValues['practitioner-name'] ?? '', {
          timeout: 10_000,
        })
        .toContain('Dr Priya Left-the-page');
    } finally {
      await lee.close();
    }
  });

  test('the form saves within 2 s of the last keystroke and says Saved only once the server has it', async ({
    page,
    signIn,
  }) => {
    test.slow();
    const { api, card, form } = await openNewPlanCard(page, signIn, 'Plan saved within 2 s');
    await typePractitionerName(page, form, 'Dr Priya Two-seconds');
    await expect(formStatus(form)).toHaveText('Saving…');
    await expect(formStatus(form)).toHaveText(/^Saved at /, { timeout: 10_000 });
    expect((await api.card(card.id)).fieldValues['practitioner-name']).toContain('Dr Priya Two-seconds');
  });

  test('typing, then closing the tab within a second, still reaches the server (keepalive)', async ({
    page,
    context,
    signIn,
  }) => {
    test.slow();
    const { card, form } = await openNewPlanCard(page, signIn, 'Plan closed at once');
    await typePractitionerName(page, form, 'Dr Priya Closed-the-tab');
    await page.waitForTimeout(300);
    await page.close();

    const api = await cardsApi(context.request);
    await expect
      .poll(async () => (await api.card(card.id)).fieldValues['practitioner-name'] ?? '', { timeout: 15_000 })
      .toContain('Dr Priya Closed-the-tab');
  });

  test("offline: 'Saved on this device only', and leaving asks first", async ({ page, context, signIn }) => {
    test.slow();
    const { api, card, form } = await openNewPlanCard(page, signIn, 'Plan typed offline');
    await context.setOffline(true);
    await typePractitionerName(page, form, 'Dr Priya Offline');
    await expect(formStatus(form)).toHaveText('Saved on this device only');
    await expect(page.getByTestId('card-detail').getByTestId('save-status')).toHaveText(
      'Saved on this device only',
      { timeout: 10_000 },
    );

    // An in-app navigation asks first; staying keeps the page and the typing.
    await page.getByRole('link', { name: 'Inbox' }).first().click();
    const dialog = page.getByTestId('leave-guard-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You are offline');
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/card/${card.id}$`));
    await expect(form.getByRole('textbox', { name: 'Practitioner Name' })).toHaveText('Dr Priya Offline');

    // Back online: sent, and leaving no longer asks.
    await context.setOffline(false);
    await expect(formStatus(form)).toHaveText(/^Saved at /, { timeout: 15_000 });
    expect((await api.card(card.id)).fieldValues['practitioner-name']).toContain('Dr Priya Offline');
    await page.getByRole('link', { name: 'Inbox' }).first().click();
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('leave-guard-dialog')).toHaveCount(0);
  });

  test('Ctrl+S with critical issues saves a draft and says it cannot be submitted for review yet', async ({
    page,
    signIn,
  }) => {
    test.slow();
    const { api, card, form } = await openNewPlanCard(page, signIn, 'Plan saved as a draft');
    // The practitioner's signature is missing: a critical issue, which no longer disables Save.
    await expect(
      form
        .getByRole('alert')
        .filter({ hasText: 'Critical issues must be resolved before submitting for review' }),
    ).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();

    await typePractitionerName(page, form, 'Dr Priya Draft');
    await page.keyboard.press('ControlOrMeta+S');
    await expect(form.getByTestId('draft-only-notice')).toHaveText(
      "Saved as a draft. It can't be submitted for review until the critical issues are fixed.",
    );
    const saved = await api.card(card.id);
    expect(saved.fieldValues['practitioner-name']).toContain('Dr Priya Draft');
    // A draft: the status did not move.
    expect(saved.status).toBe('draft');
  });
});
