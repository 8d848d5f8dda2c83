import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readZip } from '../../server/src/features/audit-packs/read-zip';
import { demoUsers, expect, expectNoAccessibilityViolations, test } from './fixtures';

/**
 * /audit-packs (issue 16 item 6): Adam builds a pack for Jordan's Care Team and a quarter, watches it
 * finish and downloads it; the ZIP opens and its manifest's hashes match its files. An auditor builds
 * one for the whole organisation; a support worker is told who can.
 */
test.describe('audit packs', () => {
  // A build runs in the background of the server: on a busy machine it takes a while.
  test.describe.configure({ timeout: 120_000 });

  test('Adam builds a team pack for a quarter, sees it finish and downloads it', async ({ page, signIn }) => {
    await signIn(demoUsers.admin);
    await page.goto('/audit-packs');
    // The page's code loads on first visit.
    await expect(page.getByRole('heading', { name: 'Audit Packs', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveTitle('Audit Packs · Wattle');

    // A team with none chosen is refused with its message, nothing started.
    await page.getByRole('radio', { name: 'Team' }).click();
    await page.getByRole('button', { name: 'Build pack' }).click();
    await expect(page.getByText('Choose the team or participant the pack is for')).toBeVisible();

    await page.getByRole('combobox', { name: 'Team' }).selectOption({ label: "Jordan's Care Team" });
    const quarter = page.getByRole('button', { name: /\(Q\d FY/ }).first();
    await quarter.click();
    await expect(quarter).toHaveAttribute('aria-pressed', 'true');
    // The boxes show dd/mm/yyyy; the pack's name and the API use yyyy-mm-dd.
    const isoOf = (shown: string) => shown.split('/').reverse().join('-');
    const from = isoOf(await page.getByRole('textbox', { name: 'From', exact: true }).inputValue());
    const to = isoOf(await page.getByRole('textbox', { name: 'To', exact: true }).inputValue());
    await expect(page.getByText('Choose the team or participant the pack is for')).toBeHidden();
    // The pointer off the buttons: a hovered button's colour is the design system's, not this page's.
    await page.mouse.move(0, 0);
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Build pack' }).click();
    await expect(page.getByText('Building the audit pack.')).toBeVisible();

    const [y1, m1, d1] = from.split('-');
    const [y2, m2, d2] = to.split('-');
    const row = page.getByRole('listitem', {
      name: `Team: Jordan's Care Team, ${d1}/${m1}/${y1} – ${d2}/${m2}/${y2}`,
    });
    await expect(row).toBeVisible();
    await expect(row).toContainText('built by Adam Admin');
    await expect(row.getByText(/^Ready: \d+ files/)).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: test.info().outputPath('audit-packs.png'), fullPage: true });

    const downloading = page.waitForEvent('download');
    await row.getByRole('link', { name: /^Download/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`audit-pack-jordan-s-care-team-${from}-to-${to}.zip`);
    const files = await readZip(await readFile((await download.path())!));
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as {
      files: { path: string; bytes: number; sha256: string }[];
    };
    expect(manifest.files.length).toBe(files.size - 1);
    for (const file of manifest.files) {
      const bytes = files.get(file.path)!;
      expect(bytes.length, file.path).toBe(file.bytes);
      expect(createHash('sha256').update(bytes).digest('hex'), file.path).toBe(file.sha256);
    }
    expect(files.has('registers/incident-register.csv')).toBe(true);
    expect(files.has('audit-log.csv')).toBe(true);
  });

  test('an auditor builds an organisation pack; a support worker is told who can', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.auditor);
    await page.goto('/audit-packs');
    await page.getByRole('radio', { name: 'Whole organisation' }).click();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('01/01/2026');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('31/01/2026');
    await page.getByRole('button', { name: 'Build pack' }).click();
    const row = page.getByRole('listitem', {
      name: 'Whole organisation: Sunrise Support Network, 01/01/2026 – 31/01/2026',
    });
    await expect(row.getByText(/^Ready: \d+ files/)).toBeVisible({ timeout: 60_000 });
    await expect(row).toContainText('built by Aria Auditor');

    await signIn(demoUsers.supportWorker);
    await page.goto('/audit-packs');
    await expect(page.getByText('Only owners, admins and auditors build audit packs')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Build pack' })).toHaveCount(0);
  });
});
