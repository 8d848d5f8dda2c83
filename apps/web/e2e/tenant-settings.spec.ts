import { deflateSync } from 'node:zlib';
import { demoUsers, expect, expectNoAccessibilityViolations, preferSunrise, test } from './fixtures';

/**
 * /settings/tenant (issue 17 `tenant`): Olivia is refused less than seven years of audit and a bad
 * domain with their messages, changes the white-label colour (the app's accent follows at once) and
 * uploads a logo; a reload shows them; plan and trial are shown. A team lead reads without changing.
 * Axe at 1280 and 375 px. Sunrise's colour and logo are put back after.
 */

/** A 4×4 PNG of one colour, made here so the test needs no file. */
function solidPng(rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, ...Array.from({ length: 4 }, () => rgb).flat()]);
  const pixels = deflateSync(Buffer.concat([row, row, row, row]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const primaryOf = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.style.getPropertyValue('--primary'));

test.describe('tenant settings', () => {
  test('Olivia changes the colour and logo; bad retention and domain are refused with their messages', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    await preferSunrise(page, page.request);
    await page.goto('/settings/tenant');
    await expect(page.getByRole('heading', { name: 'Tenant Settings', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Organisation settings' });
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Sunrise Support Network');
    await expect(form.getByText('Australia only')).toBeVisible();
    await expect(page.getByTestId('subscription-plan')).toContainText('Professional plan');
    await expect(page.getByTestId('trial-state')).toContainText(/\d+ days? left in the trial/);
    expect(await primaryOf(page)).toBe('#ea580c');

    const retention = form.getByRole('textbox', { name: 'Audit retention' });
    await expect(retention).toHaveValue('2557');
    await retention.fill('2555');
    const domain = form.getByRole('textbox', { name: 'Custom domain' });
    await domain.fill('https://care.example.org');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      form.getByText('Audit retention must be at least 2557 days (seven years) for NDIS records'),
    ).toBeVisible();
    await expect(form.getByText('Use a domain like care.example.org')).toBeVisible();
    await expect(domain).toBeFocused();
    await retention.fill('3650');
    await domain.fill('Care.Sunrise-Support.example');

    await form.getByRole('textbox', { name: 'Colour', exact: true }).fill('#0f766e');
    await form.getByLabel('Logo').setInputFiles({
      name: 'sunrise.png',
      mimeType: 'image/png',
      buffer: solidPng([15, 118, 110]),
    });
    await expect(form.getByRole('img', { name: "The organisation's logo" })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Organisation settings saved')).toBeVisible();
    // The shell's accent follows the saved colour without a reload.
    await expect.poll(() => primaryOf(page)).toBe('#0f766e');

    await page.reload();
    await expect(retention).toHaveValue('3650');
    await expect(domain).toHaveValue('care.sunrise-support.example');
    await expect(form.getByRole('textbox', { name: 'Colour', exact: true })).toHaveValue('#0f766e');
    await expect(form.getByRole('img', { name: "The organisation's logo" })).toBeVisible();
    expect(await primaryOf(page)).toBe('#0f766e');
    // The organisation switcher shows the logo in place of the initials.
    await expect(page.getByTestId('tenant-logo').first()).toBeVisible();

    // Back as it was, for the other specs.
    await form.getByRole('textbox', { name: 'Colour', exact: true }).fill('#ea580c');
    await form.getByRole('button', { name: 'Remove logo' }).click();
    await retention.fill('2557');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Organisation settings saved')).toBeVisible();
    await expect.poll(() => primaryOf(page)).toBe('#ea580c');
    await expect(page.getByTestId('tenant-logo')).toHaveCount(0);
  });

  test('a team lead reads the settings and cannot change them', async ({ page, signIn }) => {
    await signIn(demoUsers.teamLead);
    await preferSunrise(page, page.request);
    await page.goto('/settings/tenant');
    await expect(page.getByTestId('read-only-note')).toContainText('You can read these settings');
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue('Sunrise Support Network');
    await expect(name).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Logo')).toHaveCount(0);
  });

  test('is keyboard usable and axe clean at 1280 and 375 px', async ({ page, signIn }) => {
    await signIn(demoUsers.owner);
    await preferSunrise(page, page.request);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/settings/tenant');
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect(name).toBeVisible();
    await expectNoAccessibilityViolations(page);
    // White-label is a switch reached and toggled by keyboard.
    await page.getByRole('switch', { name: /White-label/ }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('switch', { name: /White-label/ })).not.toBeChecked();
    await page.keyboard.press('Space');
    await expect(page.getByRole('switch', { name: /White-label/ })).toBeChecked();
    await page.screenshot({ path: '.tmp/h2/tenant-1280.png', fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(name).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: '.tmp/h2/tenant-375.png', fullPage: true });
  });
});
