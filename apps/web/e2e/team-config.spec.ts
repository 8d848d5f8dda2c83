import type { TeamInvitation } from '@wattle/domain/care-teams/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { freshNdisNumber, tenantApi } from './care-team-api';
import { demoUsers, expect, expectNoAccessibilityViolations, test } from './fixtures';

/**
 * Team configuration (issue 13 part 6): from /teams-config to a team's management page, a tenant
 * admin renames it (and is told when someone else changed it first), changes a role, removes a member
 * (their work stays), adds someone, resends and revokes the invitation, stops sharing with a guest
 * and archives and brings back the team. A team lead manages only the teams they lead.
 */

test.describe('team configuration', () => {
  test('Olivia renames a team, changes a role, removes a member, resends and revokes an invite', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    const api = await tenantApi(page.request);
    const teamOf = async (id: string) => (await api.get<Team[]>('/api/teams')).find((team) => team.id === id);
    // A team of its own (made as the wizard makes them), so a retry or another spec meets no change of it.
    const suffix = freshNdisNumber().slice(-4);
    const made = await api.send('POST', '/api/care-teams', {
      participant: { name: `Morgan Lee ${suffix}`, ndisNumber: freshNdisNumber(), dateOfBirth: '1995-04-04' },
      team: { name: `Morgan's Care Team ${suffix}` },
      members: [
        { email: demoUsers.therapist, role: 'Therapist' },
        { email: demoUsers.practitioner, role: 'Practitioner' },
      ],
      templateSet: 'daily-living',
    });
    expect(made.status(), await made.text()).toBe(201);
    const morgan = ((await made.json()) as { data: { team: Team } }).data.team;

    await page.goto('/teams-config');
    await expect(page.getByRole('heading', { name: 'Teams Configuration', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Care Team' })).toBeVisible();
    await page.screenshot({ path: '/tmp/teams-config.png', fullPage: true });
    await page.getByRole('link', { name: `Manage ${morgan.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/settings/teams\\?team=${morgan.slug}$`));
    const panel = page.getByTestId('team-settings');
    await expect(panel.getByRole('heading', { name: morgan.name })).toBeVisible();
    await page.screenshot({ path: '/tmp/team-management.png', fullPage: true });
    await expectNoAccessibilityViolations(page);

    // Rename; then someone else renames while Olivia types: she is told and sees their name.
    await panel.getByLabel('Team name').fill(`Morgan's Support Team ${suffix}`);
    await panel.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByText('Team renamed')).toBeVisible();
    await expect.poll(async () => (await teamOf(morgan.id))?.name).toBe(`Morgan's Support Team ${suffix}`);
    await panel.getByLabel('Team name').fill('Typed over');
    const current = (await teamOf(morgan.id))!;
    const other = await api.send('PATCH', `/api/teams/${morgan.id}`, {
      version: current.version,
      name: `Morgan's Team ${suffix}`,
    });
    expect(other.ok(), await other.text()).toBe(true);
    await panel.getByRole('button', { name: 'Rename' }).click();
    await expect(panel.getByText('Someone else changed this team while you were editing')).toBeVisible();
    await expect(panel.getByLabel('Team name')).toHaveValue(`Morgan's Team ${suffix}`);

    // Change Theo's role.
    await panel.getByLabel('Role of Theo Therapist').selectOption('Practitioner');
    await expect(page.getByText('Role changed')).toBeVisible();
    await expect
      .poll(async () => (await teamOf(morgan.id))?.members.find((m) => m.email === demoUsers.therapist)?.role)
      .toBe('Practitioner');

    // Remove Priya: asked first, her work stays.
    await panel.getByRole('button', { name: 'Remove Priya Practitioner' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Their work stays');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Member removed')).toBeVisible();
    await expect(panel.getByTestId('team-member').filter({ hasText: 'Priya Practitioner' })).toHaveCount(0);
    expect((await teamOf(morgan.id))?.members.some((m) => m.email === demoUsers.practitioner)).toBe(false);

    // Add someone without an account: an invitation, pending, with its link to copy.
    await panel.getByLabel('Email', { exact: true }).fill(demoUsers.therapist);
    await panel.getByRole('button', { name: 'Add member' }).click();
    await expect(panel.getByText('This email is already added to the team')).toBeVisible();
    await panel.getByLabel('Email', { exact: true }).fill('sam.helper@example.com');
    await panel.getByLabel('Role', { exact: true }).selectOption('Support Worker');
    await panel.getByRole('button', { name: 'Add member' }).click();
    const firstLink = await panel
      .getByRole('textbox', { name: 'Invite link for sam.helper@example.com' })
      .inputValue();
    expect(firstLink).toMatch(/\/invite\//);
    const invitation = panel.getByTestId('team-invitation').filter({ hasText: 'sam.helper@example.com' });
    await expect(invitation).toContainText('pending');
    await expect(invitation).toContainText('Support Worker');
    await expect(invitation).toContainText(/Sent \d+ \w+ \d{4} · Expires \d+ \w+ \d{4}/);

    // Resend: a new link (the old one stops working); then revoke.
    await invitation.getByRole('button', { name: /Resend/ }).click();
    await expect(page.getByText('New invite link made')).toBeVisible();
    const secondLink = await invitation
      .getByRole('textbox', { name: 'Invite link for sam.helper@example.com' })
      .inputValue();
    expect(secondLink).toMatch(/\/invite\//);
    expect(secondLink).not.toBe(firstLink);
    await invitation.getByRole('button', { name: /Revoke/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Invitation revoked')).toBeVisible();
    await expect(invitation).toHaveCount(0);
    expect(await api.get<TeamInvitation[]>(`/api/teams/${morgan.id}/invitations`)).toEqual([]);

    // Archive and bring back.
    await panel.getByRole('button', { name: 'Archive team' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive team' }).click();
    // The question is drawn where it is asked (a native <dialog>), inside the panel: gone first.
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(panel.getByText('Archived', { exact: true })).toBeVisible();
    expect((await teamOf(morgan.id))?.status).toBe('archived');
    await panel.getByRole('button', { name: 'Bring back' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Bring back' }).click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(panel.getByRole('button', { name: 'Archive team' })).toBeVisible();
    expect((await teamOf(morgan.id))?.status).toBe('active');
  });

  test('sharing with a guest is a switch', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    const api = await tenantApi(page.request);
    const noah = (await api.get<Team[]>('/api/teams')).find((team) => team.name === 'Community Access Team')!;
    await page.goto(`/settings/team-config?team=${noah.slug}`);
    await expect(page.getByRole('heading', { name: 'Team Configuration', level: 1 })).toBeVisible();
    const share = page.getByRole('switch', { name: 'Share Community Access Team with Gus Guest' });
    const isShared = async () =>
      (await api.get<{ email: string; isShared: boolean }[]>(`/api/teams/${noah.id}/shares`)).find(
        (guest) => guest.email === demoUsers.guest,
      )?.isShared;
    const before = await isShared();
    await expect(share).toBeChecked({ checked: before });
    await share.click();
    await expect(page.getByText(before ? 'Sharing stopped' : 'Team shared')).toBeVisible();
    await expect.poll(isShared).toBe(!before);
    await expect(share).toBeChecked({ checked: !before });
    await share.click();
    await expect.poll(isShared).toBe(before);
  });

  test('a team lead manages the teams they lead, on a phone too', async ({ page, signIn }) => {
    await signIn(demoUsers.teamLead);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/settings/team-config');
    const picker = page.getByLabel('Team', { exact: true });
    await expect(picker.getByRole('option', { name: "Jordan's Care Team" })).toHaveCount(1);
    await expect(picker.getByRole('option', { name: 'Community Access Team' })).toHaveCount(1);
    // Mia's team has no Team Lead Lee.
    await expect(picker.getByRole('option', { name: "Mia's Care Team" })).toHaveCount(0);
    await picker.selectOption({ label: "Jordan's Care Team" });
    await expect(page).toHaveURL(/\/settings\/team-config\?team=/);
    await expect(
      page.getByTestId('team-settings').getByRole('heading', { name: "Jordan's Care Team" }),
    ).toBeVisible();
    await page.screenshot({ path: '/tmp/team-config-phone.png', fullPage: true });
    await page.goto('/teams-config');
    await expect(page.getByRole('button', { name: 'Create Care Team' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: "Manage Jordan's Care Team" })).toBeVisible();
  });
});
