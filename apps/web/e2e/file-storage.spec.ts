import type { Page } from '@playwright/test';
import { sunriseWithNewCard } from './cards-api';
import { demoUsers, expect, expectNoAccessibilityViolations, openAs, test } from './fixtures';

/** A one-page PDF saying `text` (pdfium, Chromium's viewer, shows it). */
const pdf = (text: string) => {
  const body = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj',
      `4 0 obj << /Length ${body.length} >> stream`,
      body,
      'endstream endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
};

/** Uploads a PDF to a card through the API as the person signed in on `page`. */
async function uploadPdf(page: Page, tenantId: string, cardId: string, name: string) {
  const csrf = (await page.request.storageState()).cookies.find((c) => c.name === 'wattle_csrf')?.value;
  const response = await page.request.post(`/api/cards/${cardId}/files`, {
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf!), 'X-Tenant-Id': tenantId },
    multipart: { file: { name, mimeType: 'application/pdf', buffer: pdf(name) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { file: { id: string } } }).data.file;
}

const rowOf = (page: Page, name: string) => page.getByTestId('file-row').filter({ hasText: name });

test.describe('file storage', () => {
  test('Olivia finds an uploaded PDF, previews it, and deletes another after confirming', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    const stamp = Date.now().toString(36);
    const { api, card } = await sunriseWithNewCard(page, { title: `Quarterly review ${stamp}` });
    const reportName = `Progress report ${stamp}.pdf`;
    const draftName = `Old draft ${stamp}.pdf`;
    await uploadPdf(page, api.tenantId, card.id, reportName);
    const draft = await uploadPdf(page, api.tenantId, card.id, draftName);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/files');
    await expect(page.getByRole('heading', { name: 'File Storage', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('File Storage · Wattle');

    // Search by part of the name: the debounced search asks the server.
    const search = page.getByLabel('Search files');
    await search.fill(`progress ${stamp}`);
    await expect(page.getByTestId('file-row')).toHaveCount(1);
    await expect(page.getByTestId('file-count')).toHaveText('1 file');
    const row = rowOf(page, reportName);
    await expect(row).toContainText(card.workItemId);
    await expect(row).toContainText(`Quarterly review ${stamp}`);
    await expect(row).toContainText('Olivia Owner');
    await expect(row).toContainText('Attachment');
    await expect(row).toContainText('Not scanned');
    await page.screenshot({ path: test.info().outputPath('file-storage-1280.png') });
    await expectNoAccessibilityViolations(page);

    // Preview by keyboard: the PDF opens inline in a dialog, and Escape returns to the button.
    const preview = row.getByRole('button', { name: `Preview ${reportName}` });
    await preview.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: reportName });
    await expect(dialog).toBeVisible();
    const frame = dialog.getByTestId('file-preview-frame');
    const src = await frame.getAttribute('src');
    expect(src).toContain('inline=true');
    const shown = await page.request.get(src!);
    expect(shown.status()).toBe(200);
    expect(shown.headers()['content-type']).toBe('application/pdf');
    expect(shown.headers()['content-disposition']).toMatch(/^inline;/);
    await page.screenshot({ path: test.info().outputPath('file-preview.png') });
    await expectNoAccessibilityViolations(page);
    // The PDF viewer in the frame keeps the keys it is given, so the dialog's own Close button shuts it.
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(preview).toBeFocused();

    // Download offers the file under its name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: `Download ${reportName}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(reportName);

    // Delete the old draft: confirmation first, then gone for everyone.
    await search.fill(stamp);
    await expect(page.getByTestId('file-row')).toHaveCount(2);
    await rowOf(page, draftName)
      .getByRole('button', { name: `Delete ${draftName}` })
      .click();
    const confirm = page.getByTestId('delete-file-dialog');
    await expect(confirm).toContainText(`Delete ${draftName}?`);
    await expect(confirm).toContainText(card.workItemId);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(rowOf(page, draftName)).toHaveCount(1);
    await rowOf(page, draftName)
      .getByRole('button', { name: `Delete ${draftName}` })
      .click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`Deleted ${draftName}`)).toBeVisible();
    await expect(rowOf(page, draftName)).toHaveCount(0);
    await expect(page.getByTestId('file-row')).toHaveCount(1);
    const gone = await page.request.get(`/api/files/${draft.id}?tenantId=${api.tenantId}`);
    expect(gone.status()).toBe(404);

    // On a phone: name and actions, the details beneath the name, still axe clean.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(row.getByText(card.workItemId)).toBeVisible();
    await expect(row.getByRole('button', { name: `Preview ${reportName}` })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('file-storage-375.png') });
    await expectNoAccessibilityViolations(page);
  });

  test('a support worker sees her team’s files but may delete only her own', async ({
    page,
    signIn,
    browser,
  }) => {
    await signIn(demoUsers.owner);
    const stamp = Date.now().toString(36);
    const { api, card } = await sunriseWithNewCard(page, { title: `Shift notes ${stamp}` });
    const ownersName = `Owner upload ${stamp}.pdf`;
    await uploadPdf(page, api.tenantId, card.id, ownersName);

    const sophie = await openAs(browser, demoUsers.supportWorker, '/admin/files');
    try {
      await sophie.page.getByLabel('Search files').fill(stamp);
      const row = rowOf(sophie.page, ownersName);
      await expect(row).toBeVisible();
      await expect(row.getByRole('button', { name: `Preview ${ownersName}` })).toBeVisible();
      await expect(row.getByRole('button', { name: `Delete ${ownersName}` })).toHaveCount(0);
    } finally {
      await sophie.context.close();
    }
  });
});
