import type { TeamInvitation } from '@wattle/domain/care-teams/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { tenantApi } from './care-team-api';
import {
  bluegumTenantName,
  demoUsers,
  expect,
  expectNoAccessibilityViolations,
  tenantsOf,
  test,
} from './fixtures';

/**
 * /invite/{token} (issue 13 part 5): the invitee signs in (and comes back), sees organisation, team,
 * role, who invited and the expiry, accepts and lands on the team; a link for someone else, a
 * withdrawn, an accepted or an unknown link each say so.
 */

test.describe('invitation links', () => {
  test('Nina New signs in from the link, accepts, and lands on the team in its organisation', async ({
    page,
    signIn,
    apiGet,
    browser,
  }) => {
    // Ben invites Nina (who has an account, and may already work in Sunrise) to Bluegum and Harper's team.
    await signIn(demoUsers.bluegumOwner);
    const bluegum = (await tenantsOf(apiGet)).find((tenant) => tenant.name === bluegumTenantName);
    const api = await tenantApi(page.request, bluegum?.id);
    const harper = (await api.get<Team[]>('/api/teams')).find((team) => team.name === "Harper's Care Team");
    const invited = await api.send('POST', '/api/invitations', {
      email: demoUsers.newcomer,
      role: 'member',
      teamId: harper?.id,
      teamRole: 'Support Worker',
    });
    // Accepting cannot be undone: a retry on the same database must fail loudly, not skip silently.
    expect(
      invited.status(),
      `Nina must not be in Bluegum yet (a fresh database): ${await invited.text()}`,
    ).toBe(201);
    const { id } = ((await invited.json()) as { data: { id: string } }).data;
    // Its link comes with a (re)send, shown to copy as no SMTP server runs here.
    const resent = await api.send('POST', `/api/invitations/${id}/resend`);
    expect(resent.ok(), await resent.text()).toBe(true);
    const { inviteUrl } = ((await resent.json()) as { data: TeamInvitation }).data;
    const path = new URL(inviteUrl ?? '').pathname;

    const context = await browser.newContext();
    try {
      const nina = await context.newPage();
      await nina.goto(path);
      await expect(nina).toHaveURL(/\/login\?redirect=/);
      await nina.getByRole('button', { name: 'Sign in as Nina New' }).click();
      await expect(nina).toHaveURL(new RegExp(`${path}$`));
      await expect(nina.getByRole('heading', { name: "Join Harper's Care Team" })).toBeVisible();
      const details = nina.getByRole('definition');
      await expect(details.filter({ hasText: bluegumTenantName })).toBeVisible();
      await expect(details.filter({ hasText: 'Support Worker' })).toBeVisible();
      await expect(details.filter({ hasText: 'Ben Owner' })).toBeVisible();
      await expect(details.filter({ hasText: demoUsers.newcomer })).toBeVisible();
      await nina.screenshot({ path: '/tmp/invite-desktop.png' });
      await expectNoAccessibilityViolations(nina);
      await nina.setViewportSize({ width: 390, height: 844 });
      await nina.screenshot({ path: '/tmp/invite-phone.png' });
      await nina.setViewportSize({ width: 1280, height: 720 });

      await nina.getByRole('button', { name: 'Accept invitation' }).click();
      await expect(nina).toHaveURL(new RegExp(`/my-teams/${harper?.slug}/work-board$`));
      await expect(nina.getByRole('heading', { name: "Harper's Care Team", level: 1 })).toBeVisible();
      // Bluegum became the organisation she works in.
      await expect(nina.getByTestId('current-tenant')).toContainText(bluegumTenantName);

      // The link works once.
      await nina.goto(path);
      await expect(nina.getByText('This invitation has already been accepted')).toBeVisible();
      await expect(nina.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
      await nina.getByRole('button', { name: "Open Harper's Care Team" }).click();
      await expect(nina.getByRole('heading', { name: "Harper's Care Team", level: 1 })).toBeVisible();
    } finally {
      await context.close();
    }

    const members =
      (await api.get<Team[]>('/api/teams')).find((team) => team.id === harper?.id)?.members ?? [];
    expect(members.find((member) => member.email === demoUsers.newcomer)?.role).toBe('Support Worker');
  });

  test('a link for someone else, a withdrawn link and an unknown one say why they cannot be accepted', async ({
    page,
    signIn,
    browser,
  }) => {
    await signIn(demoUsers.owner);
    const api = await tenantApi(page.request);
    const mia = (await api.get<Team[]>('/api/teams')).find((team) => team.name === "Mia's Care Team");
    const added = await api.send('POST', `/api/teams/${mia?.id}/members`, {
      email: 'pat.new@example.com',
      role: 'Practitioner',
    });
    expect(added.status(), await added.text()).toBe(201);
    const { invitation } = ((await added.json()) as { data: { invitation: TeamInvitation } }).data;
    const path = new URL(invitation.inviteUrl ?? '').pathname;

    const context = await browser.newContext();
    try {
      const sophie = await context.newPage();
      const login = await sophie.request.post('/api/auth/demo/login', {
        data: { email: demoUsers.supportWorker },
      });
      expect(login.ok()).toBe(true);
      await sophie.goto(path);
      await expect(sophie.getByText('Sign in with pat.new@example.com to accept')).toBeVisible();
      await expect(sophie.getByText(`you are signed in as ${demoUsers.supportWorker}`)).toBeVisible();
      await expect(sophie.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
      await expect(sophie.getByRole('button', { name: 'Sign out and switch account' })).toBeVisible();

      const revoked = await api.send('DELETE', `/api/invitations/${invitation.id}`);
      expect(revoked.ok(), await revoked.text()).toBe(true);
      await sophie.reload();
      await expect(sophie.getByText('This invitation was withdrawn')).toBeVisible();

      await sophie.goto('/invite/not-a-real-token-at-all-0123456789abcdef');
      await expect(sophie.getByText('This invitation link is not valid')).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
