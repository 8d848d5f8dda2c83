import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import {
  type AccessibilityPreferences,
  defaultAccessibilityPreferences,
} from '@wattle/domain/preferences/rules';
import type { AxeResults } from 'axe-core';
import { demoUsers, expect, test } from './fixtures';

// Preferences belong to the person: this spec uses someone no other spec looks at, and puts the
// defaults back afterwards.
const user = demoUsers.therapist;

async function csrfHeader(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'wattle_csrf')?.value;
  return { 'X-CSRF-Token': decodeURIComponent(csrf ?? '') };
}

async function savedPreferences(page: Page): Promise<AccessibilityPreferences> {
  const response = await page.request.get('/api/me/preferences');
  expect(response.ok(), `GET /api/me/preferences: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: AccessibilityPreferences }).data;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core (WCAG 2.1 A and AA) on the page's main content: this spec answers for the Appearance page
 * and the preference styles, the shell around it has its own checks.
 */
async function expectNoViolationsInMainContent(page: Page): Promise<void> {
  await page.evaluate(`${axeSource}\n;undefined`);
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Element, options: object) => Promise<AxeResults> } }
    ).axe;
    return axe.run(document.getElementById('main-content') ?? document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
  });
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(violations, violations.join('\n')).toEqual([]);
}

function rootState(page: Page) {
  return page.evaluate(() => ({
    classes: Array.from(document.documentElement.classList).sort(),
    fontSize: getComputedStyle(document.documentElement).fontSize,
  }));
}

function isPreferencesSave(response: { url(): string; request(): { method(): string } }): boolean {
  return response.url().endsWith('/api/me/preferences') && response.request().method() === 'PATCH';
}

test.describe('accessibility preferences', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn(user);
  });

  test.afterEach(async ({ page }) => {
    const response = await page.request.patch('/api/me/preferences', {
      data: defaultAccessibilityPreferences,
      headers: await csrfHeader(page),
    });
    expect(response.ok()).toBe(true);
  });

  test('saved on change, applied to the whole app, and still applied after a reload', async ({ page }) => {
    await page.goto('/settings/appearance');
    await expect(page.getByRole('heading', { level: 1, name: 'Appearance' })).toBeVisible();
    const highContrast = page.getByRole('switch', { name: 'High contrast' });
    const reduceMotion = page.getByRole('switch', { name: 'Reduce motion' });
    const textSize = page.getByRole('radiogroup', { name: 'Text size' });
    await expect(highContrast).not.toBeChecked();
    await expect(reduceMotion).not.toBeChecked();
    await expect(textSize.getByRole('radio')).toHaveCount(5);
    await expect(textSize.getByRole('radio', { name: /Normal/ })).toBeChecked();
    expect((await rootState(page)).fontSize).toBe('16px');
    await expectNoViolationsInMainContent(page);

    let saved = page.waitForResponse(isPreferencesSave);
    await highContrast.click();
    await expect(highContrast).toBeChecked();
    expect((await rootState(page)).classes).toContain('high-contrast');
    expect((await saved).ok()).toBe(true);

    saved = page.waitForResponse(isPreferencesSave);
    await textSize.getByRole('radio', { name: /Extra large/ }).click();
    await expect.poll(async () => (await rootState(page)).fontSize).toBe('20px');
    expect((await saved).ok()).toBe(true);

    saved = page.waitForResponse(isPreferencesSave);
    await reduceMotion.click();
    expect((await saved).ok()).toBe(true);
    expect((await rootState(page)).classes).toContain('reduce-motion');
    expect(await savedPreferences(page)).toEqual({
      highContrastMode: true,
      reducedMotion: true,
      fontSize: 'extra-large',
    });
    // High contrast reads well enough for axe too.
    await expectNoViolationsInMainContent(page);

    await page.reload();
    await expect(highContrast).toBeChecked();
    await expect(reduceMotion).toBeChecked();
    await expect(textSize.getByRole('radio', { name: /Extra large/ })).toBeChecked();
    await expect.poll(async () => rootState(page)).toMatchObject({ fontSize: '20px' });
    expect((await rootState(page)).classes).toEqual(
      expect.arrayContaining(['high-contrast', 'reduce-motion']),
    );

    // Everywhere, not only on the settings page.
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect.poll(async () => rootState(page)).toMatchObject({ fontSize: '20px' });
    expect((await rootState(page)).classes).toContain('high-contrast');
    // Polled: reduced motion shortens every transition to 0.01 ms rather than removing it, so the
    // colours change over one animation frame after the classes arrive (a slow machine reads between).
    const inboxHeading = page.getByRole('heading', { level: 1, name: 'Inbox' });
    await expect
      .poll(() => inboxHeading.evaluate((heading) => getComputedStyle(heading).color))
      .toBe('rgb(0, 0, 0)');
  });

  test('a change the server refuses goes back, with a toast saying so', async ({ page }) => {
    await page.goto('/settings/appearance');
    const highContrast = page.getByRole('switch', { name: 'High contrast' });
    await expect(highContrast).not.toBeChecked();
    await page.route('**/api/me/preferences', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              success: false,
              error: { code: 'UNAVAILABLE', message: 'The database is not reachable' },
            }),
          })
        : route.fallback(),
    );
    await highContrast.click();
    await expect(page.getByText('Your appearance setting was not saved')).toBeVisible();
    await expect(page.getByText('The database is not reachable')).toBeVisible();
    await expect(highContrast).not.toBeChecked();
    expect((await rootState(page)).classes).not.toContain('high-contrast');
    expect((await savedPreferences(page)).highContrastMode).toBe(false);
  });

  test('the operating system asking for reduced motion is honoured by default', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/settings/appearance');
    await expect(page.getByRole('switch', { name: 'Reduce motion' })).not.toBeChecked();
    await expect(page.getByText('Your device already asks for reduced motion')).toBeVisible();
    expect((await rootState(page)).classes).toContain('reduce-motion');

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(async () => (await rootState(page)).classes).not.toContain('reduce-motion');
  });

  test('Tab turns on strong focus rings; the mouse turns them off and holds them off for a second', async ({
    page,
  }) => {
    const hasKeyboardMode = () =>
      page.evaluate(() => document.documentElement.classList.contains('keyboard-navigation'));
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    expect(await hasKeyboardMode()).toBe(false);

    await page.keyboard.press('Tab');
    expect(await hasKeyboardMode()).toBe(true);
    const outline = await page.evaluate(() => {
      const focused = document.activeElement;
      return focused ? getComputedStyle(focused).outlineWidth : '';
    });
    expect(outline).toBe('3px');

    // Dismissed 500 ms after the mouse starts moving.
    await page.mouse.move(200, 200);
    await page.mouse.move(220, 210);
    expect(await hasKeyboardMode()).toBe(true);
    await expect.poll(hasKeyboardMode, { timeout: 2000 }).toBe(false);

    // For 1000 ms after mouse use, Tab does not bring it back.
    await page.mouse.move(240, 220);
    await page.keyboard.press('Tab');
    expect(await hasKeyboardMode()).toBe(false);
    await page.waitForTimeout(1100);
    await page.keyboard.press('Tab');
    expect(await hasKeyboardMode()).toBe(true);
  });
});
