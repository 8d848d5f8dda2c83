import type { APIRequestContext, Page } from '@playwright/test';
import type { BehaviourAnalytics } from '@wattle/domain/behaviour-analytics/schemas';
import {
  demoUsers,
  expect,
  expectNoAccessibilityViolations,
  preferSunrise,
  sunriseIdOf,
  test,
} from './fixtures';

/**
 * Behaviour Analytics (issue 16 item 5) against the real server and its demo data (six months of
 * Jordan's and Mia's behaviour incidents). Olivia (owner) sees the charts with the API's numbers,
 * changes the period (the charts are fetched again), opens Mia's team page and downloads the CSV;
 * Fiona (family guardian), who reads no incidents, is told there are no charts for her.
 */

/** The days shown under the period picker (dd/mm/yyyy to dd/mm/yyyy), as yyyy-mm-dd. */
async function shownPeriod(page: Page): Promise<{ from: string; to: string }> {
  const text = (await page.getByTestId('analytics-period-days').textContent()) ?? '';
  const [from, to] = text.split(' to ').map((day) => day.trim().split('/').reverse().join('-'));
  return { from: from!, to: to! };
}

async function analyticsOf(
  request: APIRequestContext,
  period: { from: string; to: string },
  teamId?: string,
): Promise<BehaviourAnalytics> {
  const tenantId = await sunriseIdOf(request);
  const query = new URLSearchParams({ ...period, ...(teamId ? { teamId } : {}) });
  const response = await request.get(`/api/behaviour-analytics?${query}`, {
    headers: { 'X-Tenant-Id': tenantId },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: BehaviourAnalytics }).data;
}

/** The totals and the weekday table on the page equal the API's answer. */
async function expectNumbersOf(page: Page, analytics: BehaviourAnalytics): Promise<void> {
  await expect(page.getByTestId('total-incidents')).toHaveText(
    analytics.totals.incidents.toLocaleString('en-AU'),
  );
  await expect(page.getByTestId('total-practice-uses')).toHaveText(
    analytics.totals.practiceUses.toLocaleString('en-AU'),
  );
  const weekdays = page.getByTestId('chart-by-day-of-week');
  const table = weekdays.getByTestId('chart-table');
  if ((await table.getAttribute('open')) === null) await table.getByText('Show table').click();
  for (const day of analytics.byDayOfWeek) {
    await expect(table.getByRole('row', { name: day.label })).toHaveText(
      `${day.label}${day.incidents}${day.practiceUses}`,
    );
  }
}

