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
    // Every participant page, each screenshot: more than 30 s on a busy machine.
    test.slow();
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
    // The buttons stay in sight at the foot of the window, never under the phones' bottom bar.
    await page.evaluate(() => window.scrollTo(0, 0));
    const create = page.getByRole('button', { name: 'Create Participant' });
    await expect(create).toBeInViewport();
    expect(
      await create.evaluate((button) => {
        const box = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      }),
      'nothing covers Create Participant',
    ).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`participant-new-top-${viewport.name}.png`) });
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

    // Quick Add's Add Participant: the same form in the medium modal, one column.
    await page.goto('/inbox');
    await page.getByTestId(viewport.name === 'phone' ? 'mobile-quick-add' : 'quick-add').click();
    await page.getByRole('menuitem', { name: 'Add Participant' }).click();
    const modal = page.getByRole('dialog', { name: 'Add New Participant' });
    await expect(modal.getByLabel('Full Name')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`add-participant-modal-${viewport.name}.png`) });
    await modal.getByRole('button', { name: 'Create Participant' }).scrollIntoViewIfNeeded();
    await expect(modal.getByRole('button', { name: 'Create Participant' })).toBeInViewport();
    await page.keyboard.press('Escape');

    await page.goto(`/participants/${jordan.id}`);
    await page.getByRole('button', { name: 'Edit plan' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit NDIS Plan' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`plan-editor-${viewport.name}.png`) });
  });
}
