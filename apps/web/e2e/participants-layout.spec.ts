import type { Page } from '@playwright/test';
import { demoUsers, expect, test } from './fixtures';
import { participantsApi } from './participants-api';

/**
 * The participant pages at a desktop and a phone width (DESIGN.md section 6): nothing pushes the page
 * sideways on a phone, and a screenshot of each is kept with the test's output to look at.
 */

const widths = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page is wider than the window').toBeLessThanOrEqual(0);
}

for (const viewport of widths) {
  test(`participant pages fit a ${viewport.name} screen`, async ({ page, signIn }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(demoUsers.owner);
    const api = await participantsApi(page.request);
    const jordan = await api.byName('Jordan Lee');
    const shot = async (name: string) => {
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.name}.png`), fullPage: true });
    };

    await page.goto('/participants');
    await expect(page.getByTestId('participant-link').first()).toBeVisible();
    await shot('participants');

    await page.goto('/participants/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Participant' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Participant' }).click();
    await expect(page.getByText('Please enter participant name')).toBeVisible();
    await shot('participant-new');

    await page.goto(`/participants/${jordan.id}`);
    await expect(page.getByRole('region', { name: 'NDIS Plan' }).getByTestId('budget').first()).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Cards' }).getByTestId('participant-card').first(),
    ).toBeVisible();
    await shot('participant-view');

    await page.goto(`/participants/${jordan.id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Participant' })).toBeVisible();
    await shot('participant-edit');

    await page.goto(`/participants/${jordan.id}`);
    await page.getByRole('button', { name: 'Edit plan' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit NDIS Plan' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`plan-editor-${viewport.name}.png`) });
  });
}
