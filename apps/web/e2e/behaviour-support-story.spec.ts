import type { BrowserContext, Page } from '@playwright/test';
import type { Incident } from '@wattle/domain/incidents/schemas';
import type { Use } from '@wattle/domain/restrictive-practices/schemas';
import { dayMonthYear } from '@wattle/domain/shared/dates';
import { cardsApi } from './cards-api';
import { demoUsers, expect, openAs, preferSunrise, sunriseOf, test } from './fixtures';
import { completePlanValues } from './plan-values';

/**
 * Issue 16's "done when", as a new user would walk it, against the real server:
 *
 * 1. Priya (practitioner on Jordan's Care Team) records that Jordan's behaviour support started 40
 *    days ago. He has no plan, so the BSP home shows the interim plan overdue.
 * 2. She creates the interim plan (prefilled from Jordan's record), completes it, submits it and
 *    approves it (decision 0025: the team's clinicians approve, the author included). The interim
 *    deadline is met and the comprehensive plan's is the one that runs.
 * 3. Sophie (support worker on Jordan's team) logs a seclusion, which Jordan's register does not
 *    authorise, on his restrictive-practices page. A reportable incident is raised: the incidents
 *    register shows it with its 24-hour notification countdown.
 * 4. Olivia (owner) has been told, and her notice opens the incident.
 *
 * Sophie works on Jordan's team only, so the seclusion is Jordan's (the demo's Mia has her own care
 * team). This walk records Jordan's engagement and approves his first plan, which cannot be undone:
 * bsp-plans.spec.ts starts from where it leaves him.
 */

/** yyyy-mm-dd, n days before today in Sydney. */
const daysAgo = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
    new Date(Date.now() - n * 86_400_000),
  );

/** The deadline badge of one deadline of the engagement panel, by its label. */
const engagementDeadline = (page: Page, label: string) =>
  page
    .getByTestId('bsp-engagement')
    .getByRole('listitem')
    .filter({ hasText: label })
    .getByTestId('deadline-badge');

