import type { APIRequestContext } from '@playwright/test';
import { cardsApi } from './cards-api';
import { demoUsers, expect, openAs, preferSunrise, sunriseOf, test } from './fixtures';
import { completePlanValues } from './plan-values';

/**
 * Behaviour support plans (issue 16 item 1) against the real server: a plan's two versions compared
 * side by side, and a family guardian sees only what is shared with family, without any of the steps.
 * Recording Jordan's behaviour support start, the overdue interim plan, writing, submitting and
 * approving it is the walk of behaviour-support-story.spec.ts, which runs first on the same database
 * (it cannot be walked twice: Jordan's engagement and first approval stay).
 */

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

test.describe('behaviour support plans', () => {
  test.describe.configure({ mode: 'serial' });

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
      ...completePlanValues('comprehensive-bsp'),
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
