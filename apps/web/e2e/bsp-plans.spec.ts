import type { APIRequestContext } from '@playwright/test';
import { dayMonthYear } from '@wattle/domain/shared/dates';
import { findBuiltInTemplate } from '@wattle/domain/templates/built-in-templates';
import type { FieldValues } from '@wattle/domain/templates/schemas';
import { cardsApi } from './cards-api';
import { demoUsers, expect, openAs, preferSunrise, sunriseOf, test } from './fixtures';

/**
 * Behaviour support plans (issue 16 item 1) against the real server. Priya records that Jordan's
 * behaviour support started 40 days ago: with no plan, the BSP home says the interim plan is overdue.
 * She creates an interim plan (prefilled from Jordan's record), fills it, submits and approves it (a
 * practitioner on his team may): the interim deadline is met and the comprehensive plan's is next.
 * Then a plan's two versions are compared side by side, and a family guardian sees only what is
 * shared with family, without any of the steps.
 */

/** A valid value for every required field of the template (signatures typed by Priya, signed in). */
function completeValues(templateId: string): FieldValues {
  const template = findBuiltInTemplate(templateId)!;
  const values: FieldValues = {};
  for (const field of template.fields) {
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
      values[field.id] = { kind: 'typed', typed: 'Priya Practitioner', signerName: 'Priya Practitioner' };
    else if (field.id === 'participant-ndis') values[field.id] = '430123456';
    else if (field.id === 'participant-name') values[field.id] = 'Jordan Lee';
    else values[field.id] = `<p>${text}</p>`;
  }
  return values;
}