test('behaviour support, as a new user would: the overdue interim plan, its approval, and an unauthorised seclusion reported', async ({
  page,
  browser,
  signIn,
  apiGet,
}) => {
  test.slow();
  await signIn(demoUsers.practitioner);
  await preferSunrise(page.context(), page.request);
  const { tenantId, team } = await sunriseOf(apiGet);
  const jordan = team("Jordan's Care Team");
  const home = `/my-teams/${jordan.slug}/bsp`;

  await test.step('Priya records that behaviour support started 40 days ago: the interim plan is overdue', async () => {
    await page.goto(home);
    await expect(page.getByRole('heading', { name: 'Behaviour Support Plans', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByText('No behaviour support plan has been written for Jordan Lee yet.'),
    ).toBeVisible();
    await page.getByLabel('Behaviour support started on').fill(dayMonthYear(daysAgo(40)));
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(page.getByTestId('bsp-engagement')).toContainText(
      `Behaviour support started on ${dayMonthYear(daysAgo(40))}`,
    );
    await expect(page.getByText('Interim plan overdue')).toBeVisible();
    await expect(engagementDeadline(page, 'Interim behaviour support plan')).toHaveAttribute(
      'data-status',
      'overdue',
    );
    await expect(engagementDeadline(page, 'Interim behaviour support plan')).toContainText(/Overdue by/);
    await page.screenshot({ path: test.info().outputPath('1-interim-overdue.png'), fullPage: true });
    // The dashboard shows it too, overdue, among the nearest Commission deadlines.
    await page.goto('/dashboard');
    const interim = page
      .getByTestId('tile-deadlines')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Interim behaviour support plan: Jordan Lee' }) });
    await expect(interim.getByTestId('deadline-badge')).toHaveAttribute('data-status', 'overdue', {
      timeout: 30_000,
    });
    await page.screenshot({ path: test.info().outputPath('1b-dashboard-overdue.png'), fullPage: true });
    await page.goto(home);
    await expect(page.getByText('Interim plan overdue')).toBeVisible({ timeout: 30_000 });
  });

  await test.step('she creates the interim plan and has it approved: the comprehensive plan is next', async () => {
    await page.getByRole('link', { name: 'New plan' }).click();
    await expect(page.getByRole('heading', { name: 'New Behaviour Support Plan', level: 1 })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Interim plan' })).toBeChecked();
    await expect(page.getByRole('definition').filter({ hasText: '430123456' })).toBeVisible();
    await page.getByRole('button', { name: 'Create interim plan' }).click();
    await expect(page).toHaveURL(/\/bsp\/[0-9a-f-]+\/edit$/);
    await expect(
      page.getByRole('heading', { name: 'Interim Behaviour Support Plan: Jordan Lee', level: 1 }),
    ).toBeVisible();
    const planId = /\/bsp\/([0-9a-f-]+)\/edit$/.exec(page.url())![1]!;

    // She completes the form (through the card API, as the form editor saves it field by field).
    const cards = await cardsApi(page.request, tenantId);
    const plan = await apiGet<{ cardId: string }>(`/api/behaviour-support-plans/${planId}`, tenantId);
    const card = await cards.card(plan.cardId);
    await cards.update(card.id, { version: card.version, fieldValues: completePlanValues('interim-bsp') });

    await page.getByRole('link', { name: 'Back to the plan' }).click();
    await expect(page.getByTestId('bsp-plan-status')).toHaveText('Draft');
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(page.getByTestId('bsp-plan-status')).toHaveText('In review');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('bsp-plan-status')).toHaveText('Approved');
    await expect(page.getByText(/Version 1, approved \d\d\/\d\d\/\d{4} by Priya Practitioner/)).toBeVisible();

    await page.goto(home);
    await expect(
      page.getByTestId('bsp-plan-row').filter({ hasText: 'Interim Behaviour Support Plan' }),
    ).toContainText('Approved');
    await expect(page.getByText('Interim plan overdue')).toHaveCount(0);
    await expect(engagementDeadline(page, 'Interim behaviour support plan')).toHaveAttribute(
      'data-status',
      'met',
    );
    // Six months from the start: about 140 days remain.
    const comprehensive = engagementDeadline(page, 'Comprehensive behaviour support plan');
    await expect(comprehensive).toHaveAttribute('data-status', 'upcoming');
    await expect(comprehensive).toContainText(/Due in (1[34]\d) days/);
    await page.screenshot({ path: test.info().outputPath('2-comprehensive-next.png'), fullPage: true });
  });

  let sophie: { context: BrowserContext; page: Page } | null = null;
  let olivia: { context: BrowserContext; page: Page } | null = null;
  try {
    const reason = `Shut in his bedroom to stop him running onto the road ${Date.now()}`;
    let incident: Incident | null = null;

    await test.step('Sophie logs an unauthorised seclusion: a reportable incident with a 24-hour countdown', async () => {
      sophie = await openAs(
        browser,
        demoUsers.supportWorker,
        `/my-teams/${jordan.slug}/restrictive-practices`,
      );
      const rp = sophie.page;
      await expect(rp.getByRole('heading', { name: 'Restrictive Practices', level: 1 })).toBeVisible({
        timeout: 30_000,
      });
      await rp.getByRole('button', { name: 'Log a use' }).click();
      const dialog = rp.getByRole('dialog', { name: 'Log a use of a restrictive practice' });
      await dialog.getByLabel('Practice').selectOption({ label: 'Seclusion' });
      await dialog.getByLabel('Minutes').fill('10');
      await dialog.getByLabel('Why was it used?').fill(reason);
      await dialog.getByLabel('Behaviour').fill('Absconding towards traffic');
      await dialog.getByRole('button', { name: 'Log use' }).click();
      const raised = rp.getByTestId('rp-incident-raised');
      await expect(raised).toContainText('A reportable incident was raised');
      await expect(raised).toContainText('within 24 hours');
      await expect(rp.getByTestId('rp-use-row').filter({ hasText: reason })).toContainText('Not authorised');

      // The incident the use raised, as the register answers it.
      const headers = { 'X-Tenant-Id': tenantId };
      const uses = (await (
        await rp.request.get(
          `/api/restrictive-practices/uses?participantId=${jordan.participant!.id}&limit=100`,
          { headers },
        )
      ).json()) as { data: Use[] };
      const use = uses.data.find((u) => u.reason === reason);
      expect(use?.incidentId, 'the use is linked to its incident').toBeTruthy();
      incident = (
        (await (await rp.request.get(`/api/incidents/${use!.incidentId}`, { headers })).json()) as {
          data: Incident;
        }
      ).data;
      expect(incident).toMatchObject({
        reportable: true,
        reportableCategory: 'unauthorised-restrictive-practice',
        awareBy: { name: 'Sophie Support' },
      });

      await rp.goto('/incidents?reportable=true');
      await expect(rp.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible({ timeout: 30_000 });
      const row = rp.getByTestId('incident-row').filter({ hasText: incident!.workItemId });
      await expect(row).toContainText('Unauthorised seclusion: Jordan Lee');
      await expect(row).toContainText('Unauthorised restrictive practice');
      const notification = row.getByTestId('deadline-badge').first();
      await expect(notification).toHaveAttribute('data-status', 'due-soon');
      await expect(notification).toContainText(/Due in (2[0-4]|1\d) h/);
      await rp.screenshot({ path: test.info().outputPath('3-incident-countdown.png'), fullPage: true });
    });

    await test.step('Olivia, the owner, has been told, and her notice opens the incident', async () => {
      olivia = await openAs(browser, demoUsers.owner, '/inbox');
      const inbox = olivia.page;
      await expect(inbox.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible({ timeout: 30_000 });
      const notice = inbox.getByTestId('notification').filter({ hasText: incident!.workItemId });
      await expect(notice).toContainText(
        `Reportable incident ${incident!.workItemId} for Jordan Lee (Unauthorised restrictive practice): notify the NDIS Commission by`,
      );
      await notice.getByRole('link', { name: /^Open incident/ }).click();
      await expect(inbox).toHaveURL(new RegExp(`/incidents\\?incident=${incident!.id}$`));
      const panel = inbox.getByTestId('incident-detail');
      await expect(panel.getByRole('heading', { name: 'Unauthorised seclusion: Jordan Lee' })).toBeVisible({
        timeout: 30_000,
      });
      const countdown = panel.getByTestId('incident-notified-step').getByTestId('deadline-badge');
      await expect(countdown).toContainText(/Due in (2[0-4]|1\d) h/);
      await inbox.screenshot({ path: test.info().outputPath('4-owner-opens-incident.png'), fullPage: true });
    });
  } finally {
    await (sophie as { context: BrowserContext } | null)?.context.close();
    await (olivia as { context: BrowserContext } | null)?.context.close();
  }
});
