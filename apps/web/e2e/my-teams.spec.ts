import { demoUsers, expect, expectNoAccessibilityViolations, teamsOf, tenantsOf, test } from './fixtures';

/**
 * /my-teams (issue 18): the teams the person works in, not every team they can see; the sidebar's
 * Summary opens the dashboard.
 */
test('lists only the teams Sophie works in, each opening its board, with a way to every team', async ({
  page,
  signIn,
  apiGet,
}) => {
  await signIn(demoUsers.supportWorker);
  const [sunrise] = (await tenantsOf(apiGet)).filter((t) => t.name === 'Sunrise Support Network');
  const me = await apiGet<{ id: string }>('/api/me');
  const teams = await teamsOf(apiGet, sunrise!.id);
  const mine = teams.filter((team) => team.members.some((m) => m.userId === me.id));
  expect(mine.length).toBeGreaterThan(0);

  await page.goto('/my-teams');
  await expect(page.getByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
  const list = page.getByRole('list', { name: /^Teams in/ });
  await expect(list.getByTestId('team-card')).toHaveCount(mine.length);
  for (const team of mine) await expect(list.getByText(team.name, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All teams' })).toHaveAttribute('href', '/teams');
  await expectNoAccessibilityViolations(page);
  await list.getByTestId('team-card').first().click();
  await expect(page).toHaveURL(/\/my-teams\/[^/]+\/work-board$/);
});

test('shows the owner only the teams she is a member of, where /teams shows every team', async ({
  page,
  signIn,
  apiGet,
}) => {
  await signIn(demoUsers.owner);
  const [sunrise] = (await tenantsOf(apiGet)).filter((t) => t.name === 'Sunrise Support Network');
  const me = await apiGet<{ id: string }>('/api/me');
  const teams = await teamsOf(apiGet, sunrise!.id);
  const mine = teams.filter((team) => team.members.some((m) => m.userId === me.id));
  await page.goto('/my-teams');
  const cards = page.getByRole('list', { name: /^Teams in/ }).getByTestId('team-card');
  if (mine.length === 0) await expect(page.getByText(/You do not work in any team/)).toBeVisible();
  else await expect(cards).toHaveCount(mine.length);
  await page.goto('/teams');
  await expect(page.getByRole('list', { name: /^Teams in/ }).getByTestId('team-card')).toHaveCount(
    teams.length,
  );
});