/** The plan API as the signed-in person of `request`, in Sunrise (JSON, CSRF header, tenant). */
async function plansApi(request: APIRequestContext, tenantId: string) {
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'wattle_csrf')?.value;
  const headers = { 'X-CSRF-Token': decodeURIComponent(csrf!), 'X-Tenant-Id': tenantId };
  const post = async (path: string, body: unknown) => {
    const response = await request.post(path, { data: body, headers });
    expect(response.ok(), `POST ${path}: ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: { id: string; cardId: string } }).data;
  };
  return {
    create: (teamId: string, kind: 'interim' | 'comprehensive') =>
      post('/api/behaviour-support-plans', { teamId, kind }),
    step: (id: string, step: string, body: unknown = {}) =>
      post(`/api/behaviour-support-plans/${id}/${step}`, body),
  };
}

const daysAgo = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
    new Date(Date.now() - n * 86_400_000),
  );

test.describe('behaviour support plans', () => {
  test.describe.configure({ mode: 'serial' });

  test('Priya records behaviour support for Jordan, writes the overdue interim plan and has it approved', async ({
    page,
    signIn,
    apiGet,
  }) => {
    test.setTimeout(120_000);
    await signIn(demoUsers.practitioner);
    await preferSunrise(page.context(), page.request);
    const { team } = await sunriseOf(apiGet);
    const jordan = team("Jordan's Care Team");
    await page.goto(`/my-teams/${jordan.slug}/bsp`);
    await expect(page.getByRole('heading', { name: 'Behaviour Support Plans', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByText('No behaviour support plan has been written for Jordan Lee yet.'),
    ).toBeVisible();

    // Nothing recorded yet: the form asks when it started.
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(page.getByText('Enter the date behaviour support started')).toBeVisible();
    await page.getByLabel('Behaviour support started on').fill(dayMonthYear(daysAgo(40)));
    await page.getByRole('button', { name: 'Record' }).click();
    const engagement = page.getByTestId('bsp-engagement');
    await expect(engagement).toContainText(
      `Behaviour support started on ${daysAgo(40).split('-').reverse().join('/')}`,
    );
    await expect(page.getByText('Interim plan overdue')).toBeVisible();
    await expect(
      engagement
        .getByRole('listitem')
        .filter({ hasText: 'Interim behaviour support plan' })
        .getByTestId('deadline-badge'),
    ).toHaveAttribute('data-status', 'overdue');

    // A new interim plan: what is filled in from Jordan's record is shown first.
    await page.getByRole('link', { name: 'New plan' }).click();
    await expect(page.getByRole('heading', { name: 'New Behaviour Support Plan', level: 1 })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Interim plan' })).toBeChecked();
    const prefilled = page.getByRole('definition').filter({ hasText: '430123456' });
    await expect(prefilled).toBeVisible();
    await page.getByRole('button', { name: 'Create interim plan' }).click();

    // The plan opens in the template form editor, prefilled.
    await expect(page).toHaveURL(/\/bsp\/[0-9a-f-]+\/edit$/);
    await expect(
      page.getByRole('heading', { name: 'Interim Behaviour Support Plan: Jordan Lee', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Participant Name', exact: true })).toHaveText(
      'Jordan Lee',
    );
    const planId = /\/bsp\/([0-9a-f-]+)\/edit$/.exec(page.url())![1]!;

    // She completes the form (through the card API, as the form editor saves it).
    const cards = await cardsApi(page.request);
    const plan = await apiGet<{ cardId: string }>(`/api/behaviour-support-plans/${planId}`, cards.tenantId);
    const card = await cards.card(plan.cardId);
    await cards.update(card.id, { version: card.version, fieldValues: completeValues('interim-bsp') });

    await page.getByRole('link', { name: 'Back to the plan' }).click();
    await expect(page.getByTestId('bsp-plan-status')).toHaveText('Draft');
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(page.getByTestId('bsp-plan-status')).toHaveText('In review');
    // The form is locked while the plan waits for approval.
    await page.getByRole('link', { name: 'View form' }).click();
    await expect(page.getByText(/Version 1 is waiting for approval/)).toBeVisible();
    await page.getByRole('link', { name: 'Back to the plan' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('bsp-plan-status')).toHaveText('Approved');
    await expect(page.getByText(/Version 1, approved \d\d\/\d\d\/\d{4} by Priya Practitioner/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start new version' })).toBeVisible();

    // Back home: the interim plan is met and the comprehensive plan is what is due next.
    await page.goto(`/my-teams/${jordan.slug}/bsp`);
    await expect(page.getByText('Interim plan overdue')).toHaveCount(0);
    await expect(
      engagement
        .getByRole('listitem')
        .filter({ hasText: 'Interim behaviour support plan' })
        .getByTestId('deadline-badge'),
    ).toHaveAttribute('data-status', 'met');
    await expect(
      engagement
        .getByRole('listitem')
        .filter({ hasText: 'Comprehensive behaviour support plan' })
        .getByTestId('deadline-badge'),
    ).toHaveAttribute('data-status', 'upcoming');
    const row = page
      .getByTestId('bsp-plan-row')
      .filter({ hasText: 'Interim Behaviour Support Plan: Jordan Lee' });
    await expect(row).toContainText('Approved');
    await page.screenshot({ path: '.tmp/bsp/home.png', fullPage: true });
  });

  test('two versions side by side, and a family guardian sees only the plan shared with family', async ({
    page,
    browser,
    signIn,
    apiGet,
  }) => {
    test.setTimeout(120_000);
    await signIn(demoUsers.practitioner);
    await preferSunrise(page.context(), page.request);
    const { tenantId, team } = await sunriseOf(apiGet);
    const jordan = team("Jordan's Care Team");
    const api = await plansApi(page.request, tenantId);
    const cards = await cardsApi(page.request, tenantId);

    // A comprehensive plan approved as version 1, then version 2 changes its teaching strategies.
    const plan = await api.create(jordan.id, 'comprehensive');
    let card = await cards.card(plan.cardId);
    const values = {
      ...completeValues('comprehensive-bsp'),
      'teaching-strategies': '<p>Offer a visual timetable before each change</p>',
    };
    card = await cards.update(card.id, { version: card.version, fieldValues: values });
    await api.step(plan.id, 'submit');
    await api.step(plan.id, 'approve');
    await api.step(plan.id, 'versions', { changeSummary: 'Warn before changes' });
    card = await cards.card(plan.cardId);
    const signatures = Object.fromEntries(
      Object.entries(values).filter(([, v]) => typeof v === 'object' && v !== null),
    );
    await cards.update(card.id, {
      version: card.version,
      fieldValues: {
        ...signatures,
        'teaching-strategies': '<p>Offer a visual timetable and a five-minute warning before each change</p>',
      },
    });

    await page.goto(`/my-teams/${jordan.slug}/bsp/${plan.id}`);
    await expect(page.getByTestId('bsp-plan-status')).toHaveText('Draft', { timeout: 30_000 });
    await expect(page.getByText(/Version 1, approved .* by Priya Practitioner/)).toBeVisible();
    await expect(page.getByTestId('bsp-version-row')).toHaveCount(2);
    const diff = page.getByRole('table', { name: 'Version 1 compared with version 2' });
    const strategies = diff.getByTestId('bsp-diff-row').filter({ hasText: 'Teaching Strategies' });
    await expect(strategies).toContainText('Changed');
    await expect(strategies.locator('ins')).toHaveText(/and a five-minute warning/);
    await expect(strategies.getByRole('cell').first()).toHaveText(
      'Offer a visual timetable before each change',
    );
    // Only the changed fields by default; every field on request.
    const changedRows = await diff.getByTestId('bsp-diff-row').count();
    await page.getByLabel('Show unchanged fields').click();
    await expect.poll(() => diff.getByTestId('bsp-diff-row').count()).toBeGreaterThan(changedRows);
    await page.screenshot({ path: '.tmp/bsp/overview.png', fullPage: true });

    // Shared with family from the overview.
    await page.getByLabel('Share with family').click();
    await expect(page.getByText('Shared with family', { exact: true })).toBeVisible();

    const fiona = await openAs(browser, demoUsers.familyGuardian, `/my-teams/${jordan.slug}/bsp`);
    try {
      const home = fiona.page;
      await expect(home.getByRole('heading', { name: 'Behaviour Support Plans', level: 1 })).toBeVisible({
        timeout: 30_000,
      });
      const rows = home.getByTestId('bsp-plan-row');
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText('Comprehensive Behaviour Support Plan: Jordan Lee');
      // No engagement record, no New plan: that is for the team's staff.
      await expect(home.getByRole('link', { name: 'New plan' })).toHaveCount(0);
      await expect(home.getByTestId('bsp-engagement')).toHaveCount(0);
      await rows.getByRole('link').click();
      await expect(home.getByTestId('bsp-plan-status')).toHaveText('Draft');
      for (const name of ['Submit for approval', 'Approve', 'Reject', 'Start new version']) {
        await expect(home.getByRole('button', { name })).toHaveCount(0);
      }
      await expect(home.getByLabel('Share with family')).toHaveCount(0);
      await home.screenshot({ path: '.tmp/bsp/family.png', fullPage: true });
    } finally {
      await fiona.context.close();
    }
  });
});
