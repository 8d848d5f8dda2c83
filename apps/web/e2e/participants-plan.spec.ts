import type { Page } from '@playwright/test';
import { formatCents } from '@wattle/domain/participants/plans';
import { dayMonthYear } from '@wattle/domain/shared/dates';
import { demoUsers, expect, expectNoAccessibilityViolations, test } from './fixtures';
import { isFull, participantsApi } from './participants-api';

/**
 * The participant page's NDIS plan and budgets (issue 13 part 2), its editor and 'Start a new plan',
 * and what a family guardian sees of their participant, against the real server and demo data.
 */

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

/** yyyy-mm-dd, `days` from today in the demo tenant's time zone (Australia/Sydney, as the server counts). */
function dayFrom(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A yyyy-mm-dd date as the participant screens write it: '14 Mar 2009'. */
function longDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

test.describe('NDIS plan and budgets', () => {
  test('shows the current plan with its budgets, edits it, and records the next plan as upcoming while the current one stays in force', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    const api = await participantsApi(page.request);
    const noah = await api.byName('Noah Williams');
    await page.goto(`/participants/${noah.id}`);

    const plan = card(page, 'NDIS Plan');
    const current = plan.getByTestId('current-plan');
    await expect(current).toContainText('Self-managed');
    await expect(current).toContainText('245 days left');
    await expect(current).toContainText('$21,600.00');
    const budgets = current.getByTestId('budget');
    await expect(budgets).toHaveCount(3);
    await expect(budgets.nth(0)).toContainText('Transport');
    await expect(budgets.nth(0)).toContainText('$1,800.00');
    for (const label of ['Budget', 'Committed', 'Spent', 'Remaining']) {
      await expect(budgets.nth(1)).toContainText(label);
    }
    await expect(budgets.nth(1)).toContainText(
      'Assistance with Social, Economic and Community Participation',
    );
    // Committed: the demo's approved, uninvoiced time for Noah in that category.
    const community = (await api.plan(noah.id))!.budgets.find((budget) => budget.category === '04')!;
    expect(community.committedCents).toBeGreaterThan(0);
    await expect(budgets.nth(1)).toContainText(formatCents(community.committedCents));
    await expect(budgets.nth(1).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      String(community.usedPercent),
    );
    await expect(budgets.nth(1)).toContainText(`${community.usedPercent}% used`);
    await expectNoAccessibilityViolations(page);

    // Edit the plan: plan-managed (the plan manager is then required), a budget changed and one added.
    await plan.getByRole('button', { name: 'Edit plan' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit NDIS Plan' });
    await editor.getByLabel('Management type').selectOption('plan');
    await editor.getByRole('button', { name: 'Save plan' }).click();
    await expect(editor.getByText("Please enter the plan manager's name")).toBeVisible();
    await editor.getByLabel('Name').fill('Clearview Plan Partners');
    await editor.getByLabel('Email').fill('accounts@clearview.example');
    await editor.getByLabel('Amount of budget 1 in dollars').fill('2,000.50');
    await editor.getByRole('button', { name: 'Add budget' }).click();
    await editor.getByLabel('Support category of budget 4').selectOption('15');
    await editor.getByLabel('Amount of budget 4 in dollars').fill('abc');
    await editor.getByRole('button', { name: 'Save plan' }).click();
    await expect(editor.getByText('Enter an amount of $0.00 or more')).toBeVisible();
    await editor.getByLabel('Amount of budget 4 in dollars').fill('3000');
    await expect(editor.getByTestId('plan-total')).toContainText('$24,800.50');
    await editor.getByRole('button', { name: 'Save plan' }).click();
    await expect(editor).toBeHidden();
    await expect(current).toContainText('Plan-managed');
    await expect(current).toContainText('Clearview Plan Partners');
    await expect(current).toContainText('accounts@clearview.example');
    await expect(current).toContainText('$24,800.50');
    await expect(budgets).toHaveCount(4);
    await expect(budgets.nth(3)).toContainText('Improved Daily Living Skills');
    const saved = await api.plan(noah.id);
    expect(saved?.budgets.map((budget) => [budget.category, budget.amountCents])).toEqual([
      ['02', 200_050],
      ['04', 1_560_000],
      ['09', 420_000],
      ['15', 300_000],
    ]);
    const oldPlanEnd = saved!.endDate;

    // A new plan starting after this one ends is upcoming: the current plan stays in force until then.
    await plan.getByRole('button', { name: 'Start a new plan' }).click();
    const starter = page.getByRole('dialog', { name: 'Start a new plan' });
    await expect(starter).toContainText(`starts after the plan ending ${longDate(dayFrom(245))}`);
    await starter.getByLabel('Plan start').fill(dayMonthYear(dayFrom(1)));
    await starter.getByLabel('Plan end').fill(dayMonthYear(dayFrom(0)));
    await starter.getByLabel('Support category of budget 1').selectOption('01');
    await starter.getByLabel('Amount of budget 1 in dollars').fill('50000');
    await starter.getByRole('button', { name: 'Start plan' }).click();
    await expect(starter.getByText('The plan must end after it starts')).toBeVisible();
    await starter.getByLabel('Plan end').fill(dayMonthYear(dayFrom(366)));
    await starter.getByRole('button', { name: 'Start plan' }).click();
    // The plans' dates never overlap: the new plan starts after the current one ends (day 245).
    expect(oldPlanEnd).toBe(dayFrom(245));
    await expect(
      starter.getByText(
        `The new plan must start after the current plan ends (${dayMonthYear(oldPlanEnd)}). If the current plan ended early, change its end date first.`,
      ),
    ).toBeVisible();
    await starter.getByLabel('Plan start').fill(dayMonthYear(dayFrom(246)));
    await starter.getByLabel('Plan end').fill(dayMonthYear(dayFrom(611)));
    await starter.getByRole('button', { name: 'Start plan' }).click();
    await expect(starter).toBeHidden();
    await expect(page.getByText(`New plan saved: it starts on ${longDate(dayFrom(246))}`)).toBeVisible();
    // Still the current plan, as it was.
    await expect(current).toContainText('Plan-managed');
    await expect(current).toContainText('Clearview Plan Partners');
    await expect(current).toContainText('245 days left');
    await expect(current).toContainText('$24,800.50');
    await expect(budgets).toHaveCount(4);
    // The new one shown below it as upcoming, with its own editor.
    const upcoming = plan.getByTestId('upcoming-plan');
    await expect(upcoming).toHaveCount(1);
    await expect(upcoming).toContainText('Upcoming');
    await expect(upcoming).toContainText(`This plan becomes the current one on ${longDate(dayFrom(246))}.`);
    await expect(upcoming.getByText('In 246 days', { exact: true })).toBeVisible();
    await expect(upcoming).toContainText('NDIA-managed');
    await expect(upcoming).toContainText('$50,000.00');
    await expect(upcoming.getByTestId('budget')).toHaveCount(1);
    await upcoming.getByRole('button', { name: 'Edit upcoming plan' }).click();
    const upcomingEditor = page.getByRole('dialog', { name: 'Edit Upcoming NDIS Plan' });
    // Running into the current plan is refused, naming it.
    await upcomingEditor.getByLabel('Plan start').fill(dayMonthYear(dayFrom(245)));
    await upcomingEditor.getByRole('button', { name: 'Save plan' }).click();
    await expect(
      upcomingEditor.getByText(
        `These dates overlap the plan from ${dayMonthYear(saved!.startDate)} to ${dayMonthYear(oldPlanEnd)}. Plans cannot overlap: change that plan's dates first.`,
      ),
    ).toBeVisible();
    await upcomingEditor.getByLabel('Plan start').fill(dayMonthYear(dayFrom(246)));
    await upcomingEditor.getByLabel('Amount of budget 1 in dollars').fill('52000');
    await upcomingEditor.getByRole('button', { name: 'Save plan' }).click();
    await expect(upcomingEditor).toBeHidden();
    await expect(upcoming).toContainText('$52,000.00');
    await expect(current).toContainText('$24,800.50');
    expect((await api.plan(noah.id))?.id).toBe(saved!.id);
    await plan.getByRole('button', { name: 'Earlier plans' }).click();
    await expect(plan.getByText('No earlier plans.')).toBeVisible();
    await expect(plan.getByTestId('earlier-plan')).toHaveCount(0);
    const participant = await api.get(noah.id);
    expect(isFull(participant) && participant.planEndDate).toBe(dayFrom(245));

    // The list shows the current plan's end.
    await page.goto('/participants?q=Noah');
    await expect(page.getByTestId('participant-row')).toContainText(longDate(dayFrom(245)));
  });

  test('a participant without a plan gets their first one', async ({ page, signIn }) => {
    await signIn(demoUsers.admin);
    const api = await participantsApi(page.request);
    const charlotte = await api.byName('Charlotte Davies');
    await page.goto(`/participants/${charlotte.id}`);
    const plan = card(page, 'NDIS Plan');
    await expect(plan).toContainText('No NDIS plan recorded yet.');
    await plan.getByRole('button', { name: 'Add NDIS plan' }).click();
    const editor = page.getByRole('dialog', { name: 'Add NDIS Plan' });
    await editor.getByLabel('Plan start').fill(dayMonthYear(dayFrom(-10)));
    await editor.getByLabel('Plan end').fill(dayMonthYear(dayFrom(20)));
    await editor.getByLabel('Support category of budget 1').selectOption('10');
    await editor.getByLabel('Amount of budget 1 in dollars').fill('7500');
    await editor.getByRole('button', { name: 'Save plan' }).click();
    await expect(editor).toBeHidden();
    await expect(plan.getByTestId('current-plan')).toContainText('20 days left');
    await expect(plan.getByTestId('budget')).toContainText('Finding and Keeping a Job');
    expect((await api.plan(charlotte.id))?.totalCents).toBe(750_000);
  });

  test('readers without write:participants see the plan but no editor', async ({ page, signIn }) => {
    await signIn(demoUsers.supportWorker);
    const api = await participantsApi(page.request);
    const jordan = await api.byName('Jordan Lee');
    await page.goto(`/participants/${jordan.id}`);
    const plan = card(page, 'NDIS Plan');
    await expect(plan.getByTestId('current-plan')).toContainText('NDIA-managed');
    await expect(plan.getByTestId('budget')).toHaveCount(4);
    await expect(plan.getByRole('button', { name: 'Edit plan' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit Participant' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  });
});

test.describe('family guardian', () => {
  test('reads only the summary of their participant: name, goals, alerts and plan dates', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.familyGuardian);
    await page.goto('/inbox');
    await page.getByTestId('participant-line-link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Participant Details' })).toBeVisible();
    await expect(page.getByTestId('participant-name')).toHaveText('Jordan Lee');
    const view = page.getByTestId('participant-summary-view');
    await expect(card(page, 'Support Goals')).toContainText('Travel to school independently');
    await expect(card(page, 'Important Alerts')).toContainText('Severe peanut allergy');
    await expect(card(page, 'NDIS Plan')).toContainText('Plan start');
    await expect(card(page, 'NDIS Plan')).toContainText('Plan end');
    await expect(card(page, 'Team Assignment')).toContainText("Jordan's Care Team");
    // Nothing else reaches them: no NDIS number, date of birth, medical information, budgets or edit.
    await expect(view).not.toContainText('430123456');
    await expect(view).not.toContainText('14 Mar 2009');
    await expect(page.getByText('Medical Information')).toHaveCount(0);
    await expect(page.getByText('Anaphylaxis')).toHaveCount(0);
    await expect(page.getByTestId('budget')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit Participant' })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);

    // The list holds only their participant, without the NDIS number; the form is not theirs.
    await page.goto('/participants');
    await expect(page.getByTestId('participant-link')).toHaveText(['Jordan Lee']);
    await expect(page.getByTestId('participant-row')).not.toContainText('430123456');
    await expect(page.getByRole('link', { name: 'Add Participant' })).toHaveCount(0);
  });
});
