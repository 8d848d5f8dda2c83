import type { Page } from '@playwright/test';
import { demoUsers, expect, expectNoAccessibilityViolations, test } from './fixtures';
import { freshNdisNumber, isFull, participantsApi } from './participants-api';

/**
 * The participant screens (issue 13 part 3; spec work section 2 "Participant form"): the form in its
 * three modes with the spec's titles, cards, buttons and messages, the list, the sidebar link and
 * Quick Add's Add Participant, against the real server.
 */

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

test.describe('participant form', () => {
  test('creates a participant with goals and alerts added by Enter, refuses bad input writing nothing, shows what was saved and saves an edit', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    const api = await participantsApi(page.request);
    const ndisNumber = freshNdisNumber();
    const name = `Riley Tran-${ndisNumber.slice(-4)}`;

    await page.goto('/participants/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Participant' })).toBeVisible();
    await expect(page).toHaveTitle('Add New Participant · Wattle');
    await expect(page.getByRole('link', { name: 'Back to Participants' })).toHaveAttribute(
      'href',
      '/participants',
    );
    for (const title of [
      'Basic Information',
      'Emergency Contact',
      'Guardian/Support Person Information',
      'Support Goals',
      'Important Alerts',
      'Summary',
      'Team Assignment',
    ]) {
      await expect(card(page, title)).toBeVisible();
    }
    // New participants start pending: there is no status to choose in create mode.
    await expect(card(page, 'Basic Information').getByLabel('Status')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create Participant' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // Nothing entered: the spec's three messages.
    await page.getByRole('button', { name: 'Create Participant' }).click();
    const basic = card(page, 'Basic Information');
    await expect(basic.getByText('Please enter participant name')).toBeVisible();
    await expect(basic.getByText('Please enter a valid 9-digit NDIS number')).toBeVisible();
    await expect(basic.getByText('Please enter date of birth')).toBeVisible();

    // Eight digits and no date of birth: refused here, and nothing reaches the server.
    await basic.getByLabel('Full Name').fill(name);
    await basic.getByLabel('NDIS Number').fill(ndisNumber.slice(0, 8));
    await page.getByRole('button', { name: 'Create Participant' }).click();
    await expect(basic.getByText('Please enter participant name')).toHaveCount(0);
    await expect(basic.getByText('Please enter a valid 9-digit NDIS number')).toBeVisible();
    await expect(basic.getByText('Please enter date of birth')).toBeVisible();
    await expect(basic.getByLabel('NDIS Number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/participants\/new$/);
    expect((await api.list({ q: name })).total).toBe(0);

    await basic.getByLabel('NDIS Number').fill(ndisNumber);
    await basic.getByLabel('Date of Birth').fill('05/04/2001');
    await basic.getByLabel('Phone').fill('0412 345 678');
    await basic.getByLabel('Address').fill('12 Wattle Street, Parramatta NSW 2150');
    await card(page, 'Emergency Contact').getByLabel('Name').fill('Sam Tran');
    await card(page, 'Emergency Contact').getByLabel('Relationship').fill('Brother');
    const guardian = card(page, 'Guardian/Support Person Information');
    await guardian.getByLabel('Name').fill('Kim Tran');
    await guardian.getByLabel('Relationship').fill('Mother');
    await guardian.getByLabel('Email').fill('kim.tran@family.example');

    // Goals and alerts: Enter adds one (and does not send the form), the button another; each can go.
    const goals = card(page, 'Support Goals');
    await goals.getByLabel('New support goal').fill('Catch the bus to TAFE alone');
    await goals.getByLabel('New support goal').press('Enter');
    await goals.getByLabel('New support goal').fill('   ');
    await goals.getByLabel('New support goal').press('Enter');
    await goals.getByLabel('New support goal').fill('Cook dinner once a week');
    await goals.getByRole('button', { name: 'Add goal' }).click();
    await goals.getByLabel('New support goal').fill('A goal to take back');
    await goals.getByLabel('New support goal').press('Enter');
    await goals.getByRole('button', { name: 'Remove goal: A goal to take back' }).click();
    await expect(goals.getByTestId('goal-entry')).toHaveText([
      'Catch the bus to TAFE alone',
      'Cook dinner once a week',
    ]);
    const alerts = card(page, 'Important Alerts');
    await alerts.getByLabel('New important alert').fill('Severe bee sting allergy: EpiPen in bag');
    await alerts.getByLabel('New important alert').press('Enter');
    await expect(page).toHaveURL(/\/participants\/new$/);

    const summary = card(page, 'Summary');
    await expect(summary.getByTestId('participant-initials')).toHaveText('RT');
    await expect(summary).toContainText('2 goals');
    await expect(summary).toContainText('1 alert');
    await expect(summary).toContainText('5 Apr 2001');

    await page.getByRole('button', { name: 'Create Participant' }).click();
    await expect(page).toHaveURL(/\/participants\/[0-9a-f-]{36}$/);
    await expect(toast(page, 'Participant created')).toBeVisible();

    // View mode: what was saved, read back from the server.
    await expect(page.getByRole('heading', { level: 1, name: 'Participant Details' })).toBeVisible();
    await expect(page.getByTestId('participant-name')).toHaveText(name);
    await expect(page.getByTestId('participant-status').first()).toHaveText('Pending');
    const shown = card(page, 'Basic Information');
    await expect(shown).toContainText(ndisNumber);
    await expect(shown).toContainText('5 Apr 2001');
    await expect(shown).toContainText('0412 345 678');
    await expect(card(page, 'Guardian/Support Person Information')).toContainText('kim.tran@family.example');
    await expect(card(page, 'Support Goals').getByRole('listitem')).toHaveText([
      'Catch the bus to TAFE alone',
      'Cook dinner once a week',
    ]);
    await expect(card(page, 'Important Alerts')).toContainText('Severe bee sting allergy: EpiPen in bag');
    await expect(card(page, 'Team Assignment')).toContainText('Not assigned to a care team.');
    const id = page.url().split('/').pop()!;
    const saved = await api.get(id);
    expect(isFull(saved) && saved.goals).toEqual(['Catch the bus to TAFE alone', 'Cook dinner once a week']);
    expect(isFull(saved) && saved.status).toBe('pending');
    await expectNoAccessibilityViolations(page);

    // Edit mode: the status appears; the change is saved and shown.
    await page.getByRole('link', { name: 'Edit Participant' }).click();
    await expect(page).toHaveURL(new RegExp(`/participants/${id}/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Participant' })).toBeVisible();
    const editBasic = card(page, 'Basic Information');
    await expect(editBasic.getByLabel('Full Name')).toHaveValue(name);
    await editBasic.getByLabel('Status').selectOption('active');
    await editBasic.getByLabel('Phone').fill('0499 000 111');
    await card(page, 'Support Goals')
      .getByRole('button', { name: 'Remove goal: Cook dinner once a week' })
      .click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/participants/${id}$`));
    await expect(toast(page, 'Changes saved')).toBeVisible();
    await expect(page.getByTestId('participant-status').first()).toHaveText('Active');
    await expect(card(page, 'Basic Information')).toContainText('0499 000 111');
    await expect(card(page, 'Support Goals').getByRole('listitem')).toHaveText([
      'Catch the bus to TAFE alone',
    ]);
    const edited = await api.get(id);
    expect(isFull(edited) && [edited.status, edited.phone, edited.goals, edited.version]).toEqual([
      'active',
      '0499 000 111',
      ['Catch the bus to TAFE alone'],
      2,
    ]);
  });

  test('names the holder of a taken NDIS number on the field and keeps what was typed through a reload', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    const api = await participantsApi(page.request);
    await page.goto('/participants/new');
    const basic = card(page, 'Basic Information');
    await basic.getByLabel('Full Name').fill('Jordan Double');
    await basic.getByLabel('NDIS Number').fill('430123456');
    await basic.getByLabel('Date of Birth').fill('01/01/2010');
    await card(page, 'Support Goals').getByLabel('New support goal').fill('Keep this goal');
    await card(page, 'Support Goals').getByLabel('New support goal').press('Enter');
    await page.getByRole('button', { name: 'Create Participant' }).click();
    await expect(basic.getByText('NDIS number 430123456 already belongs to Jordan Lee')).toBeVisible();
    await expect(basic.getByRole('link', { name: 'Open Jordan Lee' })).toBeVisible();
    expect((await api.list({ q: 'Jordan Double' })).total).toBe(0);

    // Never lose typing: a reload brings the form back as it was.
    await page.reload();
    await expect(page.getByTestId('draft-restored')).toBeVisible();
    await expect(card(page, 'Basic Information').getByLabel('Full Name')).toHaveValue('Jordan Double');
    await expect(card(page, 'Support Goals').getByTestId('goal-entry')).toHaveText(['Keep this goal']);
    // Cancel asks, then forgets the draft.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard Changes' }).click();
    await expect(page).toHaveURL(/\/participants$/);
    await page.goto('/participants/new');
    await expect(card(page, 'Basic Information').getByLabel('Full Name')).toHaveValue('');
    await expect(page.getByTestId('draft-restored')).toHaveCount(0);
  });

  test('someone else’s save while editing: says so, reloads theirs and keeps what was typed', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    const api = await participantsApi(page.request);
    const noah = await api.byName('Noah Williams');
    const before = await api.get(noah.id);
    if (!isFull(before)) throw new Error('the owner reads the full record');

    await page.goto(`/participants/${noah.id}/edit`);
    const basic = card(page, 'Basic Information');
    await expect(basic.getByLabel('Full Name')).toHaveValue('Noah Williams');
    await basic.getByLabel('Phone').fill('0400 111 222');
    // Meanwhile someone else changes the address.
    const other = await api.patch(noah.id, {
      version: before.version,
      address: '9 Gum Tree Lane, Penrith NSW 2750',
    });
    expect(other.ok(), await other.text()).toBe(true);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const conflict = page.getByTestId('participant-conflict');
    await expect(conflict).toContainText('Someone else changed this participant');
    await expect(conflict).toContainText('Address');
    await conflict.getByRole('button', { name: 'Reload their version' }).click();
    await expect(basic.getByLabel('Phone')).toHaveValue('0400 111 222');
    await expect(basic.getByLabel('Address')).toHaveValue('9 Gum Tree Lane, Penrith NSW 2750');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/participants/${noah.id}$`));
    const after = await api.get(noah.id);
    expect(isFull(after) && [after.phone, after.address]).toEqual([
      '0400 111 222',
      '9 Gum Tree Lane, Penrith NSW 2750',
    ]);
  });
});

test.describe('participant list', () => {
  test('searches, sorts by the server and opens a row', async ({ page, signIn }) => {
    // Three sorts, three searches and a row opened: more than 30 s on a busy machine.
    test.slow();
    await signIn(demoUsers.owner);
    await page.goto('/participants');
    await expect(page.getByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Participant' })).toHaveAttribute(
      'href',
      '/participants/new',
    );
    const table = page.getByRole('table', { name: 'Participants' });
    const names = table.getByTestId('participant-link');
    await expect(names.first()).toBeVisible();
    for (const column of ['Name', 'NDIS Number', 'Status', 'Team', 'Plan End', 'Alerts']) {
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    }
    await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    const ascending = await names.allTextContents();
    expect(ascending).toEqual(
      [...ascending].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    await expectNoAccessibilityViolations(page);

    // Name, Z to A.
    await table.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(page).toHaveURL(/order=desc/);
    // The server's last name, Z to A: other tests' participants may fill more than the first page.
    const api = await participantsApi(page.request);
    const byNameDescending = await api.list({ sort: 'name', order: 'desc', limit: '1' });
    await expect(names.first()).toHaveText(byNameDescending.data[0]!.name);

    // Plan end, soonest first, as the server sorts it (other tests may have changed plans).
    await table.getByRole('columnheader', { name: 'Plan End' }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=planEnd/);
    await expect(table.getByRole('columnheader', { name: 'Plan End' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const planEnds = await table
      .locator('tbody time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
    expect(planEnds.length).toBeGreaterThan(2);
    expect(planEnds).toEqual([...planEnds].sort());
    const bySoonest = await api.list({ sort: 'planEnd', order: 'asc', limit: '5' });
    await expect(names.first()).toHaveText(bySoonest.data[0]!.name);

    // The search asks the server once typing pauses.
    await page.getByLabel('Search participants').fill('jord');
    await expect(page).toHaveURL(/q=jord/);
    await expect(names).toHaveText(['Jordan Lee']);
    await expect(page.getByTestId('participant-count')).toHaveText('1 participant');
    const row = table.getByTestId('participant-row').first();
    await expect(row).toContainText('430123456');
    await expect(row).toContainText("Jordan's Care Team");
    await page.getByLabel('Search participants').fill('431987');
    await expect(names).toHaveText(['Mia Thompson']);
    await page.getByLabel('Search participants').fill('nobody-by-this-name');
    await expect(page.getByTestId('participants-empty')).toContainText(
      'No participants match these filters.',
    );
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(names.first()).toBeVisible();

    // A row opens its participant; the back link returns to the list as it was left.
    await page.getByLabel('Search participants').fill('Mia');
    await expect(names).toHaveText(['Mia Thompson']);
    await table.getByTestId('participant-row').first().getByRole('cell').nth(2).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Participant Details' })).toBeVisible();
    await expect(page.getByTestId('participant-name')).toHaveText('Mia Thompson');
    await page.goBack();
    await expect(page.getByLabel('Search participants')).toHaveValue('Mia');
    await expect(names).toHaveText(['Mia Thompson']);
  });

  test('fetches further pages as the table scrolls, rendering only the rows in sight', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    const api = await participantsApi(page.request);
    // More than one request's page (100 rows), all found by one search.
    const count = 130;
    for (let start = 0; start < count; start += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, count - start) }, (_, offset) => {
          const n = String(start + offset + 1).padStart(3, '0');
          return api.create({
            name: `Scrolling Person ${n}`,
            ndisNumber: freshNdisNumber(),
            dateOfBirth: '1990-01-01',
          });
        }),
      );
    }
    await page.goto('/participants?q=Scrolling%20Person');
    await expect(page.getByTestId('participant-count')).toHaveText(`${count} participants`);
    const table = page.getByRole('table', { name: 'Participants' });
    await expect(table).toHaveAttribute('aria-rowcount', String(count + 1));
    await expect(table.getByTestId('participant-link').first()).toHaveText('Scrolling Person 001');
    // Only what is in sight (and a few more) is in the page.
    expect(await table.getByTestId('participant-row').count()).toBeLessThan(50);

    const scroller = page.getByTestId('participant-scroll');
    for (let i = 0; i < 10; i++) {
      await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      if (await table.getByText(`Scrolling Person ${count}`, { exact: true }).isVisible()) break;
      await page.waitForTimeout(200);
    }
    await expect(table.getByText(`Scrolling Person ${count}`, { exact: true })).toBeVisible();
    expect(await table.getByTestId('participant-row').count()).toBeLessThan(50);
  });

  test('archives a participant with a confirmation, lists them under Archived only, and restores them', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    const api = await participantsApi(page.request);
    const charlotte = await api.byName('Charlotte Davies');
    await page.goto(`/participants/${charlotte.id}`);
    await page.getByRole('button', { name: 'Archive' }).click();
    const confirm = page.getByTestId('archive-confirm');
    await expect(confirm).toContainText('Archive Charlotte Davies?');
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByTestId('participant-archived')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Participant' })).toHaveCount(0);

    await page.goto('/participants?q=Charlotte');
    await expect(page.getByTestId('participants-empty')).toBeVisible();
    await page.getByLabel('Archived only').check();
    await expect(page.getByTestId('participant-link')).toHaveText(['Charlotte Davies']);
    await page.getByTestId('participant-link').click();
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByTestId('archive-confirm').getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByTestId('participant-archived')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit Participant' })).toBeVisible();
    expect((await api.list({ q: 'Charlotte' })).total).toBe(1);
  });
});

test.describe('participant entry points', () => {
  test('the sidebar links Participants for those who read participants, not for a family guardian', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.supportWorker);
    await page.goto('/inbox');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Participants' }).click();
    await expect(page).toHaveURL(/\/participants$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Participants' })).toHaveAttribute('aria-current', 'page');
    // A support worker reads the participants of their team and adds none.
    await expect(page.getByTestId('participant-link')).toHaveText(['Jordan Lee']);
    await expect(page.getByRole('link', { name: 'Add Participant' })).toHaveCount(0);

    await signIn(demoUsers.familyGuardian);
    await page.goto('/inbox');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Participants' }),
    ).toHaveCount(0);
  });

  test('Quick Add → Add Participant opens the create form in the medium modal and then the new participant', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    const ndisNumber = freshNdisNumber();
    await page.goto('/inbox');
    await page.getByTestId('quick-add').click();
    await page.getByRole('menuitem', { name: 'Add Participant' }).click();
    const modal = page.getByRole('dialog', { name: 'Add New Participant' });
    await expect(modal).toBeVisible();
    await expect(modal).toHaveAttribute('data-size', 'medium');
    await expect(modal.getByTestId('coming-soon')).toHaveCount(0);
    await modal.getByRole('button', { name: 'Create Participant' }).click();
    await expect(modal.getByText('Please enter participant name')).toBeVisible();
    await modal.getByLabel('Full Name').fill('Quinn Modal');
    await modal.getByLabel('NDIS Number').fill(ndisNumber);
    await modal.getByLabel('Date of Birth').fill('30/09/1995');
    await modal.getByLabel('New important alert').fill('Needs a hearing loop');
    await modal.getByLabel('New important alert').press('Enter');
    await modal.getByRole('button', { name: 'Create Participant' }).click();
    await expect(page).toHaveURL(/\/participants\/[0-9a-f-]{36}$/);
    await expect(modal).toBeHidden();
    await expect(toast(page, 'Participant created')).toBeVisible();
    await expect(page.getByTestId('participant-name')).toHaveText('Quinn Modal');
    await expect(card(page, 'Important Alerts')).toContainText('Needs a hearing loop');

    // A support worker may not add participants: Quick Add does not offer it.
    await signIn(demoUsers.supportWorker);
    await page.goto('/inbox');
    await page.getByTestId('quick-add').click();
    await expect(page.getByRole('menuitem', { name: 'New Task' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Add Participant' })).toHaveCount(0);
  });

  test('a team page links its participant, and a card picks and links its participant', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    const api = await participantsApi(page.request);
    const jordan = await api.byName('Jordan Lee');
    const charlotte = await api.byName('Charlotte Davies');
    await page.goto(`/my-teams/${jordan.teamSlug}/work-board`);
    await page.getByTestId('participant-line-link').click();
    await expect(page).toHaveURL(new RegExp(`/participants/${jordan.id}$`));

    const cards = await page.request.get(`/api/cards?teamId=${jordan.teamId}&limit=1`, {
      headers: { 'X-Tenant-Id': api.tenantId },
    });
    const [first] = ((await cards.json()) as { data: { id: string; participantId: string | null }[] }).data;
    await page.goto(`/card/${first!.id}`);
    const details = page.getByRole('complementary', { name: 'Details' });
    await expect(details.getByTestId('card-participant-link')).toHaveText('Jordan Lee');
    await details.getByTestId('card-participant-change').click();
    await page.getByPlaceholder('Name or NDIS number').fill('Charlotte');
    await page.getByRole('button', { name: /Charlotte Davies/ }).click();
    await expect(page.getByText('Changed Participant.')).toBeVisible();
    await expect(details.getByTestId('card-participant-link')).toHaveText('Charlotte Davies');
    await expect
      .poll(async () => {
        const response = await page.request.get(`/api/cards/${first!.id}`, {
          headers: { 'X-Tenant-Id': api.tenantId },
        });
        return ((await response.json()) as { data: { participantId: string } }).data.participantId;
      })
      .toBe(charlotte.id);
    await details.getByTestId('card-participant-link').click();
    await expect(page).toHaveURL(new RegExp(`/participants/${charlotte.id}$`));
    await expect(card(page, 'Cards').getByTestId('participant-card')).toHaveCount(1);
  });
});
