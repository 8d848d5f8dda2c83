import type { Page } from '@playwright/test';
import type { ParticipantListItem } from '@wattle/domain/participants/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { freshNdisNumber, tenantApi } from './care-team-api';
import { demoUsers, expect, test } from './fixtures';

/**
 * The wizard's refusals (spec work section 5, "Wizard"), each on its step with the spec's message,
 * and a refusal from the server at step 3 that leaves no participant or team behind and loses nothing
 * typed.
 */

async function openWizard(page: Page) {
  await page.goto('/teams');
  await page.getByRole('button', { name: 'Create Care Team' }).click();
  const drawer = page.getByTestId('create-care-team-drawer');
  await expect(drawer.getByRole('heading', { name: 'Add New Participant' })).toBeVisible();
  return drawer;
}

test.describe('care team wizard refusals', () => {
  test('each step refuses what the spec refuses, with its messages', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    const drawer = await openWizard(page);

    // Step 1: an NDIS number of 8 digits, no date of birth, no name.
    await drawer.getByLabel('NDIS Number').fill('43123456');
    await drawer.getByRole('button', { name: 'Next: Team Setup' }).click();
    await expect(drawer.getByText('Please enter participant name')).toBeVisible();
    await expect(drawer.getByText('Please enter a valid 9-digit NDIS number')).toBeVisible();
    await expect(drawer.getByText('Please enter date of birth')).toBeVisible();
    await expect(drawer.getByLabel('NDIS Number')).toHaveAttribute('aria-invalid', 'true');
    // Nine digits at most can be typed; letters are refused too.
    await drawer.getByLabel('NDIS Number').fill('43123456X');
    await drawer.getByLabel('Full Name').fill('Casey Ng');
    await drawer.getByLabel('Date of Birth').fill('03/02/2001');
    await drawer.getByRole('button', { name: 'Next: Team Setup' }).click();
    await expect(drawer.getByText('Please enter a valid 9-digit NDIS number')).toBeVisible();
    await expect(drawer.getByText('Please enter date of birth')).toHaveCount(0);
    await drawer.getByLabel('NDIS Number').fill('439876543');
    await drawer.getByRole('button', { name: 'Next: Team Setup' }).click();

    // Step 2: the team name, an empty e-mail, the same e-mail twice in another case.
    await expect(drawer.getByRole('heading', { name: 'Create Care Team' })).toBeVisible();
    await drawer.getByLabel('Team Name').fill('  ');
    await drawer.getByRole('button', { name: 'Next: Select Templates' }).click();
    await expect(drawer.getByText('Please enter team name')).toBeVisible();
    await drawer.getByRole('button', { name: 'Add Member' }).click();
    await expect(drawer.getByText('Please enter an email address')).toBeVisible();
    // Something typed that is not an address says so, rather than asking for one.
    await drawer.getByLabel('Email', { exact: true }).fill('not-an-email');
    await drawer.getByRole('button', { name: 'Add Member' }).click();
    await expect(drawer.getByText('Please enter a valid email address')).toBeVisible();
    await drawer.getByLabel('Email', { exact: true }).fill(demoUsers.therapist);
    await drawer.getByRole('button', { name: 'Add Member' }).click();
    await drawer.getByLabel('Email', { exact: true }).fill(demoUsers.therapist.toUpperCase());
    await drawer.getByRole('button', { name: 'Add Member' }).click();
    await expect(drawer.getByText('This email is already added to the team')).toBeVisible();
    await expect(drawer.getByTestId('wizard-member')).toHaveCount(1);
    await drawer.getByRole('button', { name: `Remove ${demoUsers.therapist}` }).click();
    await expect(drawer.getByTestId('wizard-member')).toHaveCount(0);
    await drawer.getByLabel('Team Name').fill("Casey's Care Team");
    await drawer.getByRole('button', { name: 'Next: Select Templates' }).click();

    // Step 3: exactly one template set must be chosen.
    await expect(drawer.getByRole('heading', { name: 'Select Templates' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Create Team' }).click();
    await expect(drawer.getByText('Please select a template')).toBeVisible();

    // Back moves keep what was typed.
    await drawer.getByRole('button', { name: 'Back' }).click();
    await expect(drawer.getByLabel('Team Name')).toHaveValue("Casey's Care Team");
    await drawer.getByRole('button', { name: 'Back' }).click();
    await expect(drawer.getByLabel('Full Name')).toHaveValue('Casey Ng');

    // Cancel asks first, then throws the draft away.
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    await expect(drawer).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Care Team' }).click();
    await expect(page.getByTestId('create-care-team-drawer').getByLabel('Full Name')).toHaveValue('');
  });

  test('a duplicate NDIS number found at Create Team goes back to step 1; nothing is created or lost', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    const api = await tenantApi(page.request);
    const ndisNumber = freshNdisNumber();
    const danaTeam = `Dana's Care Team ${ndisNumber.slice(-4)}`;
    const drawer = await openWizard(page);
    await drawer.getByLabel('Full Name').fill('Dana Lowe');
    await drawer.getByLabel('NDIS Number').fill(ndisNumber);
    await drawer.getByLabel('Date of Birth').fill('09/09/1999');
    await drawer.getByLabel('Medical Information').fill('Type 1 diabetes');
    await drawer.getByRole('button', { name: 'Next: Team Setup' }).click();
    await drawer.getByLabel('Team Name').fill(danaTeam);
    await drawer.getByLabel('Email', { exact: true }).fill('dana.helper@example.com');
    await drawer.getByRole('button', { name: 'Add Member' }).click();
    await drawer.getByRole('button', { name: 'Next: Select Templates' }).click();
    await drawer.getByRole('radio', { name: /Transport/ }).check();

    // Meanwhile someone records another participant with the same NDIS number.
    const created = await api.send('POST', '/api/participants', {
      name: 'Drew Other',
      ndisNumber,
      dateOfBirth: '1980-01-01',
    });
    expect(created.status(), await created.text()).toBe(201);

    // The wizard's draft survives a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Create Care Team' }).click();
    const reopened = page.getByTestId('create-care-team-drawer');
    await expect(reopened.getByRole('heading', { name: 'Select Templates' })).toBeVisible();
    await expect(reopened.getByRole('radio', { name: /Transport/ })).toBeChecked();
    await reopened.getByRole('button', { name: 'Create Team' }).click();

    await expect(reopened.getByRole('heading', { name: 'Add New Participant' })).toBeVisible();
    await expect(reopened.getByText(`NDIS number ${ndisNumber} already belongs to Drew Other`)).toBeVisible();
    await expect(reopened.getByLabel('Full Name')).toHaveValue('Dana Lowe');
    await expect(reopened.getByLabel('Medical Information')).toHaveValue('Type 1 diabetes');

    // All or nothing: no team, no second participant, no invitation.
    const teams = await api.get<Team[]>('/api/teams');
    expect(teams.some((team) => team.name === danaTeam)).toBe(false);
    const holders = await api.get<ParticipantListItem[]>(`/api/participants?q=${ndisNumber}`);
    expect(holders.map((participant) => participant.name)).toEqual(['Drew Other']);

    // Corrected, it goes through.
    await reopened.getByLabel('NDIS Number').fill(freshNdisNumber());
    await reopened.getByRole('button', { name: 'Next: Team Setup' }).click();
    await expect(reopened.getByLabel('Team Name')).toHaveValue(danaTeam);
    await reopened.getByRole('button', { name: 'Next: Select Templates' }).click();
    await reopened.getByRole('button', { name: 'Create Team' }).click();
    await expect(page.getByText('Care team created')).toBeVisible();
    const links = page.getByRole('dialog', { name: 'Share the invite links' });
    await expect(links.getByRole('textbox', { name: 'Invite link for dana.helper@example.com' })).toHaveValue(
      /\/invite\//,
    );
    await links.getByRole('button', { name: `Go to ${danaTeam}` }).click();
    await expect(page.getByRole('heading', { name: danaTeam, level: 1 })).toBeVisible();
  });

  test('an existing participant without a team can be picked instead', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    const api = await tenantApi(page.request);
    const ellis = `Ellis Park ${freshNdisNumber().slice(-4)}`;
    const created = await api.send('POST', '/api/participants', {
      name: ellis,
      ndisNumber: freshNdisNumber(),
      dateOfBirth: '2010-10-10',
    });
    expect(created.status(), await created.text()).toBe(201);
    const drawer = await openWizard(page);
    await drawer.getByRole('radio', { name: /Existing participant/ }).check();
    await drawer.getByLabel('Search participants without a team').fill(ellis);
    await drawer.getByRole('radio', { name: new RegExp(ellis) }).check();
    await drawer.getByRole('button', { name: 'Next: Team Setup' }).click();
    await drawer.getByLabel('Team Name').fill(`${ellis}'s Care Team`);
    await drawer.getByRole('button', { name: 'Next: Select Templates' }).click();
    await drawer.getByRole('radio', { name: /Capacity Building/ }).check();
    await drawer.getByRole('button', { name: 'Create Team' }).click();
    await expect(page.getByRole('heading', { name: `${ellis}'s Care Team`, level: 1 })).toBeVisible();
    const team = (await api.get<Team[]>('/api/teams')).find(
      (candidate) => candidate.name === `${ellis}'s Care Team`,
    );
    expect(team?.participant?.name).toBe(ellis);
  });

  test('on a phone the drawer fills the screen', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/teams');
    await page.getByRole('button', { name: 'Create Care Team' }).click();
    const drawer = page.getByTestId('create-care-team-drawer');
    await expect(drawer.getByRole('heading', { name: 'Add New Participant' })).toBeVisible();
    expect((await drawer.boundingBox())?.width).toBe(390);
    await page.screenshot({ path: '/tmp/care-team-phone.png' });
    await drawer.getByRole('button', { name: 'Fill Demo Data' }).click();
    await expect(drawer.getByLabel('Full Name')).not.toHaveValue('');
    await drawer.getByRole('button', { name: 'Next: Team Setup' }).click();
    await expect(drawer.getByRole('heading', { name: 'Create Care Team' })).toBeVisible();
    await page.screenshot({ path: '/tmp/care-team-phone-step2.png' });
  });
});
