import { dayMonthYear } from '@wattle/domain/shared/dates';
import type { StaffProfile } from '@wattle/domain/staff/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import type { Me } from '@wattle/domain/users/schemas';
import { cardsApi } from './cards-api';
import { tenantApi } from './care-team-api';
import { demoUsers, expect, expectNoAccessibilityViolations, preferSunrise, test } from './fixtures';

/**
 * /settings/practitioner (issue 13 part 7): a practitioner keeps their own staff profile (lists,
 * registrations, supervisor, the two checks with their standing) and is told when someone else saved
 * it first; a tenant admin opens anyone's from the staff list, and an expired screening shows on the
 * teams that person is on.
 */

/** A calendar date `days` from today, yyyy-mm-dd (the browser's and the tenant's zone are Sydney's). */
function inDays(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(date);
}

test.describe('staff profile', () => {
  test('Priya saves her profile; it reads back after a reload; a stale save is refused', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.practitioner);
    // Priya works in Bluegum too: open the app in Sunrise.
    await preferSunrise(page, page.request);
    const api = await tenantApi(page.request);
    await page.goto('/settings/practitioner');
    await expect(page.getByRole('heading', { name: 'Practitioner Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your staff profile' })).toBeVisible();
    // Not an admin: no staff list.
    await expect(page.getByRole('navigation', { name: 'Staff' })).toHaveCount(0);

    const qualification = page.getByRole('textbox', { name: 'Qualifications' });
    await qualification.fill('Master of Clinical Psychology');
    await qualification.press('Enter');
    const specialisation = page.getByRole('textbox', { name: 'Specialisations' });
    await specialisation.fill('Positive behaviour support');
    await specialisation.press('Enter');
    await page.getByRole('button', { name: 'Add registration' }).click();
    const registration = page.getByTestId('registration').last();
    await registration.getByLabel('Type').fill('AHPRA');
    await registration.getByLabel('Number').fill('PSY0001234567');
    await registration.getByLabel('Expiry date').fill(dayMonthYear(inDays(400)));
    await page.getByLabel('Supervisor').selectOption({ label: 'Lee Lead' });
    const children = page.getByTestId('check-workingWithChildrenCheck');
    await expect(children).toContainText('Not recorded');
    await children.getByLabel('Number').fill('WWC0012345E');
    await children.getByLabel('Expiry date').fill(dayMonthYear(inDays(700)));
    await expect(children).toContainText('Current');
    const screening = page.getByTestId('check-workerScreening');
    await screening.getByLabel('Number').fill('NWS-778899');
    await screening.getByLabel('Expiry date').fill(dayMonthYear(inDays(10)));
    await expect(screening).toContainText('Expiring soon');
    await page.screenshot({ path: '/tmp/staff-profile.png', fullPage: true });
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('list', { name: 'Qualifications' })).toContainText(
      'Master of Clinical Psychology',
    );
    await expect(page.getByRole('list', { name: 'Specialisations' })).toContainText(
      'Positive behaviour support',
    );
    await expect(page.getByTestId('registration').last().getByLabel('Number')).toHaveValue('PSY0001234567');
    await expect(page.getByLabel('Supervisor')).toHaveValue(/.+/);
    await expect(page.getByLabel('Supervisor').locator('option:checked')).toHaveText('Lee Lead');
    await expect(page.getByTestId('check-workingWithChildrenCheck')).toContainText('Current');
    await expect(page.getByTestId('check-workerScreening')).toContainText('Expiring soon');
    await expect(page.getByTestId('check-workerScreening').getByLabel('Number')).toHaveValue('NWS-778899');

    // Someone else saves first (another tab): Priya's save is refused and the profile reloaded.
    const me = await api.get<Me>('/api/me');
    const saved = await api.get<StaffProfile>(`/api/staff/${me.id}`);
    const other = await api.send('PUT', `/api/staff/${me.id}`, {
      version: saved.version,
      qualifications: [...saved.qualifications, 'Graduate Certificate in Autism'],
      registrations: saved.registrations,
      specializations: saved.specializations,
      supervisorId: saved.supervisorId,
      workingWithChildrenCheck: saved.workingWithChildrenCheck,
      workerScreening: saved.workerScreening,
    });
    expect(other.ok(), await other.text()).toBe(true);
    await specialisation.fill('Autism');
    await specialisation.press('Enter');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Someone else saved this profile while you were editing')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Qualifications' })).toContainText(
      'Graduate Certificate in Autism',
    );
  });

  test('Olivia opens Sophie’s profile from the staff list; an expired screening shows on her team', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    const api = await tenantApi(page.request);
    await page.goto('/settings/practitioner');
    const staff = page.getByRole('navigation', { name: 'Staff' });
    await staff.getByLabel('Filter staff').fill('sophie');
    await staff.getByRole('link', { name: /Sophie Support/ }).click();
    await expect(page).toHaveURL(/\/settings\/practitioner\?user=/);
    await expect(page.getByRole('heading', { name: 'Sophie Support' })).toBeVisible();
    const screening = page.getByTestId('check-workerScreening');
    await screening.getByLabel('Number').fill('NWS-112233');
    await screening.getByLabel('Expiry date').fill(dayMonthYear(inDays(-3)));
    await expect(screening).toContainText('Expired');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await expect(staff.getByRole('link', { name: /Sophie Support/ })).toContainText('Expired');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/staff-admin-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    const jordan = (await api.get<Team[]>('/api/teams')).find((team) => team.name === "Jordan's Care Team")!;
    expect(jordan.members.find((member) => member.email === demoUsers.supportWorker)?.screeningExpired).toBe(
      true,
    );
    await page.goto(`/settings/teams?team=${jordan.slug}`);
    await expect(
      page.getByTestId('team-member').filter({ hasText: 'Sophie Support' }).getByText('Screening expired'),
    ).toBeVisible();
    await expect(
      page
        .getByTestId('team-member')
        .filter({ hasText: 'Priya Practitioner' })
        .getByText('Screening expired'),
    ).toHaveCount(0);

    // A card assigned to her says so beside the assignee.
    const cards = await cardsApi(page.request);
    const card = await cards.create({
      teamId: jordan.id,
      title: 'Screening check: community outing',
      assigneeId: jordan.members.find((member) => member.email === demoUsers.supportWorker)!.userId,
    });
    await page.goto(`/card/${card.id}`);
    await expect(page.getByLabel('Assignee')).toHaveValue(card.assigneeId!);
    await expect(page.getByText('Screening expired')).toBeVisible();
  });
});
