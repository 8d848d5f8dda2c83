import type { Page } from '@playwright/test';
import {
  demoUsers,
  expect,
  expectNoAccessibilityViolations,
  openAs,
  preferSunrise,
  sunriseIdOf,
  test,
} from './fixtures';

/**
 * /settings/security (issue 17 `security`): Olivia signs out her other session and the other browser
 * is signed out on its next request (the done-when story); all other sessions at once; API
 * tokens made with the secret shown once and revoked; the organisation's sign-in rules for owners
 * and admins only. Axe at 1280 and 375 px.
 */

/** The public id of the session a page's browser is signed in with. */
async function currentSessionIdOf(page: Page): Promise<string> {
  const body = (await (await page.request.get('/api/me/sessions')).json()) as {
    data: { id: string; isCurrent: boolean }[];
  };
  const current = body.data.find((session) => session.isCurrent);
  if (!current) throw new Error('no current session');
  return current.id;
}

test.describe('security settings', () => {
  test('Olivia signs out her other session; that browser is signed out on its next request', async ({
    page,
    browser,
    signIn,
  }) => {
    const other = await openAs(browser, demoUsers.owner, '/inbox');
    try {
      await expect(other.page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
      const otherId = await currentSessionIdOf(other.page);

      await signIn(demoUsers.owner);
      await preferSunrise(page, page.request);
      await page.goto('/settings/security');
      await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
      const sessions = page.getByRole('list', { name: 'Your sessions' });
      const mine = sessions.getByTestId('session-row').filter({ hasText: 'This device' });
      await expect(mine).toHaveCount(1);
      // Playwright's desktop Chrome says it runs on Windows.
      await expect(mine).toContainText('Chrome on Windows');
      await expect(mine).toContainText('IP 127.0.0.1');
      await expect(mine.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);

      const otherRow = sessions.locator(`[data-session-id="${otherId}"]`);
      await expect(otherRow).not.toContainText('This device');
      await otherRow.getByRole('button', { name: /^Sign out Chrome on Windows, last active/ }).click();
      await expect(page.getByText('Signed out Chrome on Windows')).toBeVisible();
      await expect(otherRow).toHaveCount(0);

      // The other browser's next request is refused and it lands on the sign-in page.
      await other.page.reload();
      await expect(other.page).toHaveURL(/\/login/);
      // Olivia's own session carries on.
      await page.reload();
      await expect(sessions.getByTestId('session-row').filter({ hasText: 'This device' })).toHaveCount(1);
    } finally {
      await other.context.close();
    }
  });

  test('signs out all other sessions at once, after asking', async ({ page, browser, signIn }) => {
    // Adam may still be signed in elsewhere from earlier tests: start from this session alone.
    await signIn(demoUsers.admin);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'wattle_csrf')?.value ?? '';
    const cleared = await page.request.delete('/api/me/sessions', {
      headers: { 'X-CSRF-Token': decodeURIComponent(csrf) },
    });
    expect(cleared.ok(), await cleared.text()).toBe(true);
    const others = [
      await openAs(browser, demoUsers.admin, '/inbox'),
      await openAs(browser, demoUsers.admin, '/inbox'),
    ];
    try {
      await preferSunrise(page, page.request);
      await page.goto('/settings/security');
      const rows = page.getByRole('list', { name: 'Your sessions' }).getByTestId('session-row');
      await expect(rows).toHaveCount(3);
      await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Sign out all other sessions?' });
      await expect(dialog).toContainText('All 2 other sessions will be signed out. You stay signed in here.');
      await dialog.getByRole('button', { name: 'Sign out others' }).click();
      await expect(page.getByText('Signed out 2 other sessions')).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(page.getByText("You're signed in on this device only.")).toBeVisible();
      for (const other of others) {
        expect((await other.page.request.get('/api/me')).status()).toBe(401);
      }
    } finally {
      for (const other of others) await other.context.close();
    }
  });

  test('makes an API token shown once, which works until revoked', async ({ page, signIn, playwright }) => {
    await signIn(demoUsers.teamLead);
    await preferSunrise(page, page.request);
    await page.goto('/settings/security');
    const form = page.getByRole('form', { name: 'New API token' });
    await form.getByRole('button', { name: 'Create token' }).click();
    await expect(form.getByText('Give the token a name, such as the script that will use it')).toBeVisible();
    await form.getByRole('textbox', { name: 'Token name' }).fill('Hours export');
    await form.getByRole('combobox', { name: 'Expires' }).selectOption('90');
    await form.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByTestId('new-token');
    await expect(shown).toContainText("Copy your new token now: it won't be shown again");
    const secret = (await shown.locator('code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^wat_/);
    const row = page.getByTestId('token-row').filter({ hasText: 'Hours export' });
    await expect(row).toContainText(secret.slice(0, 10));
    await expect(row).toContainText('Never used');
    await expect(row).toContainText('Expires');

    const api = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    try {
      const asToken = () => api.get('/api/me', { headers: { Authorization: `Bearer ${secret}` } });
      expect((await asToken()).status()).toBe(200);

      await page.getByRole('button', { name: "I've copied it" }).click();
      await expect(shown).toHaveCount(0);
      await row.getByRole('button', { name: 'Revoke Hours export' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
      await expect(page.getByText('Revoked Hours export')).toBeVisible();
      await expect(row).toHaveCount(0);
      expect((await asToken()).status()).toBe(401);
    } finally {
      await api.dispose();
    }
  });

  test("owners set the organisation's idle time and e-mail domains; others do not see them", async ({
    page,
    signIn,
    browser,
  }) => {
    await signIn(demoUsers.owner);
    await preferSunrise(page, page.request);
    await page.goto('/settings/security');
    const rules = page.getByRole('form', { name: 'Organisation sign-in rules' });
    const idle = rules.getByRole('textbox', { name: 'Session idle time' });
    const domains = rules.getByRole('textbox', { name: 'Allowed e-mail domains' });
    await expect(idle).toHaveValue('');

    await idle.fill('4');
    await rules.getByRole('button', { name: 'Save sign-in rules' }).click();
    await expect(rules.getByText('Enter whole minutes from 5 to 1440, or leave it empty')).toBeVisible();
    await expect(idle).toHaveAttribute('aria-invalid', 'true');

    await idle.fill('120');
    await domains.fill('sunrise.example\n@Partner.example');
    await rules.getByRole('button', { name: 'Save sign-in rules' }).click();
    await expect(page.getByText('Sign-in rules saved')).toBeVisible();
    await page.reload();
    await expect(idle).toHaveValue('120');
    await expect(domains).toHaveValue('sunrise.example\npartner.example');

    // Inviting someone at another domain is refused with the rule's words.
    const sunrise = await sunriseIdOf(page.request);
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'wattle_csrf')!.value;
    const refused = await page.request.post('/api/invitations', {
      headers: { 'X-Tenant-Id': sunrise, 'X-CSRF-Token': csrf },
      data: { email: 'kim@gmail.example', role: 'member' },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'This organisation only invites e-mail addresses at sunrise.example or partner.example: kim@gmail.example is not one of them.',
    );

    // A support worker has her own sessions and tokens, not the organisation's rules.
    const sophie = await openAs(browser, demoUsers.supportWorker, '/settings/security');
    try {
      await expect(sophie.page.getByRole('heading', { name: "Where you're signed in" })).toBeVisible();
      await expect(sophie.page.getByRole('form', { name: 'Organisation sign-in rules' })).toHaveCount(0);
    } finally {
      await sophie.context.close();
    }

    await idle.fill('');
    await domains.fill('');
    await rules.getByRole('button', { name: 'Save sign-in rules' }).click();
    await expect(page.getByText('Sign-in rules saved')).toBeVisible();
  });

  test('is keyboard usable and axe clean at 1280 and 375 px', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await preferSunrise(page, page.request);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/settings/security');
    await expect(page.getByRole('form', { name: 'Organisation sign-in rules' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    // The token name is reached by keyboard and Enter makes the token.
    await page.getByRole('textbox', { name: 'Token name' }).focus();
    await page.keyboard.type('Keyboard token');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('new-token')).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: '.tmp/h2/security-1280.png', fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(page.getByRole('form', { name: 'Organisation sign-in rules' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: '.tmp/h2/security-375.png', fullPage: true });
  });
});
