import type { APIRequestContext, Page } from '@playwright/test';
import type { Team } from '@wattle/domain/teams/schemas';
import { cardsApi, sunriseWithNewCard } from './cards-api';
import { demoUsers, expect, preferSunrise, test } from './fixtures';

/**
 * One status per card and offering only what is allowed (issue 18 items 3 and 4, decision 0037):
 * an approved card says Approved in its board column, its card panel and the list; a team lead is
 * not offered an enabled "Submit for review"; the fields "Start work" needs are marked before it is
 * tried; approving asks first, and Cancel keeps everything.
 */

function details(page: Page) {
  return page.getByRole('complementary', { name: 'Details' });
}

/** A new Sunrise team of the signed-in owner's, so its board holds only this test's cards. */
async function newTeam(request: APIRequestContext): Promise<Team> {
  const api = await cardsApi(request);
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  const response = await request.post('/api/teams', {
    data: { name: `One status ${Date.now().toString(36)}` },
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf ?? ''), 'X-Tenant-Id': api.tenantId },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Team }).data;
}

test.describe('one status per card', () => {
  test('an approved card shows Approved in its column, its card panel and the list; approving asks first', async ({
    page,
    signIn,
  }) => {
    // Olivia, the owner, approves plans organisation-wide: a clinician for the workflow.
    await signIn(demoUsers.owner);
    await preferSunrise(page, page.request);
    const team = await newTeam(page.request);
    const api = await cardsApi(page.request);
    const card = await api.create({ teamId: team.id, title: 'Quarterly goals review', templateId: null });
    await api.create({ teamId: team.id, title: 'Draft waits in To Do', templateId: null });

    await page.goto(`/card/${card.id}`);
    const status = page.getByTestId('card-status');
    await expect(status).toHaveText(/Draft/);
    await expect(details(page).getByTestId('ndis-status')).toHaveText('Draft');
    await page.getByRole('button', { name: 'Start work' }).click();
    await expect(status).toHaveText(/In Progress/);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(status).toHaveText(/Pending Review/);
    await expect(details(page).getByTestId('ndis-status')).toHaveText('In Review');

    // Choosing Approved in the Edit Card panel asks first too; Cancel keeps the status.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const editPanel = page.getByRole('dialog');
    await editPanel.getByLabel('Status').selectOption('approved');
    const panelDialog = page.getByRole('alertdialog', { name: 'Approve this card?' });
    await expect(panelDialog).toBeVisible();
    await panelDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(panelDialog).toHaveCount(0);
    await expect(editPanel.getByLabel('Status')).toHaveValue('pending-review');
    await page.keyboard.press('Escape');
    await expect(editPanel).toHaveCount(0);

    // Approve asks first; Cancel keeps the card as it was.
    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Approve this card?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(status).toHaveText(/Pending Review/);
    expect((await api.card(card.id)).status).toBe('pending-review');

    await page.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(status).toHaveText(/Approved/);
    await expect(details(page).getByTestId('ndis-status')).toHaveText('Approved');
    // State is the team's column: Done, where approving put it.
    await expect(details(page).getByLabel('State')).toHaveValue('done');
    await expect(details(page).getByLabel('State').locator('option:checked')).toHaveText('Done · Approved');
    await expect
      .poll(async () => {
        const saved = await api.card(card.id);
        return [saved.status, saved.workflowStateId, saved.state, saved.ndisStatus];
      })
      .toEqual(['approved', 'done', 'done', 'approved']);

    // The Edit Card panel says the same.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByLabel('Status')).toHaveValue('approved');
    await page.keyboard.press('Escape');

    // The board: in Done, named Approved.
    await page.goto(`/my-teams/${team.slug}/work-board`);
    const done = page
      .getByTestId('board-column')
      .filter({ has: page.getByRole('heading', { name: /Done/ }) });
    const tile = done.getByTestId('board-card').filter({ hasText: 'Quarterly goals review' });
    await expect(tile).toBeVisible();
    await expect(tile.getByTestId('board-card-status')).toHaveText('Approved');
    // A draft is not offered a move to Done: the workflow would refuse it, and the dialog says why.
    await page.getByRole('button', { name: 'Move Draft waits in To Do' }).click();
    const move = page.getByRole('dialog', { name: 'Move Draft waits in To Do' });
    await expect(move.getByRole('button', { name: 'Move to Done' })).toBeDisabled();
    await expect(move.getByRole('button', { name: 'Move to In Progress' })).toBeEnabled();
    await expect(move.getByTestId('move-refusals')).toHaveText('Done: Cannot move from Draft to Approved');
    await page.keyboard.press('Escape');

    // The list: Done, Approved.
    await page.goto(`/my-teams/${team.slug}/list`);
    const row = page.getByTestId('list-row').filter({ hasText: 'Quarterly goals review' });
    await expect(row).toContainText('Done');
    await expect(row.getByTestId('list-status')).toHaveText('Approved');
  });

  test('a team lead is not offered an enabled Submit for review, and is told why', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.teamLead);
    const { api, card } = await sunriseWithNewCard(page, { title: 'Lee starts a task', templateId: null });
    await page.goto(`/card/${card.id}`);
    await page.getByRole('button', { name: 'Start work' }).click();
    await expect(page.getByTestId('card-status')).toHaveText(/In Progress/);

    const submit = page.getByRole('button', { name: 'Submit for review' });
    await expect(submit).toBeDisabled();
    await expect(page.getByTestId('workflow-refusals')).toContainText(
      'Submit for review: A clinician must approve this step',
    );
    // The State select offers no column the server would refuse (Done needs an approval).
    await expect(details(page).getByLabel('State').locator('option[value="done"]')).toBeDisabled();
    // The server applies the same rule.
    const refused = await api.patch(card.id, {
      version: (await api.card(card.id)).version,
      status: 'pending-review',
    });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'A clinician must approve this step',
    );
  });

  test('the fields Start work needs are marked before it is tried', async ({ page, signIn }) => {
    await signIn(demoUsers.practitioner);
    const { api, card } = await sunriseWithNewCard(page, {
      title: 'Incident at the pool',
      templateId: 'incident-report',
    });
    const cleared = await api.update(card.id, {
      version: card.version,
      fieldValues: { 'participant-name': null, 'participant-ndis': null },
    });

    await page.goto(`/card/${card.id}`);
    const marks = page.getByTestId('required-to-start');
    await expect(marks).toHaveCount(2);
    await expect(page.getByText('Participant Name').first()).toBeVisible();
    const start = page.getByRole('button', { name: 'Start work' });
    await expect(start).toBeDisabled();
    await expect(page.getByTestId('workflow-refusals')).toContainText(
      'Complete Participant Information and Practitioner Information before starting work',
    );

    await api.update(card.id, {
      version: cleared.version,
      fieldValues: { 'participant-name': 'Jordan Lee', 'participant-ndis': '430123456' },
    });
    await page.reload();
    await expect(start).toBeEnabled();
    await start.click();
    await expect(page.getByTestId('card-status')).toHaveText(/In Progress/);
  });
});