test.describe('behaviour analytics', () => {
  test('Olivia sees the charts with the API’s numbers, changes the period, opens a team and downloads the CSV', async ({
    page,
    signIn,
  }) => {
    test.slow();
    await signIn(demoUsers.owner);
    await preferSunrise(page, page.request);
    await page.goto('/behavior-analytics');
    await expect(page.getByRole('heading', { name: 'Behaviour Analytics', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveTitle('Behaviour Analytics · Wattle');
    await expect(page.getByLabel('Period', { exact: true })).toHaveValue('90d');

    // The demo's incidents are charted: bars drawn, and the numbers are the API's.
    const ninety = await analyticsOf(page.request, await shownPeriod(page));
    expect(ninety.totals.incidents).toBeGreaterThan(5);
    await expectNumbersOf(page, ninety);
    const overTime = page.getByTestId('chart-over-time');
    await expect(overTime.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByTestId('chart-by-behaviour')).toContainText('Shouting, throwing objects');
    await expect(page.getByTestId('chart-by-antecedent')).toContainText('Unexpected change of room');
    await expectNoAccessibilityViolations(page);

    // A longer period is fetched again, by week.
    const refetched = page.waitForResponse((r) => r.url().includes('/api/behaviour-analytics?'));
    await page.getByLabel('Period', { exact: true }).selectOption('12m');
    await refetched;
    await expect(page).toHaveURL(/period=12m/);
    const year = await analyticsOf(page.request, await shownPeriod(page));
    expect(year.period.bucket).toBe('week');
    expect(year.totals.incidents).toBeGreaterThan(ninety.totals.incidents);
    await expectNumbersOf(page, year);
    await expect(overTime).toContainText('each week');

    // Custom dates: a period with nothing recorded says what to record.
    await page.getByLabel('Period', { exact: true }).selectOption('custom');
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('01/01/2020');
    await page.getByRole('textbox', { name: 'From', exact: true }).press('Tab');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('31/01/2020');
    await page.getByRole('textbox', { name: 'To', exact: true }).press('Tab');
    await expect(page).toHaveURL(/from=2020-01-01.*to=2020-01-31|to=2020-01-31.*from=2020-01-01/);
    await expect(page.getByTestId('total-incidents')).toHaveText('0');
    await expect(page.getByTestId('chart-by-behaviour').getByTestId('chart-empty')).toContainText(
      'Record incidents with a behaviour and antecedent',
    );

    // Mia's team page, the period kept.
    await page.getByLabel('Period', { exact: true }).selectOption('12m');
    await page.getByLabel('Team', { exact: true }).selectOption({ label: "Mia's Care Team" });
    await expect(
      page.getByRole('heading', { name: "Behaviour Analytics: Mia's Care Team", level: 1 }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/behavior-analytics\/[^/?]+\?.*period=12m/);
    const teams = (await (
      await page.request.get('/api/teams', {
        headers: { 'X-Tenant-Id': await sunriseIdOf(page.request) },
      })
    ).json()) as { data: { id: string; name: string }[] };
    const mia = teams.data.find((team) => team.name === "Mia's Care Team")!;
    const miaYear = await analyticsOf(page.request, await shownPeriod(page), mia.id);
    expect(miaYear.totals.incidents).toBeGreaterThan(0);
    expect(miaYear.totals.incidents).toBeLessThan(year.totals.incidents);
    await expectNumbersOf(page, miaYear);
    await expect(page.getByTestId('chart-by-behaviour')).toContainText('Refusing personal care');
    await expect(page.getByTestId('chart-by-behaviour')).not.toContainText('Shouting, throwing objects');

    // The CSV holds every chart's numbers.
    const download = page.waitForEvent('download');
    await page.getByTestId('analytics-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^behaviour-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = Buffer.concat((await (await file.createReadStream()).toArray()) as Buffer[]).toString(
      'utf8',
    );
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('chart,key,label,incidents,restrictive_practice_uses,minutes,unauthorised_uses');
    for (const day of miaYear.byDayOfWeek) {
      expect(lines).toContain(
        `by-day-of-week,${day.key},${day.label},${day.incidents},${day.practiceUses},,`,
      );
    }
    expect(lines.filter((line) => line.startsWith('over-time,'))).toHaveLength(miaYear.overTime.length);

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByTestId('chart-over-time')).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });

  test('Fiona, a family guardian, reads no incidents and is shown no charts', async ({ page, signIn }) => {
    await signIn(demoUsers.familyGuardian);
    await preferSunrise(page, page.request);
    await page.goto('/behavior-analytics');
    await expect(page.getByRole('heading', { name: 'Behaviour Analytics', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('analytics-no-access')).toContainText('does not show incident reports');
    await expect(page.getByTestId('chart-over-time')).toHaveCount(0);
    await expect(page.getByTestId('analytics-csv')).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
  });

  test('the incidents register filters by participant, and an incident records its behaviour and antecedent', async ({
    page,
    signIn,
  }) => {
    test.slow();
    await signIn(demoUsers.owner);
    await preferSunrise(page, page.request);
    await page.goto('/incidents');
    await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Participant', { exact: true }).selectOption({ label: 'Mia Thompson' });
    await expect(page).toHaveURL(/participant=/);
    const rows = page.getByTestId('incident-row');
    await expect(rows.first()).toContainText('Mia Thompson');
    for (const row of await rows.all()) await expect(row).toContainText('Mia Thompson');

    await rows.first().getByRole('button').first().click();
    const panel = page.getByTestId('incident-detail');
    await expect(panel.getByLabel('Behaviour of concern')).toHaveValue(/.+/);
    await panel.getByLabel('Antecedent').fill('Device battery flat at breakfast');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Incident saved')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('incident-detail').getByLabel('Antecedent')).toHaveValue(
      'Device battery flat at breakfast',
    );
  });
});
